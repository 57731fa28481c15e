/// The values a command line gave a command: positional values by argument, option values and flags by name.
struct ParsedArguments {
    var arguments: [String: [String]] = [:]
    /// Every value given for each option, in order; a single-valued option's last one counts.
    var options: [String: [String]] = [:]
    var flags: Set<String> = []

    /// The values given for a positional argument, or its default when none were.
    func values(of argument: ArgumentSpec) -> [String] {
        let given = arguments[argument.name] ?? []
        if given.isEmpty, let fallback = argument.defaultValue { return [fallback] }
        return given
    }

    /// The value given for an option, or its default.
    func value(of option: OptionSpec) -> String? {
        options[option.name]?.last ?? option.defaultValue
    }

    /// Every value given for a repeatable option, in order.
    func values(of option: OptionSpec) -> [String] {
        options[option.name] ?? []
    }

    func isSet(_ flag: OptionSpec) -> Bool {
        flags.contains(flag.name)
    }

    /// The option's value as an unsigned 64-bit integer, if given.
    func unsignedInteger(_ option: OptionSpec) throws(UsageError) -> UInt64? {
        guard let text = value(of: option) else { return nil }
        guard let number = UInt64(text) else { throw .invalidInteger(option: "--\(option.name)", value: text) }
        return number
    }

    /// The option's value, if given, as an integer within `bounds`.
    func integer(_ option: OptionSpec, in bounds: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(of: option) else { return nil }
        guard let number = Int(text) else { throw .invalidInteger(option: "--\(option.name)", value: text) }
        guard bounds.contains(number) else { throw .outOfRange(option: "--\(option.name)", value: text, bounds: bounds) }
        return number
    }
}

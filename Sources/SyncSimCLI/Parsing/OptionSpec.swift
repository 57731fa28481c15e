/// A named option: a flag, or an option taking a value as `--name value` or `--name=value`.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `seed`.
    var name: String
    var shortName: Character? = nil
    /// The value's placeholder in help, e.g. `seed`; `nil` for a flag.
    var valueName: String? = nil
    var help: String
    /// What the command uses when the option is left out, shown in help.
    var defaultValue: String? = nil
    /// Left out of help and usage: an option between syncsim processes, not for users.
    var isHidden = false

    var isFlag: Bool { valueName == nil }

    /// The tokens that name the option: `--name` and, if it has one, `-x`.
    var spellings: [String] {
        ["--\(name)"] + (shortName.map { ["-\($0)"] } ?? [])
    }

    /// `--seed <seed>` or `-h, --help`, as help lists it.
    var label: String {
        let long = "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
        return shortName.map { "-\($0), \(long)" } ?? long
    }

    /// `[--seed <seed>]`, as a usage line shows it.
    var usage: String {
        "[--\(name)" + (valueName.map { " <\($0)>" } ?? "") + "]"
    }

    static let help = OptionSpec(name: "help", shortName: "h", help: "Show help information.")
    static let version = OptionSpec(name: "version", help: "Show the version.")
}

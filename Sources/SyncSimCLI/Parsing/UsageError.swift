/// A command line that does not fit the command's interface; reported with a usage line and exit code 64.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(flag: String)
    case invalidInteger(option: String, value: String)
    case outOfRange(option: String, value: String, bounds: ClosedRange<Int>)
    case invalidChoice(option: String, value: String, choices: [String])
    case unexpectedArgument(String)
    case missingArgument(String)

    var description: String {
        switch self {
        case let .unknownOption(token, suggestion):
            return "unknown option '\(token)'" + UsageError.hint(suggestion)
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(name)'" + UsageError.hint(suggestion)
        case let .missingValue(option):
            return "missing value for '\(option)'"
        case let .unexpectedValue(flag):
            return "flag '\(flag)' takes no value"
        case let .invalidInteger(option, value):
            return "invalid value '\(value)' for '\(option)'; expected an unsigned integer"
        case let .outOfRange(option, value, bounds):
            return "invalid value '\(value)' for '\(option)'; expected \(bounds.lowerBound) to \(bounds.upperBound)"
        case let .invalidChoice(option, value, choices):
            let listed = choices.map { "'\($0)'" }.joined(separator: ", ")
            return "invalid value '\(value)' for '\(option)'; expected one of \(listed)"
        case let .unexpectedArgument(value):
            return "unexpected argument '\(value)'"
        case let .missingArgument(usage):
            return "missing expected argument '\(usage)'"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

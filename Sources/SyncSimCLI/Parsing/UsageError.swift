/// A command line that does not fit the command's interface; reported with a usage line and exit code 64.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(flag: String)
    case invalidInteger(option: String, value: String)
    case outOfRange(option: String, value: String, bounds: ClosedRange<Int>)
    case invalidChoice(option: String, value: String, choices: [String])
    case emptyList(option: String, choices: [String])
    case repeatedValue(option: String, value: String)
    case invalidValue(option: String, reason: String)
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
            return "invalid value '\(value)' for '\(option)'; expected one of \(UsageError.listed(choices))"
        case let .emptyList(option, choices):
            return "empty list for '\(option)'; expected one or more of \(UsageError.listed(choices))"
        case let .repeatedValue(option, value):
            return "value '\(value)' appears more than once in '\(option)'"
        case let .invalidValue(option, reason):
            return "invalid value for '\(option)': \(reason)"
        case let .unexpectedArgument(value):
            return "unexpected argument '\(value)'"
        case let .missingArgument(usage):
            return "missing expected argument '\(usage)'"
        }
    }

    /// `'a', 'b', 'c'`.
    private static func listed(_ choices: [String]) -> String {
        choices.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

/// A positional argument: its value name, help, and whether it repeats or may be left out.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isRepeating = false
    var isOptional = false
    /// What the command uses when the argument is left out, shown in help.
    var defaultValue: String? = nil

    /// `<name>`, `<name> ...`, and in brackets when optional.
    var usage: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}

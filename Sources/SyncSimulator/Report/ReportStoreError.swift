/// Why a report's files could not be saved.
public enum ReportStoreError: Error, CustomStringConvertible, Equatable {
    /// A part of the report's path (a folder of its suite path, or its scenario name) that could leave the output folder.
    case unsafeComponent(String, path: String)
    /// A folder that, once symbolic links are followed, lies outside the output folder.
    case outsideOutputFolder(path: String, outputFolder: String)
    /// A folder could not be created; `reason` is the system's message.
    case cannotCreateFolder(path: String, reason: String)
    /// A file could not be written; `reason` is the system's message.
    case cannotWrite(path: String, reason: String)

    /// The error as one line for a user.
    public var description: String {
        switch self {
        case let .unsafeComponent(component, path):
            return "report path '\(path)' has an unsafe part '\(component)'; parts must be non-empty, not '.' or '..', and hold no '/' or '\\'"
        case let .outsideOutputFolder(path, outputFolder):
            return "report folder '\(path)' resolves outside the output folder '\(outputFolder)'"
        case let .cannotCreateFolder(path, reason):
            return "cannot create folder '\(path)': \(reason)"
        case let .cannotWrite(path, reason):
            return "cannot write report '\(path)': \(reason)"
        }
    }
}

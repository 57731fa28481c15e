import Foundation

/// Turns a scenario file into a validated `Scenario`, or every issue found in it.
public enum ScenarioLoader {
    /// Files larger than this are refused before reading (256 MiB).
    static let maxFileBytes = 256 << 20

    /// Reads and parses the file at `path`; messages name the file as `path`.
    public static func load(path: String) -> Result<Scenario, ScenarioError> {
        let bytes: [UInt8]
        switch readFile(path) {
        case let .success(read): bytes = read
        case let .failure(reason): return .failure(ScenarioError(file: path, issues: [ScenarioIssue(path: "", message: reason.message)]))
        }
        return parse(bytes, file: path)
    }

    /// Parses a scenario file's bytes; `file` names it in messages, and its last path component without
    /// `.json` is the scenario's default name.
    public static func parse(_ bytes: consuming [UInt8], file: String) -> Result<Scenario, ScenarioError> {
        func failure(_ issues: [ScenarioIssue]) -> Result<Scenario, ScenarioError> {
            .failure(ScenarioError(file: file, issues: issues))
        }
        if let offset = firstInvalidUTF8(in: bytes) {
            let (line, column) = JSONParser.position(of: offset, in: bytes)
            let byte = "0x" + String(String(bytes[offset], radix: 16, uppercase: true).paddedLeft(to: 2))
            return failure([ScenarioIssue(path: "", message: "expected UTF-8 text, found the byte \(byte) at line \(line), column \(column)")])
        }
        let root: JSONValue
        switch JSONParser.parse(bytes) {
        case let .success(value): root = value
        case let .failure(error): return failure([ScenarioIssue(path: "line \(error.line), column \(error.column)", message: error.message)])
        }
        // The text is not needed once parsed: a large file's bytes are freed before its values are decoded.
        _ = consume bytes
        var decoder = ScenarioDecoder()
        let scenario = decoder.scenario(root, defaultName: defaultName(for: file))
        return decoder.issueCount == 0 ? .success(scenario) : failure(decoder.issues)
    }

    /// The last path component of `file`, without a `.json` extension.
    static func defaultName(for file: String) -> String {
        let last = file.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? file
        return last.hasSuffix(".json") ? String(last.dropLast(5)) : last
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        // ASCII bytes are valid on their own, and most files are nothing else: only the rest goes through a decoder.
        let ascii = bytes.withUnsafeBufferPointer { buffer in buffer.firstIndex { $0 >= 0x80 } ?? buffer.count }
        var iterator = bytes[ascii...].makeIterator()
        var decoder = UTF8()
        var offset = ascii
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Why a file could not be read, as a message.
    struct ReadFailure: Error {
        var message: String
    }

    private static func readFile(_ path: String) -> Result<[UInt8], ReadFailure> {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { return unreadable("no such file") }
        guard !isDirectory.boolValue else { return unreadable("it is a directory") }
        let size = (try? files.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes else { return unreadable("it is larger than \(maxFileBytes >> 20) MiB") }
        guard let data = files.contents(atPath: path) else {
            return unreadable(files.isReadableFile(atPath: path) ? "read error" : "permission denied")
        }
        return .success([UInt8](data))
    }

    private static func unreadable(_ reason: String) -> Result<[UInt8], ReadFailure> {
        .failure(ReadFailure(message: "cannot read the file (\(reason))"))
    }
}

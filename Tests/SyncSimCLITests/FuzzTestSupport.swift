import Foundation
import Testing
@testable import SyncSimCLI

/// Helpers for the `fuzz`, `shrink` and determinism tests: small campaigns, JSON files, folder listings, worker scripts.
enum FuzzTestSupport {
    /// Options that keep each generated scenario small and the campaign on one thread.
    static let small = ["--devices", "2", "--actions", "10", "--jobs", "1"]

    /// Runs `fuzz` in this process (no executable, so seeds run on threads) writing under `out`.
    static func fuzz(_ arguments: [String], out: String, variables: [String: String] = [:]) -> CLIOutcome {
        runCaptured(["fuzz"] + small + arguments + ["--out", out]) { Environment(console: $0, variables: variables) }
    }

    /// The plan a `fuzz` command line makes.
    static func plan(_ arguments: [String], variables: [String: String] = [:]) throws -> FuzzPlan {
        try FuzzPlan(ArgumentParser.parse(arguments, for: FuzzCommand.spec),
                     environment: Environment(console: Console(writeOutput: { _ in }, writeError: { _ in },
                                                               errorIsTerminal: false), variables: variables))
    }

    /// The JSON object in the file at `path`.
    static func object(at path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `<out>/fuzz.json` as an object.
    static func summary(_ out: String) throws -> [String: Any] {
        try object(at: out + "/fuzz.json")
    }

    /// The seeds of the failures listed in a `fuzz.json`.
    static func failedSeeds(_ summary: [String: Any]) -> [Int] {
        (summary["failures"] as? [[String: Any]] ?? []).compactMap { $0["seed"] as? Int }
    }

    /// The names in a folder, sorted.
    static func listing(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// The path of a bundled scenario file or folder under `Scenarios/`.
    static func bundled(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios").appendingPathComponent(path).path
    }

    /// Writes an executable shell script named `name` into `folder` and returns its path. The file is written through
    /// a descriptor closed on exec: a process another test starts meanwhile would otherwise keep it open for writing,
    /// and starting the script would fail (ETXTBSY) for as long as that process runs.
    static func script(_ body: String, named name: String = "worker.sh", in folder: String) throws -> String {
        let path = folder + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    /// A worker script's answer to `--worker-trace`: two events, the second naming the call (`run 1`, `run 2`, …) so
    /// that two calls trace differently from their second event on.
    static func differingTrace(in folder: String) -> String {
        #"""
        n=$(cat '\#(folder)/count' 2>/dev/null || echo 0); n=$((n + 1)); echo $n > '\#(folder)/count'
            echo '{"time":"0s","kind":"step"}'
            echo "{\"time\":\"1s\",\"kind\":\"run $n\"}"
        """#
    }
}

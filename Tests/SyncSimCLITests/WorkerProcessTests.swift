import Foundation
import Testing
@testable import SyncSimCLI

/// A worker's output, exit status or signal, and last complaint come back whole, whatever their size, and a worker
/// that cannot be started says so.
@Suite struct WorkerProcessTests {
    @Test func aWorkerThatPrintsMoreThanAPipeHoldsIsReadToItsEnd() throws {
        try withTemporaryFolder { folder in
            // 200,000 lines of "line" on standard output, far past a pipe's buffer, and two lines on standard error.
            let worker = try FuzzTestSupport.script(
                #"yes line | head -n 200000; echo 'first complaint' >&2; echo 'last complaint' >&2; exit 3"#, in: folder)
            let ending = WorkerProcess.run(worker, [])
            #expect(ending.output.split(separator: "\n").count == 200_000)
            #expect(!ending.crashed && ending.status == 3)
            #expect(ending.complaint == "last complaint")
        }
    }

    @Test func aWorkerGetsItsArgumentsAsGiven() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(#"for word in "$@"; do echo "[$word]"; done"#, in: folder)
            let ending = WorkerProcess.run(worker, ["two words", "", "--seed=1"])
            #expect(ending.output == "[two words]\n[]\n[--seed=1]\n")
            #expect(!ending.crashed && ending.status == 0 && ending.complaint == nil)
        }
    }

    @Test func aWorkerKilledByASignalCrashed() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("echo partial; kill -SEGV $$", in: folder)
            let ending = WorkerProcess.run(worker, [])
            #expect(ending.output == "partial\n")
            #expect(ending.crashed && ending.status == SIGSEGV)
        }
    }

    /// A campaign starts thousands of workers: each must give back every descriptor it took.
    @Test func workersLeaveNoDescriptorOpen() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/fd") else { return }
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("echo done", in: folder)
            let open = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }
            _ = WorkerProcess.run(worker, [])
            let before = open()
            for _ in 0..<300 { _ = WorkerProcess.run(worker, []) }
            // Other tests run meanwhile and open files of their own, so some slack; a leak would be 300 or more.
            #expect(open() - before < 100)
        }
    }

    @Test func aMissingWorkerIsNotStarted() throws {
        try withTemporaryFolder { folder in
            let ending = WorkerProcess.run(folder + "/no-such-worker", [])
            #expect(ending.output.isEmpty && ending.crashed && ending.status == -1)
        }
    }

    /// A worker started while another's pipe is open does not hold that pipe: the other's reader sees its end when
    /// its own worker exits. Here the second worker waits for a file that the first one's thread writes only once
    /// it has read to the end, so a pipe held open would never end.
    @Test(.timeLimit(.minutes(1)))
    func aWorkerStartedMeanwhileDoesNotHoldAnothersPipe() throws {
        try withTemporaryFolder { folder in
            let first = try FuzzTestSupport.script("sleep 0.5; echo first", named: "first.sh", in: folder)
            let second = try FuzzTestSupport.script(
                "while [ ! -f '\(folder)/go' ]; do sleep 0.05; done; echo second", named: "second.sh", in: folder)
            let outputs = Outputs()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    outputs.set(0, WorkerProcess.run(first, []).output)
                    _ = FileManager.default.createFile(atPath: folder + "/go", contents: nil)
                } else {
                    Thread.sleep(forTimeInterval: 0.2)
                    outputs.set(1, WorkerProcess.run(second, []).output)
                }
            }
            #expect(outputs.all == ["first\n", "second\n"])
        }
    }

    private final class Outputs: @unchecked Sendable {
        private let lock = NSLock()
        private var values = ["", ""]
        func set(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
        var all: [String] { lock.withLock { values } }
    }
}

/// A worker kept for several jobs is given each on a line and answers line by line, then ends when its input does.
@Suite struct WorkerSessionTests {
    @Test(.timeLimit(.minutes(1)))
    func aWorkerAnswersEachLineItIsGivenAndEndsWithItsInput() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(#"while read line; do echo "got $line"; done; echo bye; exit 4"#, in: folder)
            let session = WorkerSession(worker, [])
            #expect(session.send("one"))
            #expect(session.readLine() == "got one")
            #expect(session.send("two"))
            #expect(session.readLine() == "got two")
            let ending = session.finish()
            #expect(ending.output == "bye\n" && !ending.crashed && ending.status == 4)
        }
    }

    @Test func aWorkerThatEndedTakesNoMoreLines() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("echo last", in: folder)
            let session = WorkerSession(worker, [])
            #expect(session.readLine() == "last")
            #expect(session.readLine() == nil)
            let sent = (0..<100).map { _ in session.send(String(repeating: "x", count: 10_000)) }
            #expect(sent.contains(false))
            #expect(session.finish().status == 0)
        }
    }
}

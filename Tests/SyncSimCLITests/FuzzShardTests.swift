import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `fuzz --shard K/N` runs the seeds with seed % N == K: the shards of a campaign cover it once, without overlap.
@Suite struct FuzzShardTests {
    @Test func theShardsOfAPlanPartitionItsSeeds() throws {
        let full = try FuzzTestSupport.plan(["--from", "11", "--to", "40"]).seeds
        let shards = try (0..<3).map { try FuzzTestSupport.plan(["--from", "11", "--to", "40", "--shard", "\($0)/3"]).seeds }
        #expect(full == Array(11...40))
        #expect(shards[0] == [12, 15, 18, 21, 24, 27, 30, 33, 36, 39])
        #expect(shards.flatMap { $0 }.sorted() == full)
        #expect(Set(shards.flatMap { $0 }).count == full.count)
        #expect(try FuzzTestSupport.plan(["--seeds", "30", "--shard", "2/3"]).shard.map { [$0.index, $0.count] } == [2, 3])
    }

    /// Three shard campaigns of a buggy client find exactly the failures of the whole campaign, each once.
    @Test func shardCampaignsTogetherRunTheWholeCampaign() throws {
        try withTemporaryFolder { folder in
            let arguments = ["--seeds", "30", "--client", "deletes=hard", "--quiet"]
            #expect(FuzzTestSupport.fuzz(arguments, out: folder + "/all").code == 1)
            let all = try FuzzTestSupport.summary(folder + "/all")
            #expect(FuzzTestSupport.failedSeeds(all) == [3, 6, 9, 10, 11, 13, 17, 22, 23, 26, 29])
            var failed: [Int] = []
            var run = 0
            for (index, expected) in [(0, [3, 30]), (1, [1, 28]), (2, [2, 29])] {
                let out = folder + "/shard\(index)"
                _ = FuzzTestSupport.fuzz(arguments + ["--shard", "\(index)/3"], out: out)
                let summary = try FuzzTestSupport.summary(out)
                let seeds = try #require(summary["seeds"] as? [String: Any])
                #expect([seeds["first"] as? Int, seeds["last"] as? Int] == expected)
                #expect(seeds["planned"] as? Int == 10)
                #expect((summary["settings"] as? [String: Any])?["shard"] as? String == "\(index)/3")
                run += seeds["run"] as? Int ?? 0
                let shardFailed = FuzzTestSupport.failedSeeds(summary)
                #expect(shardFailed.allSatisfy { $0 % 3 == index })
                failed += shardFailed
            }
            #expect(run == 30)
            #expect(failed.sorted() == FuzzTestSupport.failedSeeds(all))
            #expect(Set(failed).count == failed.count)
        }
    }

    @Test func theIndexCanComeFromJobCompletionIndex() throws {
        #expect(try FuzzTestSupport.plan(["--seeds", "10", "--shard", "3"], variables: ["JOB_COMPLETION_INDEX": "1"]).seeds == [1, 4, 7, 10])
        #expect(try FuzzTestSupport.plan(["--seeds", "10", "--shard", "0/3"], variables: ["JOB_COMPLETION_INDEX": "1"]).seeds == [3, 6, 9])
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(["--seeds", "6", "--shard", "3"], out: folder,
                                               variables: ["JOB_COMPLETION_INDEX": "2"])
            #expect(outcome.code == 0)
            let summary = try FuzzTestSupport.summary(folder)
            #expect((summary["settings"] as? [String: Any])?["shard"] as? String == "2/3")
            let seeds = try #require(summary["seeds"] as? [String: Any])
            #expect([seeds["first"] as? Int, seeds["last"] as? Int, seeds["planned"] as? Int] == [2, 5, 2])
        }
    }

    @Test(arguments: [
        ("3/3", [:], "expected K/N with 0 <= K < N, found K '3' of 3"),
        ("1/0", [:], "expected K/N with 0 <= K < N, found '1/0'"),
        ("a/3", [:], "expected K/N with 0 <= K < N, found K 'a' of 3"),
        ("-1/3", [:], "expected K/N with 0 <= K < N, found K '-1' of 3"),
        ("1/2/3", [:], "expected K/N with 0 <= K < N, found '1/2/3'"),
        ("1/", [:], "expected K/N with 0 <= K < N, found '1/'"),
        ("3", [:], "'3' gives no K and JOB_COMPLETION_INDEX is not set"),
        ("3", ["JOB_COMPLETION_INDEX": "3"], "expected K/N with 0 <= K < N, found K '3' of 3"),
    ] as [(String, [String: String], String)])
    func badShardsExit64AndSayWhy(shard: String, variables: [String: String], reason: String) throws {
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(["--seeds", "3", "--shard=\(shard)"], out: folder + "/fuzz", variables: variables)
            #expect(outcome.code == 64)
            #expect(outcome.err.hasPrefix("Error: invalid value for '--shard': \(reason)\nUsage: syncsim fuzz "))
            #expect(!FileManager.default.fileExists(atPath: folder + "/fuzz"))
        }
    }
}

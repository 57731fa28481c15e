import Testing
@testable import SyncSimCLI

/// Folders expand to their `*.json` files in byte-wise path order; a file is its own suite.
@Suite struct ScenarioFinderTests {
    @Test func folderFilesComeInByteWiseOrderWithSuitePaths() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["b.json": "", "a/z.json": "", "a.json": "", "B.json": "", "a/notes.txt": "", "é.json": ""],
                           under: folder)
            let files = try ScenarioFinder.find(folder + "/")
            #expect(files.map(\.suitePath) == ["B.json", "a.json", "a/z.json", "b.json", "é.json"])
            #expect(files.first?.path == folder + "/B.json")
        }
    }

    @Test func schemasInAFolderAreNotScenarios() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["scenario.schema.json": "", "a/b.json": "", "a/c.schema.json": ""], under: folder)
            #expect(try ScenarioFinder.find(folder).map(\.suitePath) == ["a/b.json"])
            try writeFiles(["d.schema.json": ""], under: folder + "/only-schemas")
            #expect(throws: ScenarioFinderError.noScenarios(folder + "/only-schemas")) { try ScenarioFinder.find(folder + "/only-schemas") }
        }
    }

    @Test func aFileIsItsOwnSuite() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["group/one.json": ""], under: folder)
            #expect(try ScenarioFinder.find(folder + "/group/one.json")
                == [ScenarioFile(path: folder + "/group/one.json", suitePath: "one.json")])
        }
    }

    @Test func missingPathsAndEmptyFoldersAreErrors() throws {
        try withTemporaryFolder { folder in
            #expect(throws: ScenarioFinderError.notFound(folder + "/nope")) { try ScenarioFinder.find(folder + "/nope") }
            #expect(throws: ScenarioFinderError.noScenarios(folder)) { try ScenarioFinder.find(folder) }
            #expect(ScenarioFinderError.noScenarios("Scenarios").description == "no scenario files under 'Scenarios'")
        }
    }

    @Test func pathsAreExpandedInTheOrderGiven() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["x/a.json": "", "y/b.json": ""], under: folder)
            let files = try ScenarioFinder.find([folder + "/y", folder + "/x"])
            #expect(files.map(\.suitePath) == ["b.json", "a.json"])
        }
    }
}

import Foundation
import Testing
import SyncSimulator

/// `ReportStore` writes both files beside the scenario's suite path, atomically, and never outside its folder.
@Suite struct ReportStoreTests {
    @Test func writesMarkdownAndJSONUnderTheSuiteFolder() throws {
        try withReportTestFolder { folder in
            let out = folder + "/Reports"
            let written = try ReportStore(outputFolder: out).write(ReportFixtures.zombie)
            #expect(written == [out + "/zombies/zombie-after-long-offline.md", out + "/zombies/zombie-after-long-offline.json"])
            let markdown = try String(contentsOfFile: written[0], encoding: .utf8)
            #expect(markdown == MarkdownReportWriter().render(ReportFixtures.zombie))
        }
    }

    @Test func aReportAtTheSuiteRootGoesStraightUnderTheOutputFolder() throws {
        try withReportTestFolder { folder in
            var report = ReportFixtures.zombie
            report.suitePath = "zombie-after-long-offline.json"
            let written = try ReportStore(outputFolder: folder).write(report)
            #expect(written.first == folder + "/zombie-after-long-offline.md")
        }
    }

    @Test func anOutputFolderGivenWithTrailingSlashesNamesItsFilesWithoutADoubledOne() throws {
        try withReportTestFolder { folder in
            let store = ReportStore(outputFolder: folder + "/Reports//")
            #expect(store.outputFolder == folder + "/Reports")
            let written = try store.write(ReportFixtures.zombie)
            #expect(written.first == folder + "/Reports/zombies/zombie-after-long-offline.md")
            #expect(ReportStore(outputFolder: "/").outputFolder == "/")
        }
    }

    @Test func atomicWriteLeavesOnlyTheReportFiles() throws {
        try withReportTestFolder { folder in
            let store = ReportStore(outputFolder: folder)
            try store.write(ReportFixtures.zombie)
            try store.write(ReportFixtures.zombie)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/zombies").sorted()
            #expect(files == ["zombie-after-long-offline.json", "zombie-after-long-offline.md"])
        }
    }

    @Test(arguments: ["../escape.json", "a/../../escape.json", "./x.json", "a//x.json", "/etc/x.json", "a\\..\\b/x.json"])
    func refusesUnsafeSuitePaths(suitePath: String) throws {
        try withReportTestFolder { folder in
            var report = ReportFixtures.zombie
            report.suitePath = suitePath
            #expect(throws: ReportStoreError.self) { try ReportStore(outputFolder: folder + "/out").write(report) }
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
    }

    @Test(arguments: ["..", ".", "", "a/b", "a\\b"])
    func refusesUnsafeScenarioNames(name: String) throws {
        var report = ReportFixtures.zombie
        report.scenario = name
        #expect(throws: ReportStoreError.unsafeComponent(name, path: report.suitePath)) {
            try ReportStore(outputFolder: "unused").write(report)
        }
    }

    @Test func unsafeComponentMessageNamesThePart() {
        let error = ReportStoreError.unsafeComponent("..", path: "../x.json")
        #expect(error.description.hasPrefix("report path '../x.json' has an unsafe part '..'"))
    }

    @Test func refusesAFolderThatIsALinkOutOfTheOutputFolder() throws {
        try withReportTestFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/out/zombies", withDestinationPath: folder + "/elsewhere")
            #expect(throws: ReportStoreError.outsideOutputFolder(path: folder + "/out/zombies", outputFolder: folder + "/out")) {
                try ReportStore(outputFolder: folder + "/out").write(ReportFixtures.zombie)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/elsewhere").isEmpty)
        }
    }

    @Test func anOutputFolderThatIsAFileCannotBeCreated() throws {
        try withReportTestFolder { folder in
            #expect(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
            #expect {
                try ReportStore(outputFolder: folder + "/file").write(ReportFixtures.zombie)
            } throws: { error in
                guard case .cannotCreateFolder(let path, _)? = error as? ReportStoreError else { return false }
                return path == folder + "/file"
            }
        }
    }

    /// A report of many records, whose JSON is made and written chunk by chunk: more chunks than the store makes in
    /// turn, so each block of the buffer is filled again after it was written out.
    static var largeReport: Report {
        var report = ReportFixtures.zombie
        report.server = (1...80_000).map { index in
            RecordState(id: "r\(index)", type: "Item", fields: ["title": .string("Item \(index)"), "rating": .number(4.5)])
        }
        return report
    }

    @Test func aReportOfManyChunksIsWrittenWhole() throws {
        try withReportTestFolder { folder in
            let written = try ReportStore(outputFolder: folder, writers: [JSONReportWriter()]).write(ReportStoreTests.largeReport)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: written[0]))
            #expect(bytes.count > 8 << 20)
            #expect(bytes == Data(JSONReportWriter().render(ReportStoreTests.largeReport).utf8))
        }
    }

    @Test func aLinkWhereTheTemporaryFileGoesIsNotFollowed() throws {
        try withReportTestFolder { folder in
            // A link planted where the store makes its temporary file points at a file the store must not touch.
            try FileManager.default.createDirectory(atPath: folder + "/zombies", withIntermediateDirectories: true)
            let victim = folder + "/victim.txt"
            try "keep".write(toFile: victim, atomically: false, encoding: .utf8)
            let temporary = folder + "/zombies/.zombie-after-long-offline.json.\(ProcessInfo.processInfo.processIdentifier).tmp"
            try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
            let written = try ReportStore(outputFolder: folder, writers: [JSONReportWriter()]).write(ReportFixtures.zombie)
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
            #expect(try Data(contentsOf: URL(fileURLWithPath: written[0])) == Data(JSONReportWriter().render(ReportFixtures.zombie).utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/zombies") == ["zombie-after-long-offline.json"])
        }
    }
}

import Foundation
import TestSupport
import Testing

/// The parse references (Tests/Fixtures/parse-reference) were written from this parser's own output, so
/// comparing a run with them only catches drift. This suite anchors them outside the code: every document
/// whose reference is a dump is read again with a second parser (Python's xml.etree, expat rather than
/// libxml2) by `Tests/Fixtures/check-parse-reference.py`, which compares the values that parser can read
/// (version, ads, ids, AdSystem, AdTitle, Impression and VASTAdTagURI URLs, Creatives, Durations,
/// MediaFiles with their type, delivery and size, Tracking events per event, and a refusal's element
/// counts) with what the reference says.
@Suite struct ParseReferenceIndependentTests {
    /// Writes each document as the reference's name without `.txt`, runs the script and returns its output.
    static func check(_ documents: [(name: String, bytes: [UInt8])]) async throws -> (Int32, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-reference-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for document in documents {
            let name = String(ParseReferenceTests.fileName(document.name).dropLast(4))
            try Data(document.bytes).write(to: folder.appendingPathComponent(name))
        }
        return try await run(documents: folder, references: ParseReferenceTests.references)
    }

    /// Runs the script over `documents` and `references`, on a thread of its own: its exit status and output.
    static func run(documents: URL, references: URL) async throws -> (Int32, String) {
        let script = TestServer.repositoryRoot.appendingPathComponent("Tests/Fixtures/check-parse-reference.py")
        return try await onOwnThread {
            let python = Process()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            python.arguments = ["python3", script.path, documents.path, references.path]
            let pipe = Pipe()
            python.standardOutput = pipe
            try python.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            python.waitUntilExit()
            return (python.terminationStatus, output)
        }
    }

    /// The summary's `N files, M values, K mismatches`.
    static func figures(_ output: String) -> (files: Int, values: Int, mismatches: Int)? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("parse-reference independent") })
        else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 3 else { return nil }
        return (numbers[0], numbers[1], numbers[2])
    }

    @Test func theRepositorysReferencesAgreeWithASecondParser() async throws {
        // The one trigger read with a cap on text (`value.too-long`, 8 bytes) answers with cut values a
        // second parser reading the whole text cannot agree with: it is left out.
        let documents = try ParseReferenceTests.repositoryDocuments().filter { !$0.name.hasSuffix("-value.too-long") }
        let (status, output) = try await Self.check(documents)
        print(output.split(separator: "\n").last.map(String.init) ?? "")
        #expect(status == 0, "\(output)")
        let figures = try #require(Self.figures(output), "\(output)")
        // 54 samples, the trigger documents and the hostile ones, less the references kept as digests.
        #expect(figures.files >= 54 + 27)
        #expect(figures.values > 1_000)
        #expect(figures.mismatches == 0)
    }

    @Test(
        .enabled(if: Corpus.isPresent, "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus)"))
    func theOutsideCorpussReferencesAgreeWithASecondParser() async throws {
        let documents = try ParseReferenceTests.corpusDocuments()
        let (status, output) = try await Self.check(documents)
        print(output.split(separator: "\n").last.map(String.init) ?? "")
        #expect(status == 0, "\(output)")
        let figures = try #require(Self.figures(output), "\(output)")
        #expect(figures.files == 95)
        #expect(figures.values > 1_000)
        #expect(figures.mismatches == 0)
    }

    /// The check can fail: a reference with one URL and one duration changed is caught twice.
    @Test func aChangedReferenceIsCaught() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-reference-\(UUID())")
        let documents = folder.appendingPathComponent("documents")
        let references = folder.appendingPathComponent("references")
        for made in [documents, references] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "samples_v41-inline-linear.xml"
        let sample = TestServer.repositoryRoot.appendingPathComponent("vast-samples/v41-inline-linear.xml")
        try FileManager.default.copyItem(at: sample, to: documents.appendingPathComponent(name))
        var reference = try String(
            contentsOf: ParseReferenceTests.references.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let url = try #require(reference.firstRange(of: #/- url: "https?://[^"]+\.mp4"/#))
        reference.replaceSubrange(url, with: #"- url: "https://changed.example/other.mp4""#)
        let duration = try #require(reference.firstRange(of: #/- milliseconds: \d+/#))
        reference.replaceSubrange(duration, with: "- milliseconds: 1")
        try Data(reference.utf8).write(to: references.appendingPathComponent(name + ".txt"))
        let (status, output) = try await Self.run(documents: documents, references: references)
        #expect(status == 1)
        #expect(Self.figures(output)?.mismatches == 2, "\(output)")
        #expect(output.contains("Duration ms: Python reads"), "\(output)")
        #expect(output.contains("url: Python reads"), "\(output)")
    }
}

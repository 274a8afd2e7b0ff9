import AdResolution
import Foundation
import Testing

@testable import VASTCheck

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `validate --list`, `--jobs`, `--format` and `--output` on local files (no network).
@Suite struct ValidateBatchListTests {
    let valid = Repository.path("vast-samples/v42-inline-linear-full.xml")
    let invalid = Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml")
    let malformed = Repository.path("vast-samples/v42-malformed-truncated.xml")

    /// A fresh folder, removed by the caller.
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vastcheck-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Parsed JSON written back with sorted keys, for comparing two parses.
    private func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    private func documents(_ captured: CapturedConsole) throws -> [[String: Any]] {
        try #require(try captured.json()["documents"] as? [[String: Any]])
    }

    @Test func relativePathsInAListAreRelativeToTheListsFolder() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lists = folder.appendingPathComponent("lists")
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: valid))
        try bytes.write(to: docs.appendingPathComponent("a.xml"))
        try bytes.write(to: lists.appendingPathComponent("beside.xml"))
        let list = lists.appendingPathComponent("tags.txt")
        try """
        # two relative paths, an absolute one, a folder and a missing file
        ../docs/a.xml

        beside.xml
        \(valid)
        ../docs
        missing.xml
        """.write(to: list, atomically: true, encoding: .utf8)
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", "--list", list.path]) == .unreadable)
        let sources = try documents(captured).compactMap { $0["source"] as? String }
        #expect(
            sources == [
                lists.path + "/../docs/a.xml", lists.path + "/beside.xml", valid, lists.path + "/../docs/a.xml",
                lists.path + "/missing.xml",
            ])
        let summary = try #require(try captured.json()["summary"] as? [String: Int])
        #expect(summary == ["documents": 5, "valid": 4, "invalid": 1, "unreadable": 1])
    }

    @Test func commandLineSourcesComeFirstThenEachList() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.txt")
        let second = folder.appendingPathComponent("second.txt")
        try "\(invalid)\n".write(to: first, atomically: true, encoding: .utf8)
        try "\(malformed)\n".write(to: second, atomically: true, encoding: .utf8)
        let captured = CapturedConsole()
        #expect(
            await captured.run(["validate", "--json", "--list", first.path, "--list", second.path, valid]) == .invalid)
        #expect(try documents(captured).compactMap { $0["source"] as? String } == [valid, invalid, malformed])
    }

    @Test func aListCanComeFromStandardInputWithPathsRelativeToTheCurrentDirectory() async throws {
        let captured = CapturedConsole(stdin: Data("# from a pipe\n\(valid)\n\(invalid)\n".utf8))
        #expect(await captured.run(["validate", "--json", "--list", "-"]) == .invalid)
        #expect(try documents(captured).compactMap { $0["source"] as? String } == [valid, invalid])
    }

    @Test func aMissingListFileExitsTwoAndChecksNothing() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--list", "/no/such/list.txt", valid]) == .unreadable)
        #expect(captured.err.contains("cannot read the list /no/such/list.txt: no such file"))
        #expect(captured.out.isEmpty)
    }

    @Test(arguments: [
        (["validate", "--jobs", "0", "x.xml"], "--jobs takes a whole number from 1 to 64"),
        (["validate", "--jobs", "65", "x.xml"], "--jobs takes a whole number from 1 to 64"),
        (["validate", "--json", "--jsonl", "x.xml"], "choose one output format"),
        (["validate", "--json", "--format", "junit", "x.xml"], "choose one output format"),
        (["validate", "--format", "xml", "x.xml"], "--format takes one of human, json, jsonl, junit"),
        (["validate", "--list", "-", "-"], "standard input (-) can be read only once"),
        (["validate", "--jsonl"], "validate needs at least one SOURCE"),
    ])
    func batchUsageErrorsExit64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(arguments) == .usage)
        #expect(captured.err.contains(message))
        #expect(captured.out.isEmpty)
    }

    @Test func jsonlWritesOneDocumentPerLineWithTheSameFieldsAsJSONThenTheSummary() async throws {
        let sources = [valid, invalid, malformed, "/no/such/file.xml"]
        let whole = CapturedConsole()
        #expect(await whole.run(["validate", "--json"] + sources) == .unreadable)
        let lines = CapturedConsole()
        #expect(await lines.run(["validate", "--jsonl"] + sources) == .unreadable)
        let text = lines.out
        #expect(text.hasSuffix("\n"))
        let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rawLines.count == sources.count + 1)
        let objects = try rawLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // Each document line is the --json document, field for field (compared as parsed JSON).
        let expected = try documents(whole)
        for document in expected {
            let source = try #require(document["source"] as? String)
            let line = try #require(objects.first { $0["source"] as? String == source })
            #expect(try canonical(line) == canonical(document), "\(source)")
        }
        // ... and the field order is the same: the line is the compact form of the pretty object.
        let validLine = try #require(rawLines.first { $0.contains("\"source\":\"\(valid)\"") })
        let keysInOrder = ["\"source\"", "\"valid\"", "\"vastVersion\"", "\"counts\"", "\"findings\""]
        let positions = keysInOrder.compactMap { validLine.range(of: $0)?.lowerBound }
        #expect(positions.count == keysInOrder.count && positions == positions.sorted())
        // The last line is the summary and the breakdown, as in --json.
        let last = try #require(objects.last)
        #expect(last["source"] == nil)
        #expect(last["summary"] as? [String: Int] == ["documents": 4, "valid": 1, "invalid": 3, "unreadable": 1])
        let wholeJSON = try whole.json()
        #expect(try canonical(try #require(last["breakdown"])) == canonical(try #require(wholeJSON["breakdown"])))
    }

    @Test func theBreakdownCountsOutcomesAndErrorCodes() async throws {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", valid, invalid, invalid, malformed, "/no/such/file.xml"])
        let breakdown = try #require(try captured.json()["breakdown"] as? [String: Any])
        #expect(
            breakdown["outcomes"] as? [String: Int] == [
                "valid": 1, "rulesFailed": 2, "noAd": 0, "chainError": 0, "adFailed": 0, "parseError": 1,
                "unreadable": 1,
            ])
        #expect(breakdown["errorCodes"] as? [String: Int] == ["100": 1, "101": 2])
        #expect((breakdown["slowestHops"] as? [Any])?.isEmpty == true, "local files have no fetched hops")
    }

    @Test func humanOutputKeepsInputOrderAndEndsWithTheBreakdownThenTheSummaryLine() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--jobs", "8", invalid, valid, malformed, valid]) == .invalid)
        let lines = captured.out.split(separator: "\n").map(String.init)
        let documentLines = lines.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
        #expect(
            documentLines.map { $0.split(separator: " ")[1] }.map(String.init) == [invalid, valid, malformed, valid])
        #expect(
            lines.suffix(7) == [
                "outcomes: 2 valid, 1 rules failed, 1 parse error",
                "VAST error codes:",
                "       1 × 100 XML parsing error",
                "       1 × 101 schema validation error",
                "rules that failed documents:",
                "       1 × required-element",
                "4 documents: 2 valid, 2 invalid",
            ])
    }

    @Test func junitIsWellFormedWithTheRightCounts() async throws {
        let captured = CapturedConsole()
        #expect(
            await captured.run(["validate", "--format", "junit", valid, invalid, malformed, "/no/such/<&>.xml"])
                == .unreadable)
        let xml = try JUnitDocument(captured.out)
        let suite = try #require(xml.suites.first)
        #expect(xml.suites.count == 1)
        #expect(
            suite["name"] == "vastcheck" && suite["tests"] == "4" && suite["failures"] == "2" && suite["errors"] == "1")
        #expect(xml.testCases.map(\.name) == [valid, invalid, malformed, "/no/such/<&>.xml"])
        #expect(xml.testCases.map(\.result) == ["", "failure", "failure", "error"])
        #expect(xml.testCases[1].message.contains("required-element"))
        #expect(xml.testCases[1].text.contains("<InLine> must contain <AdSystem>"))
        #expect(xml.testCases[2].message.hasPrefix("VAST error 100"))
        #expect(xml.testCases.allSatisfy { Double($0.time) != nil })
        #expect(xml.root["tests"] == "4" && xml.root["failures"] == "2" && xml.root["errors"] == "1")
        #expect(Double(xml.root["time"] ?? "") != nil)
    }

    @Test func outputWritesTheReportToAFileInsteadOfStdout() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.xml")
        let captured = CapturedConsole()
        #expect(
            await captured.run(["validate", "--format", "junit", "--output", file.path, valid, invalid]) == .invalid)
        #expect(captured.out.isEmpty)
        let xml = try JUnitDocument(String(contentsOf: file, encoding: .utf8))
        #expect(xml.testCases.count == 2)
        let unwritable = CapturedConsole()
        #expect(await unwritable.run(["validate", "--output", "/no/such/folder/r.txt", valid]) == .unreadable)
        #expect(unwritable.err.contains("cannot write /no/such/folder/r.txt"))
    }

    @Test func progressGoesToStderrOnlyWhenItIsATerminal() async {
        let quiet = CapturedConsole()
        _ = await quiet.run(["validate", valid, invalid, valid])
        #expect(quiet.err.isEmpty)

        let err = ErrLog()
        let console = Console(
            out: { _ in }, err: { err.append($0) }, standardInput: .bytes([]),
            outputIsTerminal: false, environment: ["NO_COLOR": "1"], errorIsTerminal: true)
        _ = await VASTCheck.run(["validate", "--jsonl", valid, invalid, valid], console: console)
        let text = err.text
        #expect(text.hasPrefix("\r0/3 (0%)"))
        #expect(text.contains("\r3/3 (100%)  1 failed"), "the failures so far are counted as documents finish")
        #expect(text.hasSuffix(", 1 failed\n") && text.contains("3 documents in "))
        #expect(!text.contains("\u{1B}"), "plain text: no escape sequences")
    }

    @Test func progressLineText() {
        #expect(ProgressLine.text(done: 0, total: 1000, seconds: 0) == "0/1000 (0%)  0 failed")
        #expect(
            ProgressLine.text(done: 250, total: 1000, failed: 12, seconds: 2)
                == "250/1000 (25%)  12 failed  125/s  ETA 0:06")
        #expect(ProgressLine.text(done: 3, total: 10, failed: 1, seconds: 2) == "3/10 (30%)  1 failed  1.5/s  ETA 0:05")
        #expect(ProgressLine.text(done: 10, total: 10, seconds: 2) == "10/10 (100%)  0 failed  5.0/s")
        #expect(ProgressLine.clock(3725) == "1:02:05")
    }
}

/// Standard error collected by a test console.
final class ErrLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var collected = ""

    func append(_ text: String) { lock.withLock { collected += text } }
    var text: String { lock.withLock { collected } }
}

/// A JUnit document read back with Foundation's XMLParser (which fails on ill-formed XML).
struct JUnitDocument {
    struct TestCase {
        var name = ""
        var time = ""
        /// `failure`, `error`, or empty for a pass.
        var result = ""
        var message = ""
        var text = ""
    }

    var root: [String: String] = [:]
    var suites: [[String: String]] = []
    var testCases: [TestCase] = []

    init(_ xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else {
            throw CocoaError(
                .coderReadCorrupt,
                userInfo: [NSDebugDescriptionErrorKey: "\(parser.parserError.map { "\($0)" } ?? "?")"])
        }
        root = reader.root
        suites = reader.suites
        testCases = reader.testCases
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: [String: String] = [:]
        var suites: [[String: String]] = []
        var testCases: [TestCase] = []
        var inResult = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuites": root = attributes
            case "testsuite": suites.append(attributes)
            case "testcase": testCases.append(TestCase(name: attributes["name"] ?? "", time: attributes["time"] ?? ""))
            case "failure", "error":
                testCases[testCases.count - 1].result = name
                testCases[testCases.count - 1].message = attributes["message"] ?? ""
                inResult = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure" || name == "error" { inResult = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inResult { testCases[testCases.count - 1].text += string }
        }
    }
}

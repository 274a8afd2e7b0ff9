import Foundation
import TestSupport
import Testing
import VASTCheck

/// The `validate` command's contract: exit codes, JSON shape, sources, options and help.
@Suite struct ValidateCommandTests {
    let valid = Repository.path("vast-samples/v42-inline-linear-full.xml")
    let invalid = Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml")
    let malformed = Repository.path("vast-samples/v42-malformed-truncated.xml")
    let warned = Repository.path("vast-samples/v42-messy-no-namespace.xml")

    @Test func exitsZeroWhenEveryDocumentIsValid() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", valid]) == .success)
        #expect(captured.out.hasSuffix("1 document: 1 valid, 0 invalid\n"))
    }

    @Test func exitsOneWhenAnyDocumentIsInvalid() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", valid, invalid]) == .invalid)
        #expect(captured.out.hasSuffix("2 documents: 1 valid, 1 invalid\n"))
    }

    @Test func exitsTwoWhenAnInputCannotBeRead() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", valid, "/no/such/file.xml"]) == .unreadable)
        let summary = try #require(try captured.json()["summary"] as? [String: Int])
        #expect(summary == ["documents": 2, "valid": 1, "invalid": 1, "unreadable": 1])
    }

    @Test(arguments: [
        (["validate"], "validate needs at least one SOURCE"),
        (["validate", "--bogus", "x.xml"], "unknown option --bogus"),
        (["validate", "--max-bytes", "lots", "x.xml"], "--max-bytes takes a whole number"),
        (["validate", "--schema"], "--schema needs a value"),
        (["validate", "--timeout", "0.0001", "x.xml"], "--timeout takes a number of seconds from 0.001 to 600"),
        (["frobnicate"], "unknown command \"frobnicate\""),
    ])
    func usageErrorsExit64AndSayWhatWasWrong(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(arguments) == .usage)
        #expect(captured.err.contains(message))
        #expect(captured.err.contains("--help"))
        #expect(captured.out.isEmpty)
    }

    @Test func noArgumentsPrintsHelpToStderrAndExits64() async {
        let captured = CapturedConsole()
        #expect(await captured.run([]) == .usage)
        #expect(captured.err.hasPrefix("vastcheck: validate VAST ad tags"))
    }

    @Test func helpAndVersionGoToStdout() async {
        let help = CapturedConsole()
        #expect(await help.run(["--help"]) == .success)
        #expect(help.out.contains("COMMANDS:\n  validate"))
        let validateHelp = CapturedConsole()
        #expect(await validateHelp.run(["validate", "--help"]) == .success)
        #expect(validateHelp.out.hasPrefix("USAGE: vastcheck validate [--list FILE]... [--jobs N] [--json] [--jsonl]"))
        #expect(validateHelp.out.contains("EXAMPLES:"))
        let version = CapturedConsole()
        #expect(await version.run(["--version"]) == .success)
        #expect(version.out == "vastcheck \(VASTCheck.version)\n")
    }

    @Test func jsonHasTheDocumentedFieldsInOrder() async throws {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", invalid])
        let out = captured.out
        let keys = [
            "\"documents\"", "\"source\"", "\"valid\"", "\"vastVersion\"", "\"counts\"", "\"ads\"",
            "\"creatives\"", "\"mediaFiles\"", "\"trackingEvents\"", "\"impressions\"", "\"findings\"",
            "\"severity\"", "\"rule\"", "\"message\"", "\"location\"", "\"vastErrorCode\"", "\"summary\"",
        ]
        let positions = keys.map { out.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        let finding = try #require((document["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "required-element")
        #expect(finding["location"] as? String == "/VAST/Ad[1]/InLine")
        #expect(finding["vastErrorCode"] as? Int == 101)
        #expect(finding["severity"] as? String == "error")
        #expect(finding["category"] as? String == "content")
    }

    @Test func aMalformedDocumentReportsCode100WithLineAndColumn() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", malformed]) == .invalid)
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["errorCode"] as? Int == 100)
        let error = try #require(document["parseError"] as? [String: Any])
        #expect(error["kind"] as? String == "malformed")
        #expect((error["line"] as? Int ?? 0) > 0)
        #expect((error["column"] as? Int ?? 0) > 0)
    }

    @Test func standardInputIsReadForDash() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: valid))
        let captured = CapturedConsole(stdin: bytes)
        #expect(await captured.run(["validate", "--json", "-"]) == .success)
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["source"] as? String == "-")
        #expect(document["vastVersion"] as? String == "4.2")
    }

    @Test func directoriesAreWalkedRecursivelyInNameOrder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vastcheck-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("b/c"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: valid))
        for name in ["b/c/z.xml", "a.xml", "b/m.xml", "notes.txt"] {
            try bytes.write(to: folder.appendingPathComponent(name))
        }
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", folder.path]) == .success)
        let sources = try #require(try captured.json()["documents"] as? [[String: Any]]).compactMap {
            $0["source"] as? String
        }
        #expect(sources == ["a.xml", "b/c/z.xml", "b/m.xml"].map { folder.path + "/" + $0 })
    }

    @Test func strictTurnsWarningsIntoFailures() async {
        let lenient = CapturedConsole()
        #expect(await lenient.run(["validate", warned]) == .success)
        let strict = CapturedConsole()
        #expect(await strict.run(["validate", "--strict", warned]) == .invalid)
    }

    @Test func oversizedDocumentsAreRefusedByTheByteCap() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", "--max-bytes", "100", valid]) == .invalid)
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        #expect((document["parseError"] as? [String: Any])?["kind"] as? String == "tooLarge")
        #expect(document["errorCode"] as? Int == 100)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async {
        let plain = CapturedConsole(isTerminal: false)
        _ = await plain.run(["validate", invalid])
        #expect(!plain.out.contains("\u{1B}["))
        let terminal = CapturedConsole(isTerminal: true)
        _ = await terminal.run(["validate", invalid])
        #expect(terminal.out.contains("\u{1B}[31m"))
        let noColor = CapturedConsole(isTerminal: true, environment: ["NO_COLOR": "1"])
        _ = await noColor.run(["validate", invalid])
        #expect(!noColor.out.contains("\u{1B}["))
    }

    @Test func humanOutputOfAnInvalidSampleIsExact() async {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", invalid])
        #expect(
            captured.out == """
                ✗ \(invalid)  VAST 4.2  invalid  error 101 (schema validation error)  (1 ad, 1 creative, 1 media file, 0 tracking events, 1 impression)
                \(invalid):5:5: error: <InLine> must contain <AdSystem> in VAST 4.2 (at /VAST/Ad[1]/InLine) [required-element.InLine.AdSystem]
                1 document: 0 valid, 1 invalid

                """)
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func schemaValidationReportsXSDErrorsInTheirOwnCategory() async throws {
        let xsd = Repository.xsdFolder + "/vast_4.2.xsd"
        let clean = CapturedConsole()
        #expect(await clean.run(["validate", "--schema", xsd, valid]) == .success)
        let failing = CapturedConsole()
        #expect(await failing.run(["validate", "--json", "--schema", xsd, warned]) == .invalid)
        let document = try #require((try failing.json()["documents"] as? [[String: Any]])?.first)
        let schemaFindings = (document["findings"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "schema.xsd"
        }
        #expect(!schemaFindings.isEmpty)
        #expect(schemaFindings.allSatisfy { $0["category"] as? String == "schema" })
    }

    @Test func anUnreadableSchemaExitsTwo() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--schema", "/no/such.xsd", valid]) == .unreadable)
        #expect(captured.err.contains("cannot read schema"))
    }
}

import Foundation
import TestSupport
import Testing
import VASTCheck

/// The options the issue found missing or spelled differently, each now taken where it applies:
/// `inspect --timeout` and `--follow`, short flags, `-o` on every command, `report --html` kept,
/// `--quiet`, and `getad`'s request errors in words. Each was a usage error (or a raw dump) on the
/// base commit.
@Suite(.serialized) struct OptionVocabularyTests {
    let server: TestServer
    let folder: URL

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static let valid = Repository.path("vast-samples/v42-inline-linear-full.xml")
    static let invalid = Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml")

    @Test func inspectTakesTimeoutMaxDepthAndFollow() async throws {
        try server.register("opt-slow-1", body: ChainDocuments.inLine(hop: 1))
        try server.register(
            "opt-slow-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("opt-slow-1") + "?delay_ms=1500"))
        let slow = CapturedConsole()
        #expect(await slow.run(["inspect", "--json", "--timeout", "0.3", server.docURL("opt-slow-0")]) == .invalid)
        #expect(try slow.json()["errorCode"] as? Int == 301)
        let shallow = CapturedConsole()
        #expect(
            await shallow.run(["inspect", "--json", "--max-depth", "0", "--follow", server.docURL("opt-slow-0")])
                == .invalid)
        #expect(try shallow.json()["errorCode"] as? Int == 302)
    }

    @Test func shortFlagsMeanTheirLongNames() async throws {
        let output = folder.appendingPathComponent("short.jsonl")
        let captured = CapturedConsole()
        #expect(
            await captured.run([
                "validate", "-j", "4", "-q", "--format", "jsonl", "-o", output.path, Self.valid,
                Self.invalid,
            ]) == .invalid)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(captured.out.isEmpty)
        let noAd = Repository.path("vast-samples/v42-no-ad-response.xml")
        let plain = CapturedConsole()
        _ = await plain.run(["validate", noAd])
        #expect(!plain.out.contains(": info: "))
        let verbose = CapturedConsole()
        _ = await verbose.run(["validate", "-v", noAd])
        #expect(verbose.out.contains(": info: a no-ad response"), "-v shows info findings")
        let inline = CapturedConsole()
        #expect(await inline.run(["validate", "-j=2", "--jobs=3", Self.valid]) == .success)
    }

    @Test func quietPrintsOnlyWhatFailedAndTheSummary() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--quiet", Self.valid, Self.invalid]) == .invalid)
        let heads = captured.out.split(separator: "\n").filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
        #expect(heads.count == 1 && heads[0].hasPrefix("✗ \(Self.invalid)"))
        #expect(captured.out.hasSuffix("2 documents: 1 valid, 1 invalid\n"))
        #expect(await CapturedConsole().run(["validate", "-q", "-v", Self.valid]) == .usage)
    }

    @Test func outputWritesWhatStandardOutputWouldGetForEveryCommand() async throws {
        let inspected = folder.appendingPathComponent("inspect.json")
        let direct = CapturedConsole()
        #expect(
            await direct.run(["inspect", "--json", "--seed", "1", "--start", "2024-05-01T12:00:00Z", Self.valid])
                == .success)
        let toFile = CapturedConsole()
        #expect(
            await toFile.run([
                "inspect", "--format", "json", "--seed", "1", "--start", "2024-05-01T12:00:00Z",
                "-o", inspected.path, Self.valid,
            ]) == .success)
        #expect(toFile.out.isEmpty)
        #expect(try String(contentsOf: inspected, encoding: .utf8) == direct.out)
        let rules = folder.appendingPathComponent("rules.txt")
        #expect(await CapturedConsole().run(["rules", "--output", rules.path]) == .success)
        #expect(try String(contentsOf: rules, encoding: .utf8).hasPrefix("required-element  error"))
        // report's older spelling still writes the page.
        let page = folder.appendingPathComponent("page.html")
        #expect(await CapturedConsole().run(["report", Self.valid, "--html", page.path]) == .success)
        #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let unwritable = CapturedConsole()
        #expect(await unwritable.run(["inspect", "-o", "/nonexistent-folder/x.txt", Self.valid]) == .unreadable)
        #expect(unwritable.err.hasPrefix("vastcheck: cannot write /nonexistent-folder/x.txt: "))
    }

    @Test func jsonAndFormatMustAgree() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", "--format", "human", Self.valid]) == .usage)
        #expect(captured.err.hasPrefix("Error: choose one output format: json and human were both asked for\n"))
    }

    @Test func getadSaysWhichFieldOfWhichFileIsWrong() async throws {
        let settings = folder.appendingPathComponent("settings.json")
        try Data(#"{"placements": {}}"#.utf8).write(to: settings)
        let request = folder.appendingPathComponent("request.json")
        try Data(#"{"placement": "clipsPreRoll", "playerSize": {"width": "wide", "height": 360}}"#.utf8).write(
            to: request)
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings.path, "--request", request.path]) == .unreadable)
        #expect(
            captured.err
                == "vastcheck: the request file \(request.path) is invalid: playerSize.width must be a number\n")
        try Data(#"{"placement": "clipsPreRoll", "playerSize": {"width": 1e9, "height": 360}}"#.utf8).write(to: request)
        let bounded = CapturedConsole()
        _ = await bounded.run(["getad", "--settings", settings.path, "--request", request.path])
        #expect(
            bounded.err.hasPrefix(
                "vastcheck: the request file \(request.path) is invalid: playerSize.width must be a whole number from"))
    }

    @Test func theBreakdownGroupsTheFailuresByRule() async throws {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", Self.invalid, Self.invalid, Self.valid])
        let breakdown = try #require(try captured.json()["breakdown"] as? [String: Any])
        #expect(breakdown["rules"] as? [String: Int] == ["required-element": 2])
    }
}

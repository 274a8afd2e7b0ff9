import Foundation
import TestSupport
import Testing
import VASTCheck

/// The JSON schemas in docs/schemas hold what the commands write: real output of `validate` (the bundled
/// samples, and a wrapper chain of files with an error pixel), `rules` and `getad` (an ad and no ad) is
/// checked by Python's `jsonschema` (Draft 2020-12, Debian's python3-jsonschema, which `Tools/install-deps`
/// installs); a document missing a required member is refused, so the check cannot pass by checking nothing.
@Suite struct JSONSchemaTests {
    /// Validates `json` against `docs/schemas/NAME.schema.json`; the problems found (empty when valid).
    private func problems(_ json: String, schema name: String) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("output.json")
        try Data(json.utf8).write(to: document)
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            for error in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))):
                print("/".join(str(p) for p in error.path) + ": " + error.message)
            """
        let run = try await ProgramRun.python(
            ["-c", script, Repository.path("docs/schemas/\(name).schema.json"), document.path], mergingErrors: true)
        let output = run.text
        #expect(run.status == 0, "jsonschema did not run: \(output)")
        return output.split(separator: "\n").map(String.init)
    }

    private func output(_ arguments: [String]) async -> (ExitCode, String) {
        let captured = CapturedConsole()
        let code = await captured.run(arguments)
        return (code, captured.out)
    }

    @Test func validateOnTheBundledSamplesMatchesItsSchema() async throws {
        let (code, json) = await output(["validate", "--json", Repository.path("vast-samples")])
        #expect(code == .invalid)
        #expect(try await problems(json, schema: "validate") == [])
    }

    @Test func validateOnAWrapperChainOfFilesWithAnErrorPixelMatchesItsSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrapper = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w"><Wrapper><AdSystem>w</AdSystem>\
            <Error>https://127.0.0.1:9/e?c=[ERRORCODE]</Error><Impression>https://127.0.0.1:9/i</Impression>\
            <VASTAdTagURI>TARGET</VASTAdTagURI></Wrapper></Ad></VAST>
            """
        try Data(wrapper.replacingOccurrences(of: "TARGET", with: "inline.xml").utf8)
            .write(to: folder.appendingPathComponent("wrapper.xml"))
        try Data(wrapper.replacingOccurrences(of: "TARGET", with: "missing.xml").utf8)
            .write(to: folder.appendingPathComponent("broken.xml"))
        try FileManager.default.copyItem(
            atPath: Repository.path("vast-samples/v42-inline-linear-full.xml"),
            toPath: folder.appendingPathComponent("inline.xml").path)
        let (_, json) = await output([
            "validate", "--follow", "--json", folder.appendingPathComponent("wrapper.xml").path,
            folder.appendingPathComponent("broken.xml").path,
        ])
        #expect(json.contains("\"chain\"") && json.contains("\"errorPixels\""))
        #expect(try await problems(json, schema: "validate") == [])
    }

    @Test func rulesMatchesItsSchema() async throws {
        let (code, json) = await output(["rules", "--json"])
        #expect(code == .success)
        #expect(try await problems(json, schema: "rules") == [])
    }

    @Test func getadWithAnAdAndWithoutOneMatchesItsSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-getad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = folder.appendingPathComponent("request.json")
        let presentation = folder.appendingPathComponent("presentation.json")
        try Data(#"{"placement": "clipsPreRoll", "itemId": "clip-1"}"#.utf8).write(to: request)
        try Data(#"{"preRollEnabled": true}"#.utf8).write(to: presentation)
        let settings = Repository.path("Tests/VASTCheckTests/Golden/getad-scenario-settings.json")
        let base = ["getad", "--settings", settings, "--request", request.path, "--json"]
        let (filled, ad) = await output(base + ["--presentation", presentation.path])
        #expect(filled == .success)
        #expect(try await problems(ad, schema: "getad") == [])
        let (empty, none) = await output(base)
        #expect(empty == .invalid)
        #expect(none.contains("\"error\""))
        #expect(try await problems(none, schema: "getad") == [])
    }

    @Test func getadWithASourceWhoseAdDoesNotFitMatchesItsSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-nofit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // An HTML companion is never scaled: the 300 x 250 one in tier 0 does not fit, the 320 x 50 one does.
        func banner(_ id: String, tier: Int, _ width: Int, _ height: Int) -> [String: Any] {
            let document =
                "<VAST version=\"4.2\"><Ad id=\"\(id)\"><InLine><AdSystem>s</AdSystem>"
                + "<Impression>https://127.0.0.1:9/i</Impression><AdTitle>\(id)</AdTitle><Creatives><Creative id=\"c\">"
                + "<CompanionAds><Companion width=\"\(width)\" height=\"\(height)\"><HTMLResource>b</HTMLResource>"
                + "</Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"
            return ["name": id, "tier": tier, "kind": "document", "timeoutMs": 1000, "document": document]
        }
        let settings = folder.appendingPathComponent("settings.json")
        let placement: [String: Any] = [
            "enabled": true, "sources": [banner("tall", tier: 0, 300, 250), banner("fits", tier: 1, 320, 50)],
        ]
        try JSONSerialization.data(withJSONObject: ["placements": ["clipsBottomBanner": placement]]).write(to: settings)
        let request = folder.appendingPathComponent("request.json")
        let presentation = folder.appendingPathComponent("presentation.json")
        try Data(#"{"placement": "clipsBottomBanner"}"#.utf8).write(to: request)
        try Data(#"{"bottomBannerEnabled": true}"#.utf8).write(to: presentation)
        let (code, json) = await output([
            "getad", "--settings", settings.path, "--request", request.path, "--presentation", presentation.path,
            "--max-height", "50.5", "--json",
        ])
        #expect(code == .success)
        #expect(json.contains("\"outcome\": \"noFit\""))
        #expect(try await problems(json, schema: "getad") == [])
    }

    @Test func aDocumentMissingARequiredMemberIsRefused() async throws {
        #expect(try await problems(#"{"documents": [], "breakdown": {}}"#, schema: "validate").count == 5)
        #expect(try await problems(#"{"decision": null, "report": [], "ad": {"id": 1}}"#, schema: "getad").count == 3)
    }
}

import Foundation
import TestSupport
import Testing
import VASTCheck

/// `validate --format sarif`: the bundled samples as SARIF 2.1.0, checked against the OASIS schema
/// in `../shared/schemas` by Python's `jsonschema` (Debian's python3-jsonschema, which
/// `Tools/install-deps` installs). The check fails when the module or the schema is missing in CI,
/// and is shown to reject a document that is not SARIF, so it cannot pass by checking nothing.
@Suite struct SARIFReportTests {
    static let schema = Repository.root.deletingLastPathComponent().appendingPathComponent(
        "shared/schemas/sarif-schema-2.1.0.json")
    static var available: Bool {
        FileManager.default.fileExists(atPath: schema.path) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs jsonschema's Draft 4 validator (the schema's draft) over `file`; the exit status and what it said.
    private func validate(_ file: URL) async throws -> (status: Int32, output: String) {
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(document), key=lambda e: list(e.path))
            for error in errors[:5]:
                print("/".join(str(p) for p in error.path), error.message)
            sys.exit(1 if errors else 0)
            """
        let run = try await ProgramRun.python(["-c", script, Self.schema.path, file.path], mergingErrors: true)
        return (run.status, run.text)
    }

    @Test(.enabled(if: available, "needs ../shared/schemas (always required in CI)"))
    func theBundledSamplesAsSARIFAreValidSARIF210() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("samples.sarif")
        let captured = CapturedConsole()
        #expect(
            await captured.run(["validate", "--format", "sarif", "-o", file.path, Repository.path("vast-samples")])
                == .invalid)
        #expect(captured.out.isEmpty)
        let checked = try await validate(file)
        #expect(checked.status == 0, "not valid SARIF 2.1.0: \(checked.output)")

        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        // Every result names a rule the driver lists, at the index it says.
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        // The malformed sample is a parse error with its line and column; a finding keeps its element path.
        let malformed = results.first { result in
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap {
                ($0["artifactLocation"] as? [String: Any])?["uri"] as? String
            }?.hasSuffix("v42-malformed-truncated.xml") == true
        }
        #expect(malformed?["ruleId"] as? String == "hop.document")
        #expect(
            results.contains {
                $0["ruleId"] as? String == "attribute.enumeration.MediaFile.delivery"
                    && $0["level"] as? String == "error"
            })

        // The same check refuses a document that is not SARIF 2.1.0.
        var broken = document
        broken["version"] = "2.0.0"
        let brokenFile = folder.appendingPathComponent("broken.sarif")
        try JSONSerialization.data(withJSONObject: broken).write(to: brokenFile)
        #expect(try await validate(brokenFile).status != 0, "the schema check accepts anything")
    }
}

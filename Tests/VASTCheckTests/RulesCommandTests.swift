import Foundation
import Testing
import VAST
import VASTCheck

/// `vastcheck rules` and the rule settings: `--disable`, `--severity`, `--strict` and `.vastcheck.json`
/// (flags over the file), on the bundled samples.
@Suite struct RulesCommandTests {
    static let attributes = Repository.path("vast-samples/v41-invalid-attribute-values.xml")
    static let noNamespace = Repository.path("vast-samples/v42-messy-no-namespace.xml")

    private func findings(_ captured: CapturedConsole) throws -> [String] {
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        return (document["findings"] as? [[String: Any]] ?? []).map {
            "\($0["severity"] as? String ?? "") \($0["subrule"] as? String ?? $0["rule"] as? String ?? "")"
        }
    }

    @Test func rulesJSONListsEveryRuleOfTheCatalogueInItsOrderWithItsFacts() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["rules", "--json"]) == .success)
        let rules = try #require(try captured.json()["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == VASTRuleCatalog.all.map(\.id))
        for (listed, rule) in zip(rules, VASTRuleCatalog.all) {
            #expect(listed["severity"] as? String == rule.severity.rawValue)
            #expect(listed["section"] as? String == rule.section)
            #expect(
                (listed["versions"] as? [String: String]) == [
                    "from": rule.versions.lowerBound.rawValue,
                    "to": rule.versions.upperBound.rawValue,
                ])
            #expect(listed["bad"] as? String == rule.badExample && listed["good"] as? String == rule.goodExample)
            #expect(listed["family"] as? String == rule.parent)
        }
    }

    @Test func everyRuleTheSamplesProduceIsListed() async throws {
        let validated = CapturedConsole()
        _ = await validated.run(["validate", "--json", Repository.path("vast-samples")])
        let documents = try #require(try validated.json()["documents"] as? [[String: Any]])
        let produced = Set(
            documents.flatMap {
                ($0["findings"] as? [[String: Any]] ?? []).flatMap {
                    [$0["rule"] as? String, $0["subrule"] as? String].compactMap(\.self)
                }
            })
        let listed = CapturedConsole()
        _ = await listed.run(["rules", "--json"])
        let ids = Set(try #require(try listed.json()["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String })
        #expect(produced.count > 20)
        #expect(produced.subtracting(ids).sorted() == [])
    }

    @Test func rulesTextShowsOneRuleAndItsFinerChecks() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["rules", "attribute.enumeration"]) == .success)
        let heads = captured.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
            $0.split(separator: " ").first.map(String.init)
        }
        #expect(heads == ["attribute.enumeration"] + VASTRuleCatalog.checks(of: "attribute.enumeration").map(\.id))
        #expect(captured.out.contains("\n    bad:  <MediaFile delivery=\"download\""))
        let unknown = CapturedConsole()
        #expect(await unknown.run(["rules", "attribute.enumerations"]) == .usage)
        #expect(unknown.err.contains("Error: no rule has the id \"attribute.enumerations\""))
    }

    @Test func disableDropsAFamilyOrOneFinerCheck() async throws {
        let plain = CapturedConsole()
        #expect(await plain.run(["validate", "--json", Self.attributes]) == .invalid)
        #expect(
            try findings(plain) == [
                "warning attribute.enumeration.Pricing.model", "error attribute.enumeration.MediaFile.delivery",
                "error attribute.value", "warning attribute.enumeration.CompanionAds.required",
            ])
        let finer = CapturedConsole()
        _ = await finer.run([
            "validate", "--json", "--disable", "attribute.enumeration.MediaFile.delivery", Self.attributes,
        ])
        #expect(
            try findings(finer) == [
                "warning attribute.enumeration.Pricing.model", "error attribute.value",
                "warning attribute.enumeration.CompanionAds.required",
            ])
        let family = CapturedConsole()
        #expect(
            await family.run([
                "validate", "--json", "--disable", "attribute.enumeration", "--disable", "attribute.value",
                Self.attributes,
            ]) == .success)
        #expect(try findings(family) == [])
    }

    @Test func severityRegradesAndAFinerIdWinsOverItsFamily() async throws {
        let captured = CapturedConsole()
        #expect(
            await captured.run([
                "validate", "--json", "--severity", "attribute.enumeration=info",
                "--severity", "attribute.enumeration.Pricing.model=error", "--severity", "attribute.value=warning",
                Self.attributes,
            ]) == .invalid)
        #expect(
            try findings(captured) == [
                "error attribute.enumeration.Pricing.model", "info attribute.enumeration.MediaFile.delivery",
                "warning attribute.value", "info attribute.enumeration.CompanionAds.required",
            ])
        let warned = CapturedConsole()
        #expect(await warned.run(["validate", "--severity", "schema.namespace=error", Self.noNamespace]) == .invalid)
        #expect(warned.out.contains(": error: VAST 4.2 documents belong to xmlns="))
    }

    @Test func strictMakesWarningsFail() async {
        #expect(await CapturedConsole().run(["validate", Self.noNamespace]) == .success)
        #expect(await CapturedConsole().run(["validate", "--strict", Self.noNamespace]) == .invalid)
    }

    @Test(arguments: [
        (["--disable", "no.such-rule"], "no rule has the id \"no.such-rule\""),
        (["--severity", "time.lenient"], "--severity takes RULE=LEVEL"),
        (
            ["--severity", "time.lenient=fatal"],
            "the severity of time.lenient is error, warning or info, not \"fatal\""
        ),
    ])
    func badRuleFlagsAreUsageErrors(_ flags: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate"] + flags + [Self.noNamespace]) == .usage)
        #expect(captured.err.contains(message), "\(captured.err)")
    }

    @Test func aVastcheckJSONAboveTheFolderIsReadAndFlagsWinOverIt() async throws {
        let team = FileManager.default.temporaryDirectory.appendingPathComponent("team-\(UUID().uuidString)")
        let project = team.appendingPathComponent("partner/tags")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: team) }
        try Data(
            #"{"disable": ["attribute.value"], "severity": {"attribute.enumeration": "info"}, "strict": true}"#.utf8
        )
        .write(to: team.appendingPathComponent(".vastcheck.json"))
        func run(_ arguments: [String]) async -> (CapturedConsole, ExitCode) {
            let captured = CapturedConsole()
            var console = captured.console
            console.workingDirectory = project.path
            return (captured, await VASTCheck.run(arguments, console: console))
        }
        let (fromFile, fileCode) = await run(["validate", "--json", Self.attributes])
        #expect(fileCode == .success, "every finding is info and nothing else fails, strict or not")
        #expect(
            try findings(fromFile) == [
                "info attribute.enumeration.Pricing.model", "info attribute.enumeration.MediaFile.delivery",
                "info attribute.enumeration.CompanionAds.required",
            ])
        let (flagged, flaggedCode) = await run([
            "validate", "--json", "--severity", "attribute.value=warning",
            "--disable", "attribute.enumeration.CompanionAds.required", Self.attributes,
        ])
        #expect(flaggedCode == .invalid, "the file's strict makes the flag's warning fail")
        #expect(
            try findings(flagged) == [
                "info attribute.enumeration.Pricing.model", "info attribute.enumeration.MediaFile.delivery",
                "warning attribute.value",
            ])
        // --config names another file; a broken one is an error that names its path and member (exit 2).
        let other = team.appendingPathComponent("other.json")
        try Data(#"{"disabled": ["url.invalid"]}"#.utf8).write(to: other)
        let (broken, brokenCode) = await run(["validate", "--config", other.path, Self.attributes])
        #expect(brokenCode == .unreadable)
        #expect(
            broken.err == "vastcheck: cannot use \(other.path): the member \"disabled\" is not one of disable, "
                + "severity and strict\n")
    }

    /// The folder the search starts from is resolved by name: `.` and `..` segments, a doubled or a final
    /// `/`, and a folder that does not exist (the walk goes on from its parent) all find the file above.
    @Test(arguments: ["partner/tags/../tags/./", "partner//tags", "partner/tags/missing/..", "partner/tags/missing"])
    func theSettingsFileIsFoundFromAFolderWrittenAnyWay(_ relative: String) async throws {
        let team = FileManager.default.temporaryDirectory.appendingPathComponent("team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: team.appendingPathComponent("partner/tags"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: team) }
        try Data(#"{"severity": {"attribute.enumeration": "info", "attribute.value": "info"}}"#.utf8)
            .write(to: team.appendingPathComponent(".vastcheck.json"))
        let captured = CapturedConsole()
        var console = captured.console
        console.workingDirectory = team.path + "/" + relative
        #expect(await VASTCheck.run(["validate", "--json", Self.attributes], console: console) == .success)
        #expect(try findings(captured).allSatisfy { $0.hasPrefix("info ") }, "\(captured.out)")
        #expect(try !findings(captured).isEmpty)
    }
}

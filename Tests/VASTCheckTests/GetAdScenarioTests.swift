import Foundation
import Testing
import VASTCheck

/// `vastcheck getad --scenario`: several presentations in one engine, step by step, with document
/// sources only (no server: the ads' beacons go to 127.0.0.1:9, inside the tests' loopback namespace).
@Suite(.serialized) final class GetAdScenarioTests: Sendable {
    let folder: URL
    static let settings = GoldenFile.folder.appendingPathComponent("getad-scenario-settings.json").path
    static let scenario = GoldenFile.folder.appendingPathComponent("getad-scenario-input.json").path

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func run(_ scenario: String, _ extra: [String] = []) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole()
        let code = await captured.run(["getad", "--settings", Self.settings, "--scenario", scenario] + extra)
        return (captured, code)
    }

    @Test func theScenarioPrintsEveryStepsDecisionForPeople() async {
        let (captured, code) = await run(Self.scenario)
        // The last two steps name a presentation that was closed: the run failed, after printing all.
        #expect(code == .invalid)
        #expect(captured.err.isEmpty)
        GoldenFile.check(captured.out, "getad-scenario.txt")
    }

    @Test func theScenarioPrintsEveryStepsDecisionAsJSON() async throws {
        let (captured, code) = await run(Self.scenario, ["--json"])
        #expect(code == .invalid)
        GoldenFile.check(captured.out, "getad-scenario.json")
        let steps = try #require(try captured.json()["steps"] as? [[String: Any]])
        let decided = steps.compactMap { step -> String? in
            guard let decision = step["decision"] as? [String: Any] else { return nil }
            return "\(decision["presentation"] as? String ?? "?"):\(decision["reason"] as? String ?? "?")"
        }
        #expect(
            decided == [
                "B:allowed", "A:notOptedIn", "A:allowed", "B:notOptedIn", "B:preRollAlreadyShown", "A:allowed",
                "B:minimumIntervalNotElapsed", "B:allowed", "C:tenantDisabled", "C:wrongProduct",
                "B:preRollAlreadyShown", "A:allowed", "D:sessionCapReached",
            ])
    }

    @Test func aScenarioWhoseStepsAllRanExitsZero() async throws {
        let scenario = try file(
            "ok.json",
            """
            {"steps": [{"open": "A", "kind": "clips", "configuration": {"preRollEnabled": true}},
             {"open": "B", "kind": "clips"}, {"request": "B", "placement": "clipsPreRoll"},
             {"request": "A", "placement": "clipsPreRoll"}, {"close": "A"}, {"close": "B"}]}
            """)
        let (captured, code) = await run(scenario)
        #expect(code == .success)
        #expect(
            captured.out.components(separatedBy: "\n").filter { $0.hasPrefix("  decision:") } == [
                "  decision: refused (noPresentationConfiguration) clipsPreRoll: the presentation gave no "
                    + "ClipsAdConfiguration, so it is not opted in",
                "  decision: allowed (allowed) clipsPreRoll: allowed",
            ])
        #expect(captured.out.hasSuffix("summary: 2 requests, 1 ad, 1 declined by the policy, 0 steps refused\n"))
    }

    @Test func openingANameTwiceIsARefusedStep() async throws {
        let scenario = try file(
            "twice.json", #"{"steps": [{"open": "A", "kind": "clips"}, {"open": "A", "kind": "stories"}]}"#)
        let (captured, code) = await run(scenario)
        #expect(code == .invalid)
        #expect(
            captured.out
                == """
                [1] at 0 s  open A (clips): no ClipsAdConfiguration (not opted in to pre-roll or banner)
                [2] at 0 s  open A (stories): no ClipsAdConfiguration (not opted in to pre-roll or banner)
                  refused: presentation A is already open: close it first or open the new one under another name
                summary: 0 requests, 0 ads, 0 declined by the policy, 1 step refused

                """)
    }

    @Test func aScenarioPastItsBoundsIsAUsageError() async throws {
        let tooMany = "{\"steps\": [" + Array(repeating: "{\"wait\": 1}", count: 1_001).joined(separator: ",") + "]}"
        let presentations = (0...16).map { "{\"open\": \"p\($0)\", \"kind\": \"clips\"}" }.joined(separator: ",")
        let cases: [(String, String)] = [
            (tooMany, "steps has more than 1000 steps"),
            ("{\"steps\": [\(presentations)]}", "steps[16] names a presentation past the 16 a scenario may use"),
            (
                "{\"steps\": [{\"open\": \"\(String(repeating: "a", count: 65))\", \"kind\": \"clips\"}]}",
                "steps[0].open must be 1 to 64 letters, digits, '-', '_' or '.'"
            ),
            (
                "{\"steps\": [{\"open\": \"A\", \"kind\": \"clips\", \"collectionId\": \"\(String(repeating: "c", count: 257))\"}]}",
                "steps[0].collectionId is longer than 256 bytes"
            ),
            (
                "{\"steps\": [{\"itemsViewed\": \"A\", \"count\": 10001}]}",
                "steps[0].count must be a whole number from 1 to 10000"
            ),
            ("{\"steps\": [{\"wait\": 1e300}]}", "steps[0].wait must be a whole number from 0 to 86400"),
            ("{\"steps\": [{\"wait\": 1.5}]}", "steps[0].wait must be a whole number from 0 to 86400"),
            (
                "{\"steps\": [{\"request\": \"A\", \"placement\": \"clipsBottomBanner\", \"maxHeight\": 0}]}",
                "steps[0].maxHeight must be a number of points from 1 to 10000"
            ),
            (
                "{\"steps\": [{\"request\": \"A\", \"placement\": \"clipsBottomBanner\", \"maxHeight\": 0.99}]}",
                "steps[0].maxHeight must be a number of points from 1 to 10000"
            ),

        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = try file("bounds-\(index).json", text)
            let (captured, code) = await run(path)
            #expect(code == .usage, "\(message)")
            #expect(
                captured.err.hasPrefix(
                    "Error: the scenario file \(path) asks too much: \(message)\nUsage: vastcheck getad"),
                "\(captured.err)")
            #expect(captured.out.isEmpty)
        }
    }

    @Test func aScenarioOfTheWrongShapeNamesTheFieldAndExitsTwo() async throws {
        let cases: [(String, String)] = [
            ("{\"step\": []}", "step: not a known field (a scenario has only steps)"),
            (
                "{\"steps\": [{\"count\": 2}]}",
                "steps[0]: a step needs one of open, itemsViewed, request, wait, reload, configure, close"
            ),
            (
                "{\"steps\": [{\"open\": \"A\", \"close\": \"A\"}]}",
                "steps[0]: a step has one action, not close and open"
            ),
            (
                "{\"steps\": [{\"open\": \"A\", \"kind\": \"clips\", \"maxHeight\": 5}]}",
                "steps[0].maxHeight: not a known field of a open step"
            ),
            ("{\"steps\": [{\"open\": \"A\"}]}", "steps[0].kind is missing"),
            (
                "{\"steps\": [{\"open\": \"A\", \"kind\": \"reels\"}]}",
                "steps[0].kind: Cannot initialize AdProduct from invalid String value reels"
            ),
            ("{\"steps\": [{\"request\": 3, \"placement\": \"clipsPreRoll\"}]}", "steps[0].request must be a string"),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = try file("shape-\(index).json", text)
            let (captured, code) = await run(path)
            #expect(code == .unreadable, "\(message)")
            #expect(captured.err == "vastcheck: the scenario file \(path) is invalid: \(message)\n")
        }
    }

    @Test func aBannerHeightKeepsItsFractionAndAsksInItsPresentation() async throws {
        let scenario = try file(
            "fraction.json",
            """
            {"steps": [{"open": "A", "kind": "clips", "configuration": {"bottomBannerEnabled": true}},
                       {"request": "A", "placement": "clipsBottomBanner", "maxHeight": 50.5},
                       {"request": "A", "placement": "clipsBottomBanner", "maxHeight": 49.99},
                       {"request": "A", "placement": "clipsBottomBanner", "maxHeight": 50}]}
            """)
        let (captured, code) = await run(scenario, ["--json"])
        #expect(code == .success)
        let steps = try #require(try captured.json()["steps"] as? [[String: Any]])
        #expect(steps.map { "\($0["maxHeight"] ?? "-")" } == ["-", "50.5", "49.99", "50"])
        #expect(steps[2]["maxHeight"] is String && steps[3]["maxHeight"] is Int)
        let banners = steps.map { (($0["ad"] as? [String: Any])?["banner"] as? [String: Int])?["height"] ?? 0 }
        // The 320 x 50 image fits 50.5 and 50 as it is, and scales down to 49 high for 49.99.
        #expect(banners == [0, 50, 49, 50])
        let (human, _) = await run(scenario)
        #expect(human.out.contains("[2] at 0 s  A asks for clipsBottomBanner (banner at most 50.5 high)\n"))
        #expect(human.out.contains("[4] at 0 s  A asks for clipsBottomBanner (banner at most 50 high)\n"))
    }

    @Test func scenarioOptionsThatContradictEachOtherAreUsageErrors() async throws {
        for extra in [["--presentation", "p.json"], ["--max-height", "50"]] {
            let (captured, code) = await run(Self.scenario, extra)
            #expect(code == .usage)
            #expect(
                captured.err.hasPrefix(
                    "Error: --scenario names its own presentations and banner heights: drop --presentation and "
                        + "--max-height\n"))
        }
    }
}

import AdSimulation
import Foundation
import TestSupport
import Testing
import VAST

@testable import VASTCheck

/// `vastcheck simulate` on the bundled samples (golden), the quartile order, and its usage errors.
struct SimulateCommandTests {
    private func simulate(_ arguments: [String], stdin: Data = Data()) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole(stdin: stdin)
        let code = await captured.run(["simulate"] + InspectGolden.profile + arguments)
        return (captured, code)
    }

    private func timeline(_ captured: CapturedConsole) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [[String: Any]])
    }

    private static let v20 = Repository.path("vast-samples/v20-inline-linear.xml")
    private static let v42 = Repository.path("vast-samples/v42-inline-linear-full.xml")

    /// Each golden: a name and the inputs it plays.
    static let goldens: [(String, String, [String])] = [
        ("v42-inline-linear-full", "v42-inline-linear-full", []),
        ("v42-skip", "v42-inline-linear-full", ["--mute-at", "1", "--click-at", "2.1", "--skip-at", "5"]),
        ("v20-inline-linear", "v20-inline-linear", []),
        ("v20-seek", "v20-inline-linear", ["--seek-to", "9", "--seek-at", "2"]),
        (
            "v20-inputs", "v20-inline-linear",
            [
                "--pause-at", "5", "--resume-at", "8", "--mute-at", "3", "--fullscreen-at", "4",
                "--click-at", "2", "--skip-at", "1", "--fail-at", "14",
            ]
        ),
    ]

    @Test(arguments: goldens.map { $0.0 })
    func samplesMatchTheirGoldens(_ name: String) async throws {
        let (_, sample, inputs) = try #require(Self.goldens.first { $0.0 == name })
        let path = Repository.path("vast-samples/\(sample).xml")
        let (text, textCode) = await simulate(inputs + [path])
        let (json, jsonCode) = await simulate(inputs + ["--json", path])
        #expect(textCode == jsonCode)
        try InspectGolden.check(text.out, "simulate-\(name).txt")
        try InspectGolden.check(json.out, "simulate-\(name).json")
        _ = try timeline(json)  // the JSON form parses
    }

    @Test func aPlainPlaybackFiresEveryMilestoneOnceInOrder() async throws {
        let (captured, code) = await simulate(["--json", Self.v20])
        #expect(code == .success)
        let entries = try timeline(captured)
        #expect(
            entries.map { $0["event"] as? String } == [
                "impression", "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                "complete",
            ])
        #expect(entries.map { $0["at"] as? Double } == [0, 0, 0, 0, 3.75, 7.5, 11.25, 15])
        #expect(entries.allSatisfy { Set($0.keys) == ["at", "event", "url", "hop"] })
    }

    @Test func seekingPastTheMidpointKeepsTheQuartilesInOrderOnce() async throws {
        let (captured, code) = await simulate(["--json", "--seek-to", "9", Self.v20])
        #expect(code == .success)
        let entries = try timeline(captured)
        let events = entries.compactMap { $0["event"] as? String }
        let quartiles = events.filter { ["firstQuartile", "midpoint", "thirdQuartile"].contains($0) }
        #expect(quartiles == ["firstQuartile", "midpoint", "thirdQuartile"])
        #expect(events.firstIndex(of: "start")! < events.firstIndex(of: "firstQuartile")!)
        #expect(events.last == "complete")
        let at = Dictionary(entries.map { ($0["event"] as? String ?? "", $0["at"] as? Double ?? -1) }) { first, _ in
            first
        }
        #expect(at["firstQuartile"] == 9 && at["midpoint"] == 9, "both jumped over at once, at the seek")
        #expect(at["thirdQuartile"] == 11.25)

        // Later in playback too, and back again: a backward seek fires nothing twice.
        let (later, _) = await simulate(["--json", "--seek-to", "10", "--seek-at", "2", Self.v20])
        #expect(
            try timeline(later).compactMap { $0["event"] as? String }.filter {
                $0.contains("uartile") || $0 == "midpoint"
            }
                == ["firstQuartile", "midpoint", "thirdQuartile"])
        let (back, _) = await simulate(["--json", "--seek-to", "1", "--seek-at", "9", Self.v20])
        let backEvents = try timeline(back).compactMap { $0["event"] as? String }
        #expect(
            backEvents.filter { $0 == "firstQuartile" || $0 == "midpoint" || $0 == "thirdQuartile" }
                == ["firstQuartile", "midpoint", "thirdQuartile"])
        #expect(backEvents.filter { $0 == "start" }.count == 1)
    }

    @Test func aRefusedSkipIsReportedAndExitsOne() async throws {
        let (text, code) = await simulate(["--skip-at", "2", Self.v20])
        #expect(code == .invalid)
        #expect(text.out.contains("✗ skip refused: notSkippable"))
        #expect(text.out.contains("playback ended completed; 1 input refused."))
        let (json, jsonCode) = await simulate(["--json", "--skip-at", "2", Self.v20])
        #expect(jsonCode == .invalid)
        #expect(json.err.contains("skip at 2 s refused: notSkippable"))
        #expect(try timeline(json).last?["event"] as? String == "complete", "playback goes on after a refused skip")
    }

    @Test func aSkipAfterTheOffsetEndsPlayback() async throws {
        let (captured, code) = await simulate(["--json", "--skip-at", "4", Self.v42])
        #expect(code == .success)
        let events = try timeline(captured).compactMap { $0["event"] as? String }
        #expect(events.last == "start", "the sample has no skip URL; nothing after the skip")
        #expect(!events.contains("complete"))
        let (early, earlyCode) = await simulate(["--skip-at", "1", Self.v42])
        #expect(earlyCode == .invalid)
        #expect(early.out.contains("skip refused: skipOffsetNotReached"))
    }

    @Test func aPauseWithoutResumeEndsPaused() async throws {
        let (captured, code) = await simulate(["--pause-at", "4", Self.v20])
        #expect(code == .success)
        #expect(captured.out.contains("playback ended paused (never resumed)."))
        #expect(!captured.out.contains("midpoint"))
    }

    @Test func inputsAfterTheEndAreIgnoredNotErrors() async throws {
        let (captured, code) = await simulate(["--mute-at", "40", Self.v20])
        #expect(code == .success)
        #expect(captured.out.contains("▸ mute ignored: the ad had already ended (completed)"))
    }

    @Test func theDurationOptionOverridesTheAds() async throws {
        let (captured, _) = await simulate(["--json", "--duration", "4", Self.v20])
        #expect(try timeline(captured).last?["at"] as? Double == 4)
    }

    @Test func aNoAdSourceExitsOneWithAnEmptyList() async throws {
        let (captured, code) = await simulate(["--json", Repository.path("vast-samples/v42-no-ad-response.xml")])
        #expect(code == .invalid)
        #expect(captured.out == "[]\n")
        #expect(captured.err.contains("no ad: VAST error 303"))
        // An ad whose only creative is a NonLinear plays as an overlay (`SimulateLibraryPlayTests`).
        let (nonLinear, nonLinearCode) = await simulate([Repository.path("vast-samples/v42-nonlinear.xml")])
        #expect(nonLinearCode == .success)
        #expect(nonLinear.out.contains("NonLinear overlay \"ov-static\" 728x90, shown 15 s"))
    }

    /// A `<Duration>` of 99,999,999 hours is out of bounds (`value.range`) and read as unknown: simulate says so at
    /// once; the longest `--duration` it takes (a day) simulates in a few inputs, as any other.
    @Test(.timeLimit(.minutes(1)))
    func aDurationOfNinetyNineMillionHoursSimulatesInBoundedTime() async throws {
        let text = try String(contentsOfFile: Repository.path("vast-samples/v20-inline-linear.xml"), encoding: .utf8)
        let long = text.replacingOccurrences(
            of: #"<Duration>[^<]*</Duration>"#, with: "<Duration>99999999:00:00</Duration>", options: .regularExpression
        )
        #expect(long != text)
        let (refused, refusedCode) = await simulate(["--json", "-"], stdin: Data(long.utf8))
        #expect(refusedCode == .invalid)
        #expect(refused.err.contains("no usable Duration"), "\(refused.err)")
        let (captured, code) = await simulate(["--json", "--duration", "86400", "-"], stdin: Data(long.utf8))
        #expect(code == .success)
        let events = try timeline(captured).compactMap { $0["event"] as? String }
        #expect(Array(events.suffix(2)) == ["thirdQuartile", "complete"])
        #expect(try timeline(captured).last?["at"] as? Double == 86_400)
    }

    @Test(.timeLimit(.minutes(1)))
    func aReportOfANinetyNineMillionHourAdFinishes() async throws {
        let text = try String(contentsOfFile: Repository.path("vast-samples/v20-inline-linear.xml"), encoding: .utf8)
        let long = text.replacingOccurrences(
            of: #"<Duration>[^<]*</Duration>"#, with: "<Duration>99999999:00:00</Duration>", options: .regularExpression
        )
        let html = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: html) }
        let captured = CapturedConsole(stdin: Data(long.utf8))
        // The page is written; the out-of-bounds Duration is an error finding, so the report exits 1.
        #expect(await captured.run(["report", "-", "--html", html.path]) == .invalid)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("thirdQuartile"))
    }

    @Test func anExposureOptionMakesTheVerdictViewableOrNot() async throws {
        let sample = Repository.path("Tests/Fixtures/lifecycle/ads/session-every-part.xml")
        let (viewable, _) = await simulate(["--json", "--exposure", "100", sample])
        #expect(
            try timeline(viewable).filter { $0["event"] as? String == "viewable" }.map { $0["at"] as? Double } == [2])
        let (hidden, _) = await simulate(["--json", "--exposure", "10", sample])
        #expect(try timeline(hidden).last?["event"] as? String == "notViewable")
        let captured = CapturedConsole()
        #expect(await captured.run(["simulate", "--exposure", "NaN", sample]) == .usage)
        #expect(captured.err.contains("--exposure takes a percentage from 0 to 100, not \"NaN\""))
    }

    @Test func aMissingFileExitsTwo() async {
        let (captured, code) = await simulate(["/nonexistent/tag.xml"])
        #expect(code == .unreadable)
        #expect(captured.err.contains("no such file"))
    }

    @Test(arguments: [
        ([], "simulate needs a SOURCE"),
        (["--pause-at", "soon", "a.xml"], "--pause-at takes a number of seconds from 0 to 86400, not \"soon\""),
        (["--skip-at", "-1", "a.xml"], "--skip-at takes a number of seconds from 0 to 86400, not \"-1\""),
        (["--duration", "0", "a.xml"], "--duration takes a number of seconds above 0"),
        (["--resume-at", "3", "a.xml"], "--resume-at needs --pause-at"),
        (["--pause-at", "5", "--resume-at", "3", "a.xml"], "--resume-at (3) must come after --pause-at (5)"),
        (["--seek-at", "3", "a.xml"], "--seek-at needs --seek-to"),
        (["--fail-at", "a.xml"], "--fail-at takes a number of seconds"),
        (["--rewind-at", "3", "a.xml"], "unknown option --rewind-at"),
        (["--skip-at", "2", "--skip-at", "4", "a.xml"], "--skip-at is given 2 times; give it once"),
        (["--macro", "FOO=1", "a.xml"], "--macro FOO: not an IAB macro"),
    ])
    func usageErrorsExit64SayingWhatIsWrong(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(["simulate"] + arguments) == .usage)
        #expect(captured.err.contains(message), "\(captured.err)")
        #expect(captured.err.contains("See 'vastcheck simulate --help' for more information."))
    }

    @Test func theSimulationAPIGivesTheSameTimelineAsTheCommand() async throws {
        let source = try InspectSource(try Arguments([Self.v20], options: []), command: "simulate")
        guard
            case .resolved(let resolution, _) = await source.load(
                console: CapturedConsole().console, fireErrors: false,
                macros: VASTMacroContext())
        else {
            Issue.record("the sample did not load")
            return
        }
        let ad = try #require(resolution.ads.first)
        let profile = try MacroProfile(try Arguments(InspectGolden.profile, options: MacroProfile.options))
        var options = SimulationOptions()
        options.seekTo = 9
        let timeline = try Simulation.run(ad, options: options, macros: profile.context, start: profile.start)
        let (captured, _) = await simulate(["--json", "--seek-to", "9", Self.v20])
        #expect(SimulationOutput.json(timeline) == captured.out)
        #expect(
            timeline.first
                == TimelineEntry(
                    at: 0, event: "impression",
                    url: "https://ads.example.com/v20/impression?ad=v20-linear-001", hop: 0))
    }
}

/// `vastcheck simulate` on a 3-hop chain served by the loopback server, with and without `--fire`.
@Suite(.serialized) struct SimulateChainTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func aThreeHopChainMatchesItsGoldensAndSendsNothing() async throws {
        let tag = try InspectChain.register("simulate", on: server)
        let inputs =
            InspectGolden.profile + [
                "--macro", "DEVICEIP=192.0.2.1", "--pause-at", "3", "--resume-at", "4",
                "--click-at", "6", "--fail-at", "9", tag,
            ]
        let text = CapturedConsole()
        #expect(await text.run(["simulate"] + inputs) == .success)
        try InspectGolden.check(text.out, "simulate-chain.txt", port: server.port)
        let json = CapturedConsole()
        #expect(await json.run(["simulate", "--json"] + inputs) == .success)
        try InspectGolden.check(json.out, "simulate-chain.json", port: server.port)
        #expect(try server.beacons().isEmpty, "nothing is sent without --fire")
    }

    @Test func fireSendsEveryBeaconInFiringOrder() async throws {
        let tag = try InspectChain.register("fire", on: server)
        let captured = CapturedConsole()
        #expect(await captured.run(["simulate", "--json", "--fire"] + InspectGolden.profile + [tag]) == .success)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [[String: Any]])
        let sent = try await server.waitForBeacons(count: entries.count)
        #expect(sent.count == entries.count)
        #expect(
            sent.map { "http://127.0.0.1:\(server.port)" + $0.target } == entries.map { $0["url"] as? String ?? "" })
        #expect(captured.err.isEmpty)
    }

    @Test func theChainsQuartilesStayInOrderWhenSeekingPastTheMidpoint() async throws {
        let tag = try InspectChain.register("seek", on: server)
        let captured = CapturedConsole()
        #expect(
            await captured.run(["simulate", "--json", "--seek-to", "6"] + InspectGolden.profile + [tag]) == .success)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [[String: Any]])
        let quartiles = entries.filter {
            ["firstQuartile", "midpoint", "thirdQuartile"].contains($0["event"] as? String)
        }
        #expect(quartiles.map { $0["event"] as? String } == ["firstQuartile", "midpoint", "thirdQuartile"])
        #expect(quartiles.map { $0["at"] as? Double } == [6, 6, 7.5])
        #expect(quartiles.allSatisfy { $0["hop"] as? Int == 2 })
    }
}

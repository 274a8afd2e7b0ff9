import AdLifecycle
import AdSimulation
import Foundation
import Synchronization
import Testing
import VAST

/// The virtual player driving sessions and breaks made elsewhere: the beacons a 20 s ad fires where the
/// IAB text puts them (quartiles at 25, 50 and 75 %, a 50% progress offset, skip after its offset), the
/// unit's fullscreen pair, clicks with their position, MRC viewability (2 s of exposed playback, 1 s for
/// display), pods ad by ad, and every number from outside bounded before anything is sent.
@Suite struct VirtualPlayerTests {
    static let start = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01T12:00:00Z
    static let everyPart = "Tests/Fixtures/lifecycle/ads/session-every-part.xml"

    /// What the session's beacon sink received, batch by batch.
    final class Sink: Sendable {
        private let batches = Mutex<[[BeaconRequest]]>([])
        func receive(_ batch: [BeaconRequest]) { batches.withLock { $0.append(batch) } }
        var beacons: [BeaconRequest] { batches.withLock { $0.flatMap { $0 } } }
    }

    static func session(
        _ path: String = everyPart, creative: SessionCreative? = nil, clock: VirtualClock, sink: Sink = Sink()
    ) throws -> AdSession {
        let ad = try SimulationTests.ad(path)
        return try AdSession(
            ad: ad, creative: creative ?? .linear(creative: 0, assetURI: "https://cdn.example.com/a.mp4"),
            configuration: AdSessionConfiguration(adInstanceID: "ad-1", macros: SimulationTests.macros),
            clock: clock.read, beaconSink: { sink.receive($0) })
    }

    static func progressPositions(_ events: [SessionEvent]) -> [Double] {
        events.compactMap { event in
            if case .callback(.video(.progressed(let position, _))) = event { return Double(position) / 1000 }
            return nil
        }
    }

    @Test func aSessionMadeElsewhereIsPlayedToTheEndWithEachBeaconAtItsMilestone() throws {
        let clock = VirtualClock(Self.start)
        let sink = Sink()
        var player = VirtualPlayer(playing: try Self.session(clock: clock, sink: sink), clock: clock)
        try player.begin()
        try player.play()
        #expect(
            player.timeline.map { "\($0.event)@\($0.at)" } == [
                "impression@0.0", "creativeView@0.0", "start@0.0", "firstQuartile@5.0", "midpoint@10.0",
                "progress@10.0", "thirdQuartile@15.0", "complete@20.0", "viewUndetermined@20.0",
            ])
        #expect(Self.progressPositions(player.events) == [0, 5, 10, 15, 20])
        #expect(player.finalPhase == .completed)
        #expect(clock.now == Self.start.addingTimeInterval(20), "the clock moved with the playhead")
        #expect(sink.beacons.map(\.url) == player.timeline.map(\.url), "the session delivered what the player recorded")
    }

    @Test func playToAPositionStopsThereWithTheClockMovedAsFarAsThePlayhead() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        let events = try player.play(to: 7.5)
        #expect(Self.progressPositions(events) == [0, 5, 7.5])
        #expect(player.timeline.map(\.event) == ["impression", "creativeView", "start", "firstQuartile"])
        #expect(player.playhead == 7.5)
        #expect(player.finalPhase == .playing)
        #expect(clock.now == Self.start.addingTimeInterval(7.5))
        #expect(throws: VirtualPlayerError.self) { try player.play(to: 3) }
        #expect(try player.play(to: 7.5) == [], "already there: nothing to report")
    }

    @Test func theAppsFullscreenGoesThroughTheUnitAndExpandsThenCollapsesThePlayer() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin()
        try player.play([PlayerInput(at: 0, .presentFullscreen), PlayerInput(at: 12, .dismissFullscreen)])
        let fullscreen = player.events.compactMap { event -> String? in
            switch event {
            case .callback(.unit(.willPresentFullscreen)): "willPresent"
            case .callback(.unit(.didPresentFullscreen)): "didPresent"
            case .callback(.video(.playerExpanded)): "expanded"
            case .callback(.unit(.willDismissFullscreen)): "willDismiss"
            case .callback(.video(.playerCollapsed)): "collapsed"
            case .callback(.unit(.didDismissFullscreen)): "didDismiss"
            default: nil
            }
        }
        #expect(fullscreen == ["willPresent", "didPresent", "expanded", "willDismiss", "collapsed", "didDismiss"])
        #expect(
            player.timeline.filter { $0.event.hasPrefix("player") }.map(\.url) == [
                "https://inline.example.com/t?e=playerExpand&ph=00%3A00%3A00.000",
                "https://inline.example.com/t?e=playerCollapse&ph=00%3A00%3A12.000",
            ])
        #expect(player.notes.map(\.input) == ["fullscreen presentation", "fullscreen dismissal"])
        #expect(player.finalPhase == .completed, "the video plays on after the unit left fullscreen")
    }

    @Test func aClickCarriesItsPositionAndThePlayheadAndNamesThePageItOpens() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin()
        try player.play([PlayerInput(at: 7.5, .click(at: ClickPoint(x: 195, y: 420)))])
        #expect(
            player.timeline.filter { $0.event == "clickTracking" }.map(\.url) == [
                "https://inline.example.com/click?pos=195,420&ph=00%3A00%3A07.500"
            ])
        #expect(player.notes.first?.detail == "opens https://advertiser.example.com/landing")
    }

    @Test func aSkipBeforeTheOffsetIsRefusedAndOneAfterEndsThePlay() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin()
        try player.play([PlayerInput(at: 4, .skip), PlayerInput(at: 6, .skip), PlayerInput(at: 8, .mute)])
        #expect(player.notes.map(\.error?.code.description) == ["skipOffsetNotReached", nil, nil])
        #expect(player.notes.last?.outcome == .ignored("the ad had already ended (skipped)"))
        #expect(
            player.timeline.map(\.event) == [
                "impression", "creativeView", "start", "firstQuartile", "skip", "viewUndetermined",
            ])
        #expect(player.finalPhase == .skipped)
    }

    @Test func aPauseWithNoResumeStopsThePlayThere() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin()
        try player.play([PlayerInput(at: 3, .pause)])
        #expect(player.finalPhase == .paused)
        #expect(player.playhead == 3)
        #expect(try player.play(to: 20) == [], "a paused player's playhead does not move")
    }

    /// MRC: 2 continuous seconds of exposed playback. 1 s before a pause does not count toward the 2 s
    /// after it: resumed at clock 3 s (playhead 1 s), the ad is viewable at playhead 3 s, clock 5 s.
    @Test func viewabilityCountsTwoSecondsOfPlaybackAfterAResume() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin(exposure: 100)
        try player.play([PlayerInput(at: 1, .pause), PlayerInput(at: 3, .resume)])
        let viewable = player.events.firstIndex(of: .callback(.viewability(.viewable)))
        #expect(viewable != nil)
        #expect(player.timeline.filter { $0.event == "viewable" }.map(\.at) == [3])
        #expect(
            player.timeline.filter { $0.event == "viewable" }.map(\.url) == [
                "https://inline.example.com/viewable?ts=2024-05-01T12%3A00%3A05.000Z"
            ])
    }

    /// MRC: the 2 s are continuous at 50 % or more; a drop to 20 % at 1 s starts the count again, so back
    /// at 100 % from 4 s the ad is viewable at 6 s.
    @Test func anExposureDropDuringPlayStartsTheViewabilityCountAgain() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin(exposure: 100)
        try player.play([PlayerInput(at: 1, .exposure(percent: 20)), PlayerInput(at: 4, .exposure(percent: 100))])
        #expect(player.timeline.filter { $0.event == "viewable" }.map(\.at) == [6])
        #expect(player.notes.map(\.input) == ["exposure 20 %", "exposure 100 %"])
    }

    @Test func mutingTwiceIsIgnoredAndClosingEndsThePlayWithCloseLinear() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        try player.begin()
        try player.play([
            PlayerInput(at: 2, .mute), PlayerInput(at: 3, .mute), PlayerInput(at: 4, .unmute),
            PlayerInput(at: 6, .close),
        ])
        #expect(player.notes.map(\.outcome) == [.applied, .ignored("already muted"), .applied, .applied])
        #expect(
            player.timeline.map(\.event) == [
                "impression", "creativeView", "start", "mute", "unmute", "firstQuartile", "closeLinear",
                "viewUndetermined",
            ])
        #expect(player.finalPhase == .closed)
        #expect(player.playhead == 6)
    }

    @Test func theSimulationIsViewableTwoSecondsAfterAResumeToo() throws {
        let ad = try SimulationTests.ad(Self.everyPart)
        let result = try Simulation.simulate(
            ad, options: SimulationOptions(pauseAt: 1, resumeAt: 3, exposure: 100), macros: SimulationTests.macros,
            start: Self.start)
        #expect(result.timeline.filter { $0.event == "viewable" }.map(\.at) == [3])
    }

    /// Display: 50 % of the pixels for 1 continuous second.
    @Test func aBannerShownAtEightyPercentIsViewableOnceASecondHasPassed() throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(
            playing: try Self.session(creative: .companion(creative: 1, companion: 1), clock: clock), clock: clock)
        try player.begin(exposure: 80)
        #expect(try player.wait(0.9).isEmpty)
        let events = try player.wait(0.3)
        #expect(events.first == .callback(.viewability(.viewable)))
        #expect(try player.end() == [])
        #expect(player.timeline.map(\.event) == ["impression", "creativeView", "viewable"])
        #expect(throws: VirtualPlayerError.self) { try player.play() }
    }

    @Test func aPodIsPlayedAdByAdEachFromItsOwnPlayhead() throws {
        let text = try String(
            contentsOf: SimulationTests.root.appendingPathComponent("Tests/Fixtures/lifecycle/ads/session-pod.xml"),
            encoding: .utf8)
        let document = try VASTParser().parse(text).document
        let pod = document.ads.filter { $0.sequence != nil }.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
            .compactMap { ResolvedAd(ad: $0, hop: 0, chain: []) }
        let clock = VirtualClock(Self.start)
        let adBreak = AdBreak(
            pod: pod, configuration: AdSessionConfiguration(adInstanceID: "break", macros: SimulationTests.macros),
            clock: clock.read, beaconSink: { _ in })
        adBreak.start()
        var player = VirtualPlayer(playing: adBreak, clock: clock)
        var ended: [Int] = []
        for _ in pod {
            for case .callback(.adEnded(let position, _)) in try player.play() { ended.append(position) }
        }
        #expect(ended == [1, 2, 3])
        #expect(
            player.timeline.map { "\($0.event)@\($0.at)" }
                == Array(
                    repeating: ["impression@0.0", "start@0.0", "midpoint@5.0", "complete@10.0"], count: 3
                ).flatMap { $0 })
        #expect(Set(player.timeline.map { $0.url.contains("ad=pod-") }) == [true])
        #expect(clock.now == Self.start.addingTimeInterval(30))
        #expect(try player.play() == [], "the break is over")
        #expect(player.finalPhase == .completed)
    }

    @Test(arguments: [
        [PlayerInput(at: .nan, .pause)], [PlayerInput(at: -1, .mute)], [PlayerInput(at: .infinity, .click(at: nil))],
        [PlayerInput(at: 360_000_000_000, .skip)], [PlayerInput(at: 1, .seek(to: -5))],
        [PlayerInput(at: 1, .exposure(percent: 101))], [PlayerInput(at: 1, .exposure(percent: .nan))],
    ])
    func outOfBoundsInputsAreRefusedBeforeAnythingIsSent(_ inputs: [PlayerInput]) throws {
        let clock = VirtualClock(Self.start)
        let sink = Sink()
        var player = VirtualPlayer(playing: try Self.session(clock: clock, sink: sink), clock: clock)
        #expect(throws: VirtualPlayerError.self) { try player.play(inputs) }
        #expect(player.inputCount == 0)
        #expect(sink.beacons.isEmpty)
    }

    @Test(arguments: [Double.nan, -0.5, .infinity, 360_000_000_000])
    func outOfBoundsPlayTargetsAndDurationsAreRefused(_ seconds: Double) throws {
        let clock = VirtualClock(Self.start)
        var player = VirtualPlayer(playing: try Self.session(clock: clock), clock: clock)
        #expect(throws: VirtualPlayerError.self) { try player.play(to: seconds) }
        #expect(throws: VirtualPlayerError.self) { try player.begin(duration: seconds) }
        #expect(throws: VirtualPlayerError.self) { try player.wait(seconds) }
        #expect(throws: VirtualPlayerError.self) { try player.begin(exposure: seconds) }
        #expect(player.inputCount == 0)
    }

    @Test func anAdWithNoDurationPlaysOnlyToAPosition() throws {
        let clock = VirtualClock(Self.start)
        var text = try String(contentsOf: SimulationTests.root.appendingPathComponent(Self.everyPart), encoding: .utf8)
        text = text.replacingOccurrences(of: "<Duration>00:00:20.000</Duration>", with: "")
        let first = try #require(try VASTParser().parse(text).document.ads.first)
        let noDuration = try #require(ResolvedAd(ad: first, hop: 0, chain: []))
        let session = try AdSession(
            ad: noDuration, creative: .linear(creative: 0, assetURI: nil),
            configuration: AdSessionConfiguration(adInstanceID: "ad-1", macros: SimulationTests.macros),
            clock: clock.read, beaconSink: { _ in })
        var player = VirtualPlayer(playing: session, clock: clock)
        do {
            try player.play()
            Issue.record("a play to the end of an ad of unknown length must be refused")
        } catch {
            #expect(error.code == .unknownDuration)
        }
        #expect(Self.progressPositions(try player.play(to: 4)) == [0, 4])
    }
}

import AdLifecycle
import Foundation
import Testing
import VAST

@Suite struct VideoLifecycleTests {
    static let asset = "https%3A%2F%2Fcdn.example%2Fa.mp4"

    func store(skipOffset: VASTTimeOffset?? = nil) -> TestStore<VideoLifecycle> {
        var plan = TwoHopChain.plan()
        if let skipOffset { plan.skipOffset = skipOffset }
        return TestStore(VideoLifecycle(plan: plan))
    }

    func started(at playhead: String) -> [VideoAction] {
        [
            .callback(.started),
            .beacon(beacon("start", "https://w.example/start?ph=\(playhead)", hop: 0)),
            .beacon(beacon("creativeView", "https://i.example/cv", hop: 1)),
            .beacon(beacon("start", "https://i.example/start?a=\(Self.asset)", hop: 1)),
        ]
    }

    func quartile1(at playhead: String) -> [VideoAction] {
        [
            .callback(.quartileReached(.firstQuartile)),
            .beacon(beacon("firstQuartile", "https://w.example/q1", hop: 0)),
            .beacon(beacon("firstQuartile", "https://i.example/q1?ph=\(playhead)", hop: 1)),
        ]
    }

    let midpoint: [VideoAction] = [
        .callback(.quartileReached(.midpoint)), .beacon(beacon("midpoint", "https://i.example/mid", hop: 1)),
    ]
    let thirdQuartile: [VideoAction] = [
        .callback(.quartileReached(.thirdQuartile)), .beacon(beacon("thirdQuartile", "https://i.example/q3", hop: 1)),
    ]
    let progress5s: [VideoAction] = [
        .beacon(beacon("progress", "https://w.example/p5", hop: 0, offset: "00:00:05.000")),
        .beacon(beacon("progress", "https://i.example/p5", hop: 1, offset: "00:00:05.000")),
    ]
    let progress50: [VideoAction] = [.beacon(beacon("progress", "https://i.example/p50", hop: 1, offset: "50%"))]
    let loaded: [VideoAction] = [
        .callback(.durationUpdated(durationMs: 10_000)), .beacon(beacon("loaded", "https://i.example/loaded", hop: 1)),
    ]
    let completed: [VideoAction] = [
        .callback(.completed), .beacon(beacon("complete", "https://i.example/complete", hop: 1)),
    ]

    @Test func aFullPlayFiresEveryMilestoneOnceInPlayheadOrder() {
        var store = store()
        store.send(.durationUpdated(durationMs: 10_000), loaded)
        store.send(.durationUpdated(durationMs: 10_000), [])
        store.send(
            .progressed(positionMs: 0, durationMs: 10_000),
            started(at: "00%3A00%3A00.000") + [.callback(.progressed(positionMs: 0, durationMs: 10_000))])
        store.send(
            .progressed(positionMs: 2500, durationMs: 10_000),
            [.callback(.progressed(positionMs: 2500, durationMs: 10_000))] + quartile1(at: "00%3A00%3A02.500"))
        store.send(
            .progressed(positionMs: 5000, durationMs: 10_000),
            [.callback(.progressed(positionMs: 5000, durationMs: 10_000))] + midpoint + progress5s + progress50)
        store.send(.playbackCompleted, thirdQuartile + completed)
        store.send(.progressed(positionMs: 10_000, durationMs: 10_000), [])
        store.send(.resumed, [])
        store.finish()
    }

    @Test func quartilesFireInOrderWhenProgressJumpsPastSeveral() {
        var store = store()
        store.send(
            .progressed(positionMs: 9000, durationMs: 10_000),
            loaded + started(at: "00%3A00%3A09.000")
                + [.callback(.progressed(positionMs: 9000, durationMs: 10_000))]
                + quartile1(at: "00%3A00%3A09.000") + midpoint + progress5s + progress50 + thirdQuartile)
        store.send(
            .progressed(positionMs: 1000, durationMs: 10_000),
            [.callback(.progressed(positionMs: 1000, durationMs: 10_000))])
        store.send(
            .progressed(positionMs: 9500, durationMs: 10_000),
            [.callback(.progressed(positionMs: 9500, durationMs: 10_000))])
        store.finish()
    }

    @Test func percentageOffsetsWaitForAKnownDuration() {
        var store = store()
        store.send(
            .progressed(positionMs: 6000, durationMs: nil),
            started(at: "00%3A00%3A06.000") + [.callback(.progressed(positionMs: 6000, durationMs: nil))]
                + progress5s)
        store.send(
            .durationUpdated(durationMs: 10_000), loaded + quartile1(at: "00%3A00%3A06.000") + midpoint + progress50)
        store.finish()
    }

    @Test func completionFiresStartAndMissedMilestonesFirst() {
        var store = store()
        store.send(.durationUpdated(durationMs: 10_000), loaded)
        store.send(
            .playbackCompleted,
            started(at: "00%3A00%3A10.000") + quartile1(at: "00%3A00%3A10.000") + midpoint + progress5s
                + progress50 + thirdQuartile + completed)
        store.finish()
    }

    @Test func pauseAndResumeAlternateAndDuplicatesAreIgnored() {
        var store = store()
        store.send(.paused, [])
        store.send(
            .progressed(positionMs: 1000, durationMs: nil),
            started(at: "00%3A00%3A01.000") + [.callback(.progressed(positionMs: 1000, durationMs: nil))])
        store.send(
            .paused,
            [.callback(.paused), .beacon(beacon("pause", "https://i.example/pause?ph=00%3A00%3A01.000", hop: 1))])
        store.send(.paused, [])
        store.send(.resumed, [.callback(.resumed), .beacon(beacon("resume", "https://i.example/resume", hop: 1))])
        store.send(.resumed, [])
        store.finish()
    }

    @Test func muteAndPlayerExpandFireOnlyOnAChangeWithVAST3Spellings() {
        var store = store()
        store.send(.unmuted, [])
        store.send(.muted, [.callback(.muted), .beacon(beacon("mute", "https://i.example/mute", hop: 1))])
        store.send(.muted, [])
        store.send(.unmuted, [.callback(.unmuted), .beacon(beacon("unmute", "https://i.example/unmute", hop: 1))])
        store.send(
            .playerExpanded,
            [
                .callback(.playerExpanded),
                .beacon(beacon("fullscreen", "https://w.example/fs", hop: 0)),
                .beacon(beacon("playerExpand", "https://i.example/expand", hop: 1)),
            ])
        store.send(.playerExpanded, [])
        store.send(
            .playerCollapsed,
            [
                .callback(.playerCollapsed), .beacon(beacon("playerCollapse", "https://i.example/collapse", hop: 1)),
            ])
        store.finish()
    }

    @Test func skipWorksOnlyOnceTheSkipOffsetIsReached() {
        var store = store()
        store.reject(.skipRequested, LifecycleError(.skipOffsetNotReached))
        store.send(
            .progressed(positionMs: 4999, durationMs: nil),
            started(at: "00%3A00%3A04.999") + [.callback(.progressed(positionMs: 4999, durationMs: nil))])
        store.reject(.skipRequested, LifecycleError(.skipOffsetNotReached))
        store.send(
            .progressed(positionMs: 5000, durationMs: nil),
            [.callback(.progressed(positionMs: 5000, durationMs: nil))] + progress5s)
        store.send(.skipRequested, [.callback(.skipped), .beacon(beacon("skip", "https://i.example/skip", hop: 1))])
        store.send(.progressed(positionMs: 9000, durationMs: 10_000), [])
        store.send(.skipRequested, [])
        store.finish()
    }

    @Test func aPercentageSkipOffsetNeedsTheDuration() {
        var store = store(skipOffset: .some(.percent(10)))
        store.send(
            .progressed(positionMs: 1000, durationMs: nil),
            started(at: "00%3A00%3A01.000") + [.callback(.progressed(positionMs: 1000, durationMs: nil))])
        store.reject(.skipRequested, LifecycleError(.skipOffsetNotReached))
        store.send(.durationUpdated(durationMs: 10_000), loaded)
        store.send(.skipRequested, [.callback(.skipped), .beacon(beacon("skip", "https://i.example/skip", hop: 1))])
        store.finish()
    }

    @Test func anAdWithoutSkipOffsetIsNotSkippable() {
        var store = store(skipOffset: .some(nil))
        store.reject(.skipRequested, LifecycleError(.notSkippable))
        store.finish()
    }

    @Test func anInterruptionIsTerminalAndALateResumeIsIgnored() {
        var store = store()
        store.send(
            .progressed(positionMs: 3000, durationMs: nil),
            started(at: "00%3A00%3A03.000") + [.callback(.progressed(positionMs: 3000, durationMs: nil))])
        store.send(
            .paused,
            [.callback(.paused), .beacon(beacon("pause", "https://i.example/pause?ph=00%3A00%3A03.000", hop: 1))])
        store.send(
            .playbackInterrupted(.timedOut),
            [
                .callback(.interrupted(.timedOut)),
                .beacon(beacon("error", "https://w.example/err?code=402&t=2023-11-14T22%3A13%3A20.123Z", hop: 0)),
                .beacon(beacon("error", "https://i.example/err/402", hop: 1)),
            ])
        store.send(.resumed, [])
        store.send(.progressed(positionMs: 9000, durationMs: 10_000), [])
        store.send(.playbackCompleted, [])
        store.send(.muted, [])
        store.finish()
    }

    @Test func closeFiresCloseLinearAndEndsTracking() {
        var store = store()
        store.send(
            .closeRequested, [.callback(.closed), .beacon(beacon("closeLinear", "https://i.example/close", hop: 1))])
        store.send(.closeRequested, [])
        store.finish()
    }

    @Test func iconViewFiresOnceAndEveryIconClickTracks() {
        var store = store()
        let click: [VideoAction] = [
            .callback(.iconClicked(index: 0, url: nil)),
            .beacon(beacon("iconClickTracking", "https://i.example/icon-click?pos=[CLICKPOS]", hop: 1)),
        ]
        store.reject(.iconClicked(index: 0), LifecycleError(.iconNotShown))
        store.reject(.iconViewed(index: 1), LifecycleError(.noSuchIcon))
        store.send(.iconViewed(index: 0), [.beacon(beacon("iconViewTracking", "https://i.example/icon-view", hop: 1))])
        store.send(.iconViewed(index: 0), [])
        store.send(.iconClicked(index: 0), click)
        store.send(.iconClicked(index: 0), click)
        store.finish()
    }

    @Test func aZeroDurationIsRefused() {
        var store = store()
        store.reject(.durationUpdated(durationMs: 0), LifecycleError(.invalidDuration))
        store.finish()
    }
}

import AdLifecycle
import Foundation
import Testing
import VAST

/// Every order a host can send (issue 25: "lifecycle inputs out of order"): from each of a set of states, every
/// pair of inputs is sent to a session, and the ordering rules of ORDERING.md are checked over the whole
/// history: each input is handled, refused with a typed error that changed nothing, or a documented no-op.
@Suite struct SessionOrderingPairsTests {
    /// One input of each kind a host reports, with the values a player sends.
    static let inputs: [SessionInput] = [
        .unit(.impressionRendered), .unit(.clicked(position: ClickPoint(x: 1, y: 2), playheadMs: nil)),
        .unit(.fullscreenRequested(hostAvailable: true)), .unit(.fullscreenRequested(hostAvailable: false)),
        .unit(.fullscreenPresented), .unit(.fullscreenDismissRequested), .unit(.fullscreenDismissed),
        .unit(.externalAppOpening(url: "https://x.example")), .unit(.rewardEarned), .unit(.expired),
        .unit(.renderFailed(errorCode: 405)), .unit(.companionViewed(index: 0)), .unit(.companionClicked(index: 0)),
        .video(.durationUpdated(durationMs: 20_000)), .video(.progressed(positionMs: 0, durationMs: nil)),
        .video(.progressed(positionMs: 6_000, durationMs: nil)),
        .video(.progressed(positionMs: 21_000, durationMs: 20_000)),
        .video(.paused), .video(.resumed), .video(.muted), .video(.unmuted), .video(.playerExpanded),
        .video(.playerCollapsed), .video(.skipRequested), .video(.closeRequested), .video(.playbackCompleted),
        .video(.playbackInterrupted(.timedOut)), .video(.iconViewed(index: 0)), .video(.iconClicked(index: 0)),
        .exposureChanged(percent: 60), .exposureChanged(percent: 0), .timePassed,
        .verificationNotExecuted(index: 0, reason: .notSupported), .ended,
    ]

    /// The states the pairs start from, each reached by a prefix of inputs (a fresh session included).
    static let states: [(name: String, prefix: [SessionInput])] = [
        ("fresh", []),
        ("impression logged", [.unit(.impressionRendered)]),
        ("playing", [.video(.progressed(positionMs: 0, durationMs: nil))]),
        ("paused", [.video(.progressed(positionMs: 1_000, durationMs: nil)), .video(.paused)]),
        (
            "fullscreen", [.unit(.fullscreenRequested(hostAvailable: true)), .unit(.fullscreenPresented)]
        ),
        ("presenting", [.unit(.fullscreenRequested(hostAvailable: true))]),
        ("completed", [.video(.progressed(positionMs: 0, durationMs: nil)), .video(.playbackCompleted)]),
        ("ended", [.unit(.impressionRendered), .ended]),
    ]

    @Test func everyPairOfInputsFromEveryStateKeepsTheOrderingRules() throws {
        let resolved = try SessionHarness.resolve(ad: "session-every-part.xml", wrappers: [])
        var runs = 0
        var refusals: [String: Int] = [:]
        var noOps = 0
        for state in Self.states {
            for first in Self.inputs {
                for second in Self.inputs {
                    var lifecycle = try SessionLifecycle(
                        ad: resolved, creative: .linear(creative: 0, assetURI: "https://cdn.example.com/a.mp4"),
                        configuration: AdSessionConfiguration(adInstanceID: "ad-1", macros: Fixed.macros))
                    var history = History()
                    let inputs = state.prefix + [first, second]
                    for (index, input) in inputs.enumerated() {
                        let before = Snapshot(lifecycle)
                        let now = Fixed.now.addingTimeInterval(Double(index))
                        do {
                            let events = try lifecycle.send(input, at: now)
                            if events.isEmpty, index >= state.prefix.count { noOps += 1 }
                            if let broken = history.record(events) {
                                Issue.record("\(state.name), then \(first.name), \(second.name): \(broken)")
                            }
                        } catch {
                            refusals[error.code.description, default: 0] += 1
                            #expect(
                                Snapshot(lifecycle) == before,
                                "\(state.name), then \(first.name), \(second.name): a refused \(input.name) changed the state"
                            )
                        }
                    }
                    runs += 1
                }
            }
        }
        print(
            "ordering pairs: states=\(Self.states.count) inputs=\(Self.inputs.count) runs=\(runs) no-ops=\(noOps) "
                + "refusals=\(refusals.values.reduce(0, +)) codes=\(refusals.keys.sorted().joined(separator: ","))")
        #expect(runs == Self.states.count * Self.inputs.count * Self.inputs.count)
    }

    @Test func aCompletionBeforeAnyProgressLogsTheImpressionFirst() throws {
        let harness = try SessionHarness()
        let events = try harness.at(1000).send(.video(.playbackCompleted))
        let callbacks = events.compactMap(\.callback)
        #expect(callbacks.first == .unit(.impressionWillBeLogged))
        #expect(callbacks.firstIndex(of: .video(.started)) == 1)
        #expect(callbacks.last == .viewability(.undetermined))
        #expect(callbacks.dropLast().last == .video(.completed))
    }
}

/// The whole observable state of a session, compared before and after a refused input.
private struct Snapshot: Equatable {
    var unit: UnitState
    var video: VideoState?
    var mraid: MRAIDLifecycleState?
    var viewability: ViewabilityMeter
    var state: SessionState

    init(_ lifecycle: SessionLifecycle) {
        unit = lifecycle.unit.state
        video = lifecycle.video?.state
        mraid = lifecycle.mraid?.state
        viewability = lifecycle.viewability
        state = lifecycle.state
    }
}

/// The rules of ORDERING.md that any history of events must keep, checked as events arrive.
private struct History {
    var impressions = 0
    var started = false
    var quartiles: [Quartile] = []
    var videoEnded = false
    var unitFinished = false
    var presentation = "none"
    var verdicts = 0
    var rewards = 0
    var lastCallback: SessionCallback?

    /// Adds one input's events; the first rule they break, or `nil`.
    mutating func record(_ events: [SessionEvent]) -> String? {
        for event in events {
            switch event {
            case .beacon(let beacon):
                if beacon.event == "impression", lastCallback != .unit(.impressionWillBeLogged) {
                    return "impression beacon without its callback"
                }
                if ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].contains(beacon.event),
                    impressions == 0
                {
                    return "\(beacon.event) beacon before the impression (impression-before-start)"
                }
            case .callback(let callback):
                if let broken = check(callback) { return broken }
                lastCallback = callback
            }
        }
        return nil
    }

    private mutating func check(_ callback: SessionCallback) -> String? {
        switch callback {
        case .unit(let unit):
            if unitFinished, unit != .rewarded { return "\(unit) after the unit finished (after-dismissal)" }
            switch unit {
            case .impressionWillBeLogged:
                impressions += 1
                if impressions > 1 { return "impression logged twice (impression-once)" }
            case .clicked: if impressions == 0 { return "click before the impression (click-before-impression)" }
            case .willPresentFullscreen:
                guard presentation == "none" else { return "willPresent in \(presentation) (pairs-nested)" }
                presentation = "presenting"
            case .didPresentFullscreen:
                guard presentation == "presenting" else { return "didPresent in \(presentation) (pairs-nested)" }
                presentation = "presented"
            case .willDismissFullscreen:
                guard presentation == "presented" else { return "willDismiss in \(presentation) (pairs-nested)" }
                presentation = "dismissing"
            case .didDismissFullscreen:
                guard presentation == "dismissing" else { return "didDismiss in \(presentation) (pairs-nested)" }
                unitFinished = true
            case .rewarded:
                rewards += 1
                if rewards > 1 || impressions == 0 { return "reward twice or before the impression (reward)" }
            case .expired:
                if impressions > 0 { return "expired after the impression (expiry)" }
                unitFinished = true
            case .failed: unitFinished = true
            case .willOpenExternalApp, .companionClicked: break
            }
        case .video(let video):
            if videoEnded { return "\(video) after the video ended (terminal-video)" }
            switch video {
            case .started:
                if impressions == 0 { return "started before the impression (impression-before-start)" }
                if started { return "started twice (start-once)" }
                started = true
            case .quartileReached(let quartile):
                if !started { return "\(quartile) before start (milestones-ordered)" }
                if let last = quartiles.last, last >= quartile {
                    return "\(quartile) after \(last) (milestones-ordered)"
                }
                quartiles.append(quartile)
            case .completed, .skipped, .closed, .interrupted: videoEnded = true
            default: break
            }
        case .viewability:
            verdicts += 1
            if verdicts > 1 || impressions == 0 {
                return "a second verdict, or one before the impression (viewability)"
            }
        default: break
        }
        return nil
    }
}

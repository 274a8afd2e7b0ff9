import AdLifecycle
import Foundation
import TestSupport
import Testing

@Suite struct VideoPropertyTests {
    static let plan = TwoHopChain.plan()

    static func randomInput(_ rng: inout SplitMix64) -> VideoInput {
        switch rng.int(0...19) {
        case 0...7:
            .progressed(positionMs: rng.int(0...12_000), durationMs: rng.pick([nil, 10_000, 10_000, 8000]))
        case 8: .durationUpdated(durationMs: rng.pick([0, 10_000, 8000]))
        case 9: .paused
        case 10: .resumed
        case 11: rng.chance(50) ? .muted : .unmuted
        case 12: rng.chance(50) ? .playerExpanded : .playerCollapsed
        case 13: .skipRequested
        case 14: rng.chance(30) ? .closeRequested : .paused
        case 15: rng.chance(40) ? .playbackCompleted : .resumed
        case 16:
            rng.chance(25)
                ? .playbackInterrupted(rng.pick([.general, .timedOut, .displayProblem]))
                : .progressed(positionMs: 0, durationMs: nil)
        case 17: .iconViewed(index: 0)
        case 18: .iconClicked(index: 0)
        default: .durationUpdated(durationMs: 10_000)
        }
    }

    /// The video's invariants over a whole history of actions.
    struct Invariants {
        var started = false
        var quartiles: [Quartile] = []
        var offsetsFired: Set<String> = []
        var ended = false
        var paused = false
        var muted = false

        mutating func check(_ actions: [VideoAction], after state: VideoState) -> String? {
            if ended && !actions.isEmpty { return "actions after the end: \(actions)" }
            var offsetsNow: Set<String> = []
            // Completion fills the milestones not yet fired: the end passed them all.
            let completing = actions.contains(.callback(.completed))
            for action in actions {
                switch action {
                case .beacon(let beacon):
                    if beacon.event == "progress", let offset = beacon.offset {
                        if offsetsFired.contains(offset) { return "progress \(offset) fired twice" }
                        offsetsNow.insert(offset)
                        if !started { return "progress offset before start" }
                    }
                case .callback(let callback):
                    switch callback {
                    case .started:
                        if started { return "started twice" }
                        started = true
                    case .quartileReached(let quartile):
                        if !started { return "quartile before start" }
                        if let last = quartiles.last, last >= quartile { return "\(quartile) after \(last)" }
                        quartiles.append(quartile)
                        guard !completing else { break }
                        guard let duration = state.durationMs, let playhead = state.playheadMs,
                            Double(playhead) >= (Double(duration) * quartile.fraction).rounded()
                        else { return "\(quartile) before the playhead reached it" }
                    case .paused:
                        if paused { return "paused twice" }
                        paused = true
                    case .resumed:
                        if !paused { return "resumed without a pause" }
                        paused = false
                    case .muted, .unmuted:
                        if muted == (callback == .muted) { return "\(callback) without a change" }
                        muted.toggle()
                    case .completed, .skipped, .closed, .interrupted:
                        if ended { return "two endings" }
                        ended = true
                    case .progressed, .durationUpdated, .playerExpanded, .playerCollapsed, .iconClicked: break
                    }
                }
            }
            offsetsFired.formUnion(offsetsNow)
            if state.phase.isTerminal != ended { return "phase \(state.phase) disagrees with the history" }
            if state.isMuted != muted || (!ended && (state.phase == .paused) != paused) {
                return "toggles disagree with state"
            }
            return nil
        }
    }

    static func runOne(seed: UInt64) -> String? {
        var rng = SplitMix64(seed: seed)
        var video = VideoLifecycle(plan: plan)
        var invariants = Invariants()
        var history: [VideoInput] = []
        for _ in 0..<rng.int(1...30) {
            let input = randomInput(&rng)
            history.append(input)
            let before = video.state
            let result: Result<[VideoAction], LifecycleError>
            do throws(LifecycleError) { result = .success(try video.send(input, at: Fixed.now)) } catch {
                result = .failure(error)
            }
            let failure =
                PropertyCheck.conforms(
                    VideoLifecycle.contract, input: input.kind, before: before.phase, after: video.phase,
                    changed: video.state != before, result: result.map(\.count), code: \.code)
                ?? invariants.check((try? result.get()) ?? [], after: video.state)
            if let failure { return "\(failure)\ninputs: \(history)" }
        }
        return nil
    }

    @Test func tenThousandRandomSequencesKeepTheVideoContract() {
        PropertyCheck.run("video", baseSeed: 0x5EED_0002, Self.runOne)
    }
}

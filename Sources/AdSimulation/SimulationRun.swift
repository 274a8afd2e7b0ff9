import AdLifecycle
import Foundation
import Synchronization
import VAST

/// The state of one simulated playback: the session played, the clock and playhead, and what was recorded.
struct SimulationRun {
    private let session: AdSession
    private let clock: SimulationClock
    private let start: Date
    private let durationMs: Int
    private var clockMs = 0
    private var playheadMs = 0
    private(set) var timeline: [TimelineEntry] = []
    private(set) var events: [SessionEvent] = []
    private(set) var notes: [SimulationNote] = []
    private(set) var inputCount = 0

    init(ad: ResolvedAd, creative: SessionCreative, macros: VASTMacroContext, start: Date, durationMs: Int)
        throws(SessionError)
    {
        let clock = SimulationClock(start)
        session = try AdSession(
            ad: ad, creative: creative, configuration: AdSessionConfiguration(adInstanceID: "simulation", macros: macros),
            clock: { clock.now }, beaconSink: { _ in })
        self.clock = clock
        self.start = start
        self.durationMs = durationMs
    }

    var videoPhase: VideoPhase { session.lifecycle.video?.phase ?? .loading }

    mutating func play(inputs: [ScheduledInput], exposure: Double?) {
        var pending = inputs[...]
        _ = send(.impressionRendered)
        if let exposure { _ = send(.exposureChanged(percent: exposure)) }
        _ = send(.durationUpdated(seconds(durationMs)))
        _ = send(.progressed(position: 0, duration: seconds(durationMs)))
        applyInputs(due: &pending)
        while !videoPhase.isTerminal {
            if playheadMs >= durationMs {
                _ = send(.playbackCompleted)
                break
            }
            let playing = videoPhase != .paused
            guard playing || !pending.isEmpty else { break }  // paused for good
            var next = Int.max
            if let due = pending.first?.clockMs { next = due }
            if playing { next = min(next, clockMs + (nextMoment() - playheadMs)) }
            next = max(next, clockMs)
            if playing { playheadMs = min(durationMs, playheadMs + (next - clockMs)) }
            clockMs = next
            if playing { _ = send(.progressed(position: seconds(playheadMs), duration: seconds(durationMs))) }
            applyInputs(due: &pending)
        }
        for input in pending {
            note(describe(input.kind), .ignored("the ad had already ended (\(videoPhase.rawValue))"), clockMs: input.clockMs)
        }
    }

    /// The next playhead at which something can happen: a milestone not yet passed, the point where the
    /// viewability count can be met, or the end.
    private func nextMoment() -> Int {
        let lifecycle = session.lifecycle
        var moments = [durationMs]
        for quartile in Quartile.allCases {
            moments.append(Int((Double(durationMs) * quartile.fraction).rounded()))
        }
        for offset in lifecycle.plan.progressOffsets {
            switch offset {
            case .time(let time): moments.append(time.milliseconds)
            case .percent: moments.append(offset.resolved(in: VASTTime(milliseconds: durationMs)).milliseconds)
            }
        }
        let meter = lifecycle.viewability
        if meter.verdict == nil, (meter.exposurePercent ?? 0) >= meter.rule.thresholdPercent {
            // The meter counts playback between progress reports: report at the playhead where it is met.
            let remaining = Int(max(1, min(Int64(Int32.max), meter.rule.requiredMs - meter.continuousMs)))
            moments.append(playheadMs + remaining)
        }
        return moments.filter { $0 > playheadMs }.min() ?? durationMs
    }

    private mutating func applyInputs(due pending: inout ArraySlice<ScheduledInput>) {
        while let input = pending.first, input.clockMs <= clockMs {
            pending.removeFirst()
            if videoPhase.isTerminal {
                note(describe(input.kind), .ignored("the ad had already ended (\(videoPhase.rawValue))"))
                continue
            }
            apply(input.kind)
        }
    }

    private mutating func apply(_ kind: ScheduledInput.Kind) {
        let name = describe(kind)
        let first = timeline.count
        let playheadBefore = playheadMs
        let result: Result<[SessionEvent], SessionError>
        var detail: String?
        switch kind {
        case .seek(let target):
            let position = min(max(0, target), durationMs)
            let before = playheadMs
            playheadMs = position
            result = send(.progressed(position: seconds(position), duration: seconds(durationMs)))
            if case .failure = result { playheadMs = before }
        case .pause: result = send(.paused)
        case .resume: result = send(.resumed)
        case .mute: result = send(.muted)
        case .fullscreen: result = send(.playerExpanded)
        case .click:
            result = send(.clicked(position: nil))
            if case .success(let events) = result {
                for case .callback(.clicked(let url?)) in events { detail = "opens \(url)" }
            }
        case .skip: result = send(.skipRequested)
        case .fail: result = send(.playbackInterrupted(.displayProblem))
        }
        switch result {
        case .success(let events) where events.isEmpty:
            note(name, .ignored(ignoredReason(kind)), entryIndex: first, playheadMs: playheadBefore)
        case .success:
            note(name, .applied, entryIndex: first, detail: detail, playheadMs: playheadBefore)
        case .failure(let error):
            note(name, .refused(error), entryIndex: first, playheadMs: playheadBefore)
        }
    }

    private func ignoredReason(_ kind: ScheduledInput.Kind) -> String {
        switch kind {
        case .pause: "not playing"
        case .resume: "not paused"
        case .mute: "already muted"
        case .fullscreen: "already fullscreen"
        default: "no change"
        }
    }

    private func describe(_ kind: ScheduledInput.Kind) -> String {
        switch kind {
        case .seek(let target): "seek to \(SimulationFormat.seconds(min(max(0, target), durationMs)))s"
        case .pause: "pause"
        case .resume: "resume"
        case .mute: "mute"
        case .fullscreen: "fullscreen"
        case .click: "click"
        case .skip: "skip"
        case .fail: "fail (error \(Simulation.failureCode))"
        }
    }

    private mutating func note(
        _ input: String, _ outcome: SimulationNote.Outcome, entryIndex: Int? = nil, detail: String? = nil,
        clockMs: Int? = nil, playheadMs: Int? = nil
    ) {
        notes.append(
            SimulationNote(
                clock: Double(clockMs ?? self.clockMs) / 1000, at: Double(playheadMs ?? self.playheadMs) / 1000,
                input: input, entryIndex: entryIndex ?? timeline.count, outcome: outcome, detail: detail))
    }

    private func seconds(_ milliseconds: Int) -> TimeInterval { Double(milliseconds) / 1000 }

    /// Sends one input at the current clock and records its events.
    private mutating func send(_ input: SessionInput) -> Result<[SessionEvent], SessionError> {
        clock.now = start.addingTimeInterval(Double(clockMs) / 1000)
        inputCount += 1
        do throws(SessionError) {
            let fired = try session.send(input)
            events += fired
            for case .beacon(let beacon) in fired {
                timeline.append(
                    TimelineEntry(
                        at: Double(playheadMs) / 1000, event: beacon.event, url: beacon.url, hop: beacon.hop,
                        offset: beacon.offset))
            }
            return .success(fired)
        } catch {
            return .failure(error)
        }
    }
}

/// The simulated player's clock, read by the session for each input.
private final class SimulationClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) { instant = Mutex(start) }

    var now: Date {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }
}

import AdLifecycle
import FoundationEssentials
import VAST

/// An input due at a time on the player's clock, its time checked and in milliseconds.
struct ScheduledInput: Sendable, Hashable {
    var clockMs: Int
    var action: PlayerAction
}

extension VirtualPlayer {
    var playheadMs: Int { session.playing?.playheadMs ?? 0 }
    /// Where the ad playing is, for beacons and notes: its playhead, or for an ad that is not linear (an
    /// overlay, a banner), which has none, the time on the player's clock.
    var positionMs: Int { session.playing.map { $0.video == nil } == true ? clockMs : playheadMs }
    private var durationMs: Int? { session.playing?.video?.effectiveDurationMs }

    /// The video phase of the ad playing, when it is still `instance`.
    private func phase(of instance: String) -> VideoPhase? {
        guard let ad = session.playing, ad.plan.adInstanceID == instance else { return nil }
        return ad.video?.phase
    }

    /// Takes the clock as it is now: someone else (a fixture's step time) may have moved it.
    mutating func syncClock() {
        clockMs = max(0, Simulation.milliseconds(clock.now.timeIntervalSince(start)))
    }

    mutating func advance(to target: Int?, inputs: [ScheduledInput]) throws(VirtualPlayerError) -> [SessionEvent] {
        syncClock()
        let first = events.count
        var pending = inputs[...]
        guard let ad = session.playing else {
            ignore(pending, because: "no ad is playing")
            return []
        }
        guard let video = ad.video else {
            throw VirtualPlayerError(
                .refused, "the ad playing is not linear: there is no video to play",
                sessionError: SessionError(.notLinear))
        }
        let instance = ad.plan.adInstanceID
        if target == nil, video.effectiveDurationMs == nil {
            throw VirtualPlayerError(
                .unknownDuration, "the ad's duration is unknown: report it (begin(duration:)) or play to a position")
        }
        if let target, target < playheadMs {
            throw VirtualPlayerError(
                .behindPlayhead,
                "cannot play back to \(SimulationFormat.seconds(target)) s from the playhead at "
                    + "\(SimulationFormat.seconds(playheadMs)) s; seek instead")
        }
        if video.phase == .loading { try report(playheadMs) }
        applyInputs(due: &pending, instance: instance)
        try startViewabilityCount()
        while let phase = phase(of: instance), !phase.isTerminal {
            let playhead = playheadMs
            let duration = durationMs
            if let duration, playhead >= duration {
                try sendOwn(.video(.playbackCompleted))
                break
            }
            if let target, playhead >= target { break }
            let playing = phase != .paused
            guard playing || !pending.isEmpty else { break }  // paused, and nothing will resume it
            let limit = min(duration ?? Int.max, target ?? Int.max)
            var next = Int.max
            if let due = pending.first?.clockMs { next = due }
            if playing {
                let moment = nextMoment(after: playhead, duration: duration, limit: limit)
                next = min(next, clockMs + (moment - playhead))
            }
            next = max(next, clockMs)
            let moved = min(limit, playhead + (next - clockMs))
            clockMs = next
            if playing {
                try report(moved)
                // A session that did not take the report would leave the playhead still: stop, never spin.
                guard playheadMs >= moved else { break }
            }
            applyInputs(due: &pending, instance: instance)
            try startViewabilityCount()
        }
        ignore(pending, because: "the ad had already ended (\(finalPhase.rawValue))")
        return Array(events[first...])
    }

    /// Reports the playhead at once when the ad plays exposed but the viewability count is not running
    /// (a pause reset it, or the exposure just rose): the meter counts from a progress report, and a
    /// player reports its playhead when playback resumes, so the count starts there and not at the next
    /// milestone.
    private mutating func startViewabilityCount() throws(VirtualPlayerError) {
        guard let ad = session.playing, ad.video?.phase == .playing else { return }
        let meter = ad.viewability
        guard case .video = meter.rule, meter.verdict == nil, meter.continuousMs == 0,
            (meter.exposurePercent ?? 0) >= meter.rule.thresholdPercent, meter != meterAfterReport
        else { return }
        try report(playheadMs)
    }

    /// The next playhead at which something can happen: a milestone not yet passed, the point where the
    /// viewability count can be met, or the limit (the end, or the target).
    private func nextMoment(after playhead: Int, duration: Int?, limit: Int) -> Int {
        guard let lifecycle = session.playing else { return limit }
        var moments = [limit]
        if let duration {
            for quartile in Quartile.allCases {
                moments.append(Int((Double(duration) * quartile.fraction).rounded()))
            }
        }
        for offset in lifecycle.plan.progressOffsets {
            switch offset {
            case .time(let time): moments.append(time.milliseconds)
            case .percent:
                if let duration { moments.append(offset.resolved(in: VASTTime(milliseconds: duration)).milliseconds) }
            }
        }
        let meter = lifecycle.viewability
        if meter.verdict == nil, (meter.exposurePercent ?? 0) >= meter.rule.thresholdPercent {
            // The meter counts playback between progress reports: report at the playhead where it is met.
            let remaining = Int(max(1, min(Int64(Int32.max), meter.rule.requiredMs - meter.continuousMs)))
            moments.append(playhead + remaining)
        }
        return moments.filter { $0 > playhead && $0 <= limit }.min() ?? limit
    }

    private mutating func applyInputs(due pending: inout ArraySlice<ScheduledInput>, instance: String) {
        while let input = pending.first, input.clockMs <= clockMs {
            pending.removeFirst()
            guard let phase = phase(of: instance), !phase.isTerminal else {
                note(
                    input.action.describe(durationMs: durationMs),
                    .ignored("the ad had already ended (\(finalPhase.rawValue))"), playheadMs: playheadMs)
                continue
            }
            apply(input.action)
        }
    }

    private mutating func ignore(_ pending: ArraySlice<ScheduledInput>, because reason: String) {
        for input in pending {
            note(
                input.action.describe(durationMs: durationMs), .ignored(reason), clockMs: input.clockMs,
                playheadMs: playheadMs)
        }
    }

    mutating func apply(_ action: PlayerAction) {
        let name = action.describe(durationMs: durationMs)
        let first = timeline.count
        let playhead = positionMs
        var detail: String?
        let result: Result<[SessionEvent], SessionError>
        switch action {
        case .seek(let seconds):
            let position = min(Simulation.milliseconds(seconds), durationMs ?? Int.max)
            result = send(progress(position), at: position)
        case .pause: result = send(.video(.paused))
        case .resume: result = send(.video(.resumed))
        case .mute: result = send(.video(.muted))
        case .unmute: result = send(.video(.unmuted))
        case .expandPlayer: result = send(.video(.playerExpanded))
        case .collapsePlayer: result = send(.video(.playerCollapsed))
        case .presentFullscreen:
            result = send([.unit(.fullscreenRequested(hostAvailable: true)), .unit(.fullscreenPresented)])
        case .dismissFullscreen: result = send([.unit(.fullscreenDismissRequested), .unit(.fullscreenDismissed)])
        case .click(let position):
            result = send(.unit(.clicked(position: position, playheadMs: nil)))
            if case .success(let events) = result {
                for case .callback(.unit(.clicked(let url?))) in events { detail = "opens \(url)" }
                for case .callback(.nonLinearClicked(let url?)) in events { detail = "opens \(url)" }
            }
        case .skip: result = send(.video(.skipRequested))
        case .close: result = send(.video(.closeRequested))
        case .fail(let error): result = send(.video(.playbackInterrupted(error)))
        case .exposure(let percent): result = send(.exposureChanged(percent: percent))
        case .overlay(let input): result = send(.nonLinear(input))
        }
        switch result {
        case .success(let events) where events.isEmpty:
            note(name, .ignored(action.ignoredReason), entryIndex: first, playheadMs: playhead)
        case .success:
            note(name, .applied, entryIndex: first, detail: detail, playheadMs: playhead)
        case .failure(let error):
            note(name, .refused(error), entryIndex: first, playheadMs: playhead)
        }
    }

    mutating func note(
        _ input: String, _ outcome: SimulationNote.Outcome, entryIndex: Int? = nil, detail: String? = nil,
        clockMs: Int? = nil, playheadMs: Int
    ) {
        notes.append(
            SimulationNote(
                clock: SessionTime.seconds(clockMs ?? self.clockMs), at: SessionTime.seconds(playheadMs), input: input,
                entryIndex: entryIndex ?? timeline.count, outcome: outcome, detail: detail))
    }

    /// Reports the playhead at `position` as the player's own progress.
    mutating func report(_ position: Int) throws(VirtualPlayerError) {
        try sendOwn(progress(position), at: position)
        meterAfterReport = session.playing?.viewability
    }

    /// The player's progress report at `position` (milliseconds), with the duration it reports.
    private func progress(_ position: Int) -> SessionInput {
        .video(
            .progressed(
                positionMs: position, durationMs: reportedDuration.flatMap { try? SessionTime.milliseconds($0) }))
    }

    /// Sends an input of the player's own playback: a refusal stops the play.
    mutating func sendOwn(_ input: SessionInput, at playhead: Int? = nil) throws(VirtualPlayerError) {
        if case .failure(let error) = send(input, at: playhead) {
            throw VirtualPlayerError(
                .refused, "the session refused \(input.name): \(error.message)", sessionError: error)
        }
    }

    /// Sends `inputs` in order, stopping at the first refusal.
    private mutating func send(_ inputs: [SessionInput]) -> Result<[SessionEvent], SessionError> {
        var fired: [SessionEvent] = []
        for input in inputs {
            switch send(input) {
            case .success(let events): fired += events
            case .failure(let error): return .failure(error)
            }
        }
        return .success(fired)
    }

    /// Sends one input at the player's clock and records its events; beacons are placed at `playhead`
    /// (the reported position for a progress, else the playhead before the input, or the clock for an ad that
    /// is not linear).
    private mutating func send(_ input: SessionInput, at playhead: Int? = nil) -> Result<[SessionEvent], SessionError> {
        let at = SessionTime.seconds(playhead ?? positionMs)
        let instance = session.playing?.plan.adInstanceID
        clock.now = start.addingTimeInterval(Double(clockMs) / 1000)
        inputCount += 1
        do throws(SessionError) {
            let fired = try session.send(input)
            events += fired
            for case .beacon(let beacon) in fired {
                timeline.append(
                    TimelineEntry(at: at, event: beacon.event, url: beacon.url, hop: beacon.hop, offset: beacon.offset))
            }
            finalPhase = phase(after: fired, instance: instance)
            return .success(fired)
        } catch {
            return .failure(error)
        }
    }

    /// The phase of the ad an input went to: its own when it is still playing, else (a break moved on)
    /// the end its callbacks announced.
    private func phase(after fired: [SessionEvent], instance: String?) -> VideoPhase {
        if let ad = session.playing, ad.plan.adInstanceID == instance { return ad.video?.phase ?? finalPhase }
        for case .callback(let callback) in fired.reversed() {
            switch callback {
            case .video(.completed): return .completed
            case .video(.skipped): return .skipped
            case .video(.closed): return .closed
            case .video(.interrupted): return .interrupted
            default: continue
            }
        }
        return finalPhase
    }

    // MARK: Bounds

    static func schedule(_ inputs: [PlayerInput]) throws(VirtualPlayerError) -> [ScheduledInput] {
        var scheduled: [ScheduledInput] = []
        for (index, input) in inputs.enumerated() {
            let what = "inputs[\(index)] (\(input.action.describe(durationMs: nil)))"
            let clockMs = try milliseconds(input.at, "\(what) time")
            switch input.action {
            case .seek(let target): _ = try milliseconds(target, "\(what) target")
            case .exposure(let percent): try checkExposure(percent, what)
            default: break
            }
            scheduled.append(ScheduledInput(clockMs: clockMs, action: input.action))
        }
        return scheduled.enumerated().sorted { ($0.element.clockMs, $0.offset) < ($1.element.clockMs, $1.offset) }
            .map(\.element)
    }

    static func milliseconds(_ seconds: TimeInterval, _ what: String) throws(VirtualPlayerError) -> Int {
        do throws(LifecycleError) {
            return try SessionTime.milliseconds(seconds)
        } catch {
            throw VirtualPlayerError(
                .invalidInput, "\(what) must be seconds from 0 to \(SessionTime.maximumSeconds), not \(seconds)")
        }
    }

    static func checkDuration(_ seconds: TimeInterval) throws(VirtualPlayerError) -> Int {
        let value = try milliseconds(seconds, "the duration")
        guard value > 0 else {
            throw VirtualPlayerError(.invalidInput, "the duration must be above 0 s, not \(seconds)")
        }
        return value
    }

    static func checkExposure(_ percent: Double, _ what: String) throws(VirtualPlayerError) {
        guard percent.isFinite, percent >= 0, percent <= 100 else {
            throw VirtualPlayerError(.invalidInput, "\(what) must be a percentage from 0 to 100, not \(percent)")
        }
    }
}

public import Foundation
import VAST

/// The pure state machine of a linear video ad: duration, progress, quartiles, progress offsets,
/// pause / resume, mute / unmute, player expand / collapse, skip, close, completion and interruption.
///
/// One mutating method per input; each returns the ordered actions the owner must execute, or throws
/// a ``LifecycleError`` and leaves the state as it was. The ``contract`` table says what each input
/// does in each phase. No I/O, no clock: inputs carry their timestamp and the playhead.
///
/// Ordering guarantees within one input: a callback comes before its beacons; `durationUpdated`
/// (and the first `loaded`) before `started`, before `progressed`, before the milestones; milestones
/// (quartiles and progress offsets) fire once each in playhead order, quartiles before progress offsets
/// at the same time, even when the playhead jumps past several. Percentage milestones wait until the
/// duration is known and then fire if the playhead has passed them; with a ``fallbackDurationMs`` (the
/// VAST `<Duration>`, which ``AdSession`` passes) they use it until the player reports its own.
public struct VideoLifecycle: Sendable {
    /// The tracking URLs and macro values of the ad instance.
    public let plan: TrackingPlan
    /// The duration percentages use while the player has reported none (milliseconds), or `nil` to
    /// wait for the player's.
    public let fallbackDurationMs: Int?
    /// The observable state.
    public private(set) var state: VideoState

    /// Creates a lifecycle in ``VideoPhase/loading``.
    /// - Parameters:
    ///   - plan: the ad instance's tracking plan.
    ///   - startsMuted: whether the player starts muted (then the first `unmuted` fires).
    ///   - startsExpanded: whether the player starts fullscreen.
    ///   - fallbackDurationMs: the duration quartiles and percentage offsets use until the player reports
    ///     one (the VAST `<Duration>`); `nil` (the default) makes them wait for the player's. Zero or less
    ///     counts as none.
    public init(
        plan: TrackingPlan, startsMuted: Bool = false, startsExpanded: Bool = false, fallbackDurationMs: Int? = nil
    ) {
        self.plan = plan
        self.fallbackDurationMs = fallbackDurationMs.flatMap { $0 > 0 ? $0 : nil }
        state = VideoState(isMuted: startsMuted, isPlayerExpanded: startsExpanded)
    }

    /// The current phase.
    public var phase: VideoPhase { state.phase }

    /// Handles one input given as data: the ``contract`` cell says whether it is accepted, the handler
    /// below produces its actions, and the cell names the phase it moves to.
    public mutating func send(_ input: VideoInput, at now: Date) throws(LifecycleError) -> [VideoAction] {
        switch Self.contract.cell(input.kind, in: state.phase).outcome {
        case .ignored: return []
        case .rejected(let code): throw LifecycleError(code)
        case .moves: break
        }
        let actions = try handle(input, now: now)
        state.phase = Self.contract.next(input.kind, from: state.phase)
        return actions
    }

    /// What an accepted input does besides moving the phase.
    private mutating func handle(_ input: VideoInput, now: Date) throws(LifecycleError) -> [VideoAction] {
        switch input {
        case .durationUpdated(let durationMs):
            guard durationMs > 0 else { throw LifecycleError(.invalidDuration) }
            return updateDuration(durationMs, now: now)
                + reachMilestones(upTo: state.playheadMs, duration: effectiveDurationMs, now: now)
        case .progressed(let positionMs, let durationMs):
            let position = max(0, positionMs)
            state.playheadMs = position
            var actions: [VideoAction] = []
            if let durationMs, durationMs > 0 { actions += updateDuration(durationMs, now: now) }
            actions += start(now: now)
            actions.append(.callback(.progressed(positionMs: position, durationMs: state.durationMs)))
            return actions + reachMilestones(upTo: position, duration: effectiveDurationMs, now: now)
        case .paused:
            return event(.paused, [.pause], now: now)
        case .resumed:
            return event(.resumed, [.resume], now: now)
        case .muted, .unmuted:
            let mute = input == .muted
            guard state.isMuted != mute else { return [] }
            state.isMuted = mute
            return mute ? event(.muted, [.mute], now: now) : event(.unmuted, [.unmute], now: now)
        case .playerExpanded, .playerCollapsed:
            let expand = input == .playerExpanded
            guard state.isPlayerExpanded != expand else { return [] }
            state.isPlayerExpanded = expand
            return expand
                ? event(.playerExpanded, [.playerExpand, .fullscreen], now: now)
                : event(.playerCollapsed, [.playerCollapse, .exitFullscreen], now: now)
        case .skipRequested:
            try checkSkippable()
            return event(.skipped, [.skip], now: now)
        case .closeRequested:
            return event(.closed, [.closeLinear, .close], now: now)
        case .playbackCompleted:
            return complete(now: now)
        case .playbackInterrupted(let errorCode):
            var moment = moment(now)
            moment.errorCode = VASTErrorCode(rawValue: errorCode)
            return [.callback(.interrupted(errorCode: errorCode))]
                + plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map(VideoAction.beacon)
        case .iconViewed:
            guard !state.iconViewed else { return [] }
            state.iconViewed = true
            return plan.beacons(event: "iconViewTracking", urls: plan.iconViewTracking, usage: .other, at: moment(now))
                .map(VideoAction.beacon)
        case .iconClicked:
            return plan.beacons(
                event: "iconClickTracking", urls: plan.iconClickTracking, usage: .clickTracking, at: moment(now)
            ).map(VideoAction.beacon)
        }
    }

    /// The player's duration when it reported one, else the fallback.
    public var effectiveDurationMs: Int? { state.durationMs ?? fallbackDurationMs }

    // MARK: Steps

    private func moment(_ now: Date) -> BeaconMoment {
        BeaconMoment(now: now, playhead: state.playheadMs.map { VASTTime(milliseconds: $0) })
    }

    private func event(_ callback: VideoCallback, _ names: [VASTTrackingEventName], now: Date) -> [VideoAction] {
        [.callback(callback)] + plan.linearBeacons(names, at: moment(now)).map(VideoAction.beacon)
    }

    private mutating func updateDuration(_ durationMs: Int, now: Date) -> [VideoAction] {
        guard state.durationMs != durationMs else { return [] }
        state.durationMs = durationMs
        var actions: [VideoAction] = [.callback(.durationUpdated(durationMs: durationMs))]
        if !state.loadedFired {
            state.loadedFired = true
            actions += plan.linearBeacons([.loaded], at: moment(now)).map(VideoAction.beacon)
        }
        return actions
    }

    private mutating func start(now: Date) -> [VideoAction] {
        guard state.fired.insert(.start).inserted else { return [] }
        return event(.started, [.creativeView, .start], now: now)
    }

    private mutating func complete(now: Date) -> [VideoAction] {
        // Playback reached the end, so the end is the playhead; an unknown duration is taken to be it.
        let end = effectiveDurationMs ?? state.playheadMs ?? 0
        state.playheadMs = max(state.playheadMs ?? 0, end)
        var actions = start(now: now)
        actions += reachMilestones(upTo: state.playheadMs, duration: effectiveDurationMs ?? end, now: now)
        return actions + event(.completed, [.complete], now: now)
    }

    private func checkSkippable() throws(LifecycleError) {
        guard let offset = plan.skipOffset else { throw LifecycleError(.notSkippable) }
        let playhead = state.playheadMs ?? 0
        switch offset {
        case .time(let time):
            guard playhead >= time.milliseconds else { throw LifecycleError(.skipOffsetNotReached) }
        case .percent:
            guard let durationMs = effectiveDurationMs,
                playhead >= offset.resolved(in: VASTTime(milliseconds: durationMs)).milliseconds
            else { throw LifecycleError(.skipOffsetNotReached) }
        }
    }

    /// Fires, in playhead order, every milestone at or before `position` not yet fired; percentages
    /// need `duration`.
    private mutating func reachMilestones(upTo position: Int?, duration: Int?, now: Date) -> [VideoAction] {
        guard let position else { return [] }
        var due: [(at: Int, rank: Int, milestone: VideoMilestone, offset: VASTTimeOffset?)] = []
        if let duration {
            for (rank, quartile) in Quartile.allCases.enumerated() {
                let at = Int((Double(duration) * quartile.fraction).rounded())
                due.append((at, rank, .quartile(quartile), nil))
            }
        }
        for (index, offset) in plan.progressOffsets.enumerated() {
            let at: Int
            switch offset {
            case .time(let time): at = time.milliseconds
            case .percent:
                guard let duration else { continue }
                at = offset.resolved(in: VASTTime(milliseconds: duration)).milliseconds
            }
            due.append(
                (at, Quartile.allCases.count + index, .progress(offset: plan.progressOffsetLabels[index]), offset))
        }
        let ready = due.filter { $0.at <= position && !state.fired.contains($0.milestone) }
            .sorted { ($0.at, $0.rank) < ($1.at, $1.rank) }
        var actions: [VideoAction] = []
        for item in ready {
            state.fired.insert(item.milestone)
            switch item.milestone {
            case .quartile(let quartile):
                actions += event(
                    .quartileReached(quartile), [VASTTrackingEventName(rawValue: quartile.rawValue)], now: now)
            case .progress:
                if let offset = item.offset {
                    actions += plan.progressBeacons(offset: offset, at: moment(now)).map(VideoAction.beacon)
                }
            case .start: break
            }
        }
        return actions
    }
}

public import FoundationEssentials
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
    /// The quartiles and progress offsets of ``VideoState/fired``, bit `i` for milestone `i` of
    /// ``reachMilestones(upTo:duration:now:)`` (the three quartiles, then ``TrackingPlan/progressOffsets``
    /// in order), for the first 64: every progress input checks each milestone passed, and a bit is
    /// cheaper to test than a hashed set. Milestones past the 64th are looked up in the set.
    private var firedMilestones: UInt64 = 0

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

    /// Sets whether the player starts muted, before it reported anything (no callback, no beacon).
    /// - Returns: false, changing nothing, once the player reported a duration or progress.
    mutating func presetMuted(_ muted: Bool) -> Bool {
        guard state.phase == .loading, state.durationMs == nil, state.playheadMs == nil else { return false }
        state.isMuted = muted
        return true
    }

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
            try Self.check(durationMs)
            guard durationMs > 0 else { throw LifecycleError(.invalidDuration) }
            return updateDuration(durationMs, now: now)
                + reachMilestones(upTo: state.playheadMs, duration: effectiveDurationMs, now: now)
        case .progressed(let position, let durationMs):
            try Self.check(position)
            if let durationMs { try Self.check(durationMs) }
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
        case .playbackInterrupted(let error):
            var moment = moment(now)
            moment.errorCode = error.code
            return [.callback(.interrupted(error))]
                + plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map(VideoAction.beacon)
        case .iconViewed(let index):
            let icon = try icon(index)
            guard state.shownIcons.insert(index).inserted else { return [] }
            return plan.beacons(event: "iconViewTracking", urls: icon.views, usage: .other, at: moment(now))
                .map(VideoAction.beacon)
        case .iconClicked(let index):
            let icon = try icon(index)
            guard state.shownIcons.contains(index) else { throw LifecycleError(.iconNotShown) }
            let moment = moment(now)
            let url = icon.icon.iconClicks?.clickThrough.map { plan.expand($0, usage: .clickThrough, at: moment) }
            return [.callback(.iconClicked(index: index, url: url))]
                + plan.beacons(event: "iconClickTracking", urls: icon.clicks, usage: .clickTracking, at: moment)
                .map(VideoAction.beacon)
        }
    }

    private func icon(_ index: Int) throws(LifecycleError) -> SessionIcon {
        guard plan.icons.indices.contains(index) else { throw LifecycleError(.noSuchIcon) }
        return plan.icons[index]
    }

    /// Refuses a time from the player that is not one: negative, or past the longest VAST time.
    private static func check(_ milliseconds: Int) throws(LifecycleError) {
        guard milliseconds >= 0, milliseconds <= SessionTime.maximumMilliseconds else {
            throw LifecycleError(.invalidTime, message: "\(milliseconds) ms: " + LifecycleError(.invalidTime).message)
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
    ///
    /// Milestone `index` is a quartile below 3, else progress offset `index - 3`; ties at one time
    /// fire in that order (quartiles first). Nothing is allocated unless a milestone is due.
    private mutating func reachMilestones(upTo position: Int?, duration: Int?, now: Date) -> [VideoAction] {
        guard let position else { return [] }
        let quartiles = Self.quartiles
        var ready: [(at: Int, index: Int)] = []
        func consider(_ index: Int, at: Int) {
            guard at <= position, !hasFired(index) else { return }
            ready.append((at, index))
        }
        if let duration {
            for (index, quartile) in quartiles.enumerated() {
                consider(index, at: Int((Double(duration) * quartile.fraction).rounded()))
            }
        }
        for (index, offset) in plan.progressOffsets.enumerated() {
            switch offset {
            case .time(let time): consider(quartiles.count + index, at: time.milliseconds)
            case .percent:
                guard let duration else { continue }
                consider(
                    quartiles.count + index, at: offset.resolved(in: VASTTime(milliseconds: duration)).milliseconds)
            }
        }
        guard !ready.isEmpty else { return [] }
        var actions: [VideoAction] = []
        for item in ready.sorted(by: { ($0.at, $0.index) < ($1.at, $1.index) }) {
            let milestone = milestone(item.index)
            state.fired.insert(milestone)
            if item.index < 64 { firedMilestones |= 1 << UInt64(item.index) }
            if item.index < quartiles.count {
                let quartile = quartiles[item.index]
                actions += event(
                    .quartileReached(quartile), [VASTTrackingEventName(rawValue: quartile.rawValue)], now: now)
            } else {
                let offset = plan.progressOffsets[item.index - quartiles.count]
                actions += plan.progressBeacons(offset: offset, at: moment(now)).map(VideoAction.beacon)
            }
        }
        return actions
    }

    /// `Quartile.allCases`, made once (the synthesized property builds a new array on every call).
    private static let quartiles = Quartile.allCases

    /// Milestone `index` of ``reachMilestones(upTo:duration:now:)``.
    private func milestone(_ index: Int) -> VideoMilestone {
        let quartiles = Self.quartiles
        return index < quartiles.count
            ? .quartile(quartiles[index]) : .progress(offset: plan.progressOffsetLabels[index - quartiles.count])
    }

    /// Whether milestone `index` of ``reachMilestones(upTo:duration:now:)`` has fired.
    private func hasFired(_ index: Int) -> Bool {
        index < 64 ? firedMilestones & (1 << UInt64(index)) != 0 : state.fired.contains(milestone(index))
    }
}

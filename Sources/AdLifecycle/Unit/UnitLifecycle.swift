public import FoundationEssentials
public import VAST

/// The pure state machine of an ad unit: impression, click, fullscreen presentation, reward, expiry.
///
/// One mutating method per input; each returns the ordered actions the owner must execute, or throws
/// a ``LifecycleError`` and leaves the state as it was. What each input does in each phase is the
/// ``contract`` table (rendered in ORDERING.md). No I/O, no clock: every input carries its timestamp,
/// which fills `[TIMESTAMP]` in the beacons it fires.
///
/// Within one input's actions, a callback comes before the beacons it explains
/// (`impressionWillBeLogged`, then every Impression URL of the chain).
public struct UnitLifecycle: Sendable {
    /// The tracking URLs and macro values of the ad instance.
    public let plan: TrackingPlan
    /// The observable state.
    public private(set) var state = UnitState()

    /// Creates a lifecycle in ``UnitPhase/inline``.
    public init(plan: TrackingPlan) { self.plan = plan }

    /// The current phase.
    public var phase: UnitPhase { state.phase }

    /// Handles one input given as data: the ``contract`` cell says whether it is accepted, the handler
    /// below produces its actions, and the cell names the phase it moves to.
    public mutating func send(_ input: UnitInput, at now: Date) throws(LifecycleError) -> [UnitAction] {
        switch Self.contract.cell(input.kind, in: state.phase).outcome {
        case .ignored: return []
        case .rejected(let code): throw LifecycleError(code)
        case .moves: break
        }
        // An expiry after the impression is the cell's guard: the ad was shown, the late timer changes nothing.
        let guardHeld = input == .expired && state.impressionLogged
        let actions = guardHeld ? [] : try handle(input, BeaconMoment(now: now))
        state.phase = Self.contract.next(input.kind, from: state.phase, guardHeld: guardHeld)
        return actions
    }

    /// What an accepted input does besides moving the phase.
    private mutating func handle(_ input: UnitInput, _ moment: BeaconMoment) throws(LifecycleError) -> [UnitAction] {
        switch input {
        case .impressionRendered: return logImpression(moment)
        case .clicked(let position, let playheadMs):
            var click = moment
            click.clickPosition = position
            click.playhead = playheadMs.map { VASTTime(milliseconds: $0) }
            // A click that logs the impression first expands it with the click's playhead too
            // (`[CLICKPOS]` is not allowed in Impression URLs, so the position cannot leak).
            return logImpression(click)
                + [.callback(.clicked(url: plan.clickThroughURL(at: click)))]
                + plan.beacons(event: "clickTracking", urls: plan.clickTracking, usage: .clickTracking, at: click)
                .map(UnitAction.beacon)
        case .fullscreenRequested(let hostAvailable):
            guard hostAvailable else { throw LifecycleError(.noPresentationHost) }
            return [.callback(.willPresentFullscreen)]
        case .fullscreenPresented:
            return [.callback(.didPresentFullscreen)]
        case .fullscreenDismissRequested:
            return [.callback(.willDismissFullscreen)]
        case .fullscreenDismissed:
            return [.callback(.didDismissFullscreen)]
        case .externalAppOpening(let url):
            return [.callback(.willOpenExternalApp(url: url))]
        case .rewardEarned:
            guard state.impressionLogged else { throw LifecycleError(.notShown) }
            guard !state.rewarded else { return [] }
            state.rewarded = true
            return [.callback(.rewarded)]
        case .expired:
            return [.callback(.expired)]
        case .renderFailed(let errorCode):
            var failure = moment
            failure.errorCode = VASTErrorCode(rawValue: errorCode)
            return [.callback(.failed(errorCode: errorCode))]
                + plan.beacons(event: "error", urls: plan.errors, usage: .error, at: failure).map(UnitAction.beacon)
        case .companionViewed(let index):
            let companion = try companion(index)
            guard state.shownCompanions.insert(index).inserted else { return [] }
            return plan.beacons(
                event: "creativeView", urls: companion.views, usage: .tracking(.creativeView), at: moment
            )
            .map(UnitAction.beacon)
        case .companionClicked(let index, let position):
            let companion = try companion(index)
            guard state.shownCompanions.contains(index) else { throw LifecycleError(.companionNotShown) }
            var click = moment
            click.clickPosition = position
            let url = companion.companion.clickThrough.map { plan.expand($0, usage: .clickThrough, at: click) }
            return [.callback(.companionClicked(index: index, url: url))]
                + plan.beacons(
                    event: "companionClickTracking", urls: companion.clicks, usage: .clickTracking, at: click
                )
                .map(UnitAction.beacon)
        }
    }

    private func companion(_ index: Int) throws(LifecycleError) -> SessionCompanion {
        guard plan.companions.indices.contains(index) else { throw LifecycleError(.noSuchCompanion) }
        return plan.companions[index]
    }

    private mutating func logImpression(_ moment: BeaconMoment) -> [UnitAction] {
        guard !state.impressionLogged else { return [] }
        state.impressionLogged = true
        return [.callback(.impressionWillBeLogged)]
            + plan.beacons(event: "impression", urls: plan.impressions, usage: .impression, at: moment)
            .map(UnitAction.beacon)
    }
}

extension UnitLifecycle {
    /// The ad was rendered and is visible: fires `impressionWillBeLogged` and every Impression URL of the
    /// chain, together, the first time only.
    public mutating func impressionRendered(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.impressionRendered, at: now)
    }

    /// The user clicked: logs the impression first if it was not (a click proves the ad was seen), then
    /// `clicked(url:)` with the click-through and every ClickTracking URL. Every click fires.
    public mutating func clicked(
        at position: ClickPoint? = nil, playhead: VASTTime? = nil, now: Date
    ) throws(LifecycleError) -> [UnitAction] {
        try send(.clicked(position: position, playheadMs: playhead?.milliseconds), at: now)
    }

    /// The app asked for fullscreen. - Throws: `noPresentationHost` when `hostAvailable` is false,
    /// `presentationInProgress`, `adFinished` or `adExpired`.
    public mutating func fullscreenRequested(hostAvailable: Bool, at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.fullscreenRequested(hostAvailable: hostAvailable), at: now)
    }

    /// The host finished presenting. - Throws: `notPresenting` unless `willPresentFullscreen` is open.
    public mutating func fullscreenPresented(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.fullscreenPresented, at: now)
    }

    /// The user or app asked to dismiss. - Throws: `presentationInProgress` or `notPresenting`.
    public mutating func fullscreenDismissRequested(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.fullscreenDismissRequested, at: now)
    }

    /// The host finished dismissing: the unit is done. - Throws: `notPresenting` unless dismissing.
    public mutating func fullscreenDismissed(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.fullscreenDismissed, at: now)
    }

    /// A click is leaving the app for `url`.
    public mutating func externalAppOpening(url: String, at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.externalAppOpening(url: url), at: now)
    }

    /// The user earned the reward (once). - Throws: `notShown` before the impression.
    public mutating func rewardEarned(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.rewardEarned, at: now)
    }

    /// The ad's time to live passed: `expired` if the ad was never shown, ignored otherwise.
    public mutating func expired(at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.expired, at: now)
    }

    /// The ad failed: `failed(errorCode:)` and every Error URL of the chain with `[ERRORCODE]`.
    public mutating func renderFailed(_ code: VASTErrorCode, at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.renderFailed(errorCode: code.rawValue), at: now)
    }

    /// Companion `index` was shown: its `creativeView` URLs, once. - Throws: `noSuchCompanion`.
    public mutating func companionViewed(_ index: Int, at now: Date) throws(LifecycleError) -> [UnitAction] {
        try send(.companionViewed(index: index), at: now)
    }

    /// Companion `index` was clicked: `companionClicked(index:url:)` and its CompanionClickTracking URLs,
    /// every time. - Throws: `noSuchCompanion`; `companionNotShown` before it was shown.
    public mutating func companionClicked(
        _ index: Int, at position: ClickPoint? = nil, now: Date
    ) throws(LifecycleError) -> [UnitAction] {
        try send(.companionClicked(index: index, position: position), at: now)
    }
}

public import FoundationEssentials
public import VAST

/// The pure core of an ``AdSession``: the unit, video and MRAID lifecycles of one ad instance, the
/// NonLinear and verifications, and the viewability meter, driven by one stream of inputs.
///
/// One method, ``send(_:at:)``: it hands each part's input (``SessionInput/unit(_:)``,
/// ``SessionInput/video(_:)``, ``SessionInput/mraid(_:)``) to that part and adds only the rules that span
/// parts (ORDERING.md, scope `session`), returning every callback and beacon in firing order; or it throws
/// a ``SessionError`` and leaves the whole state as it was (the input is applied to a copy that replaces
/// the state only on success). No I/O, no clock: each input carries its time.
public struct SessionLifecycle: Sendable {
    /// The creative played.
    public let creative: SessionCreative
    /// The instance's tracking plan.
    public let plan: TrackingPlan
    /// The unit (impression, clicks, fullscreen, companions).
    public internal(set) var unit: UnitLifecycle
    /// The video (progress, milestones, icons), for a linear creative.
    public internal(set) var video: VideoLifecycle?
    /// The MRAID container, when configured.
    public internal(set) var mraid: MRAIDLifecycle?
    /// The viewability measurement.
    public internal(set) var viewability: ViewabilityMeter
    /// What counted already beside the parts' own states.
    public internal(set) var state = SessionState()
    let parts: SessionParts
    private let viewableURLs: [ViewabilityVerdict: [TrackedURL]]

    /// Creates the session of one play of `ad`.
    /// - Parameters:
    ///   - ad: the InLine merged with its Wrappers.
    ///   - creative: the creative played (its indexes must exist in `ad.inLine.creatives`).
    ///   - configuration: the instance, macros, player state and MRAID container.
    /// - Throws: `noSuchCreative` when the creative is not in the ad.
    public init(ad: ResolvedAd, creative: SessionCreative, configuration: AdSessionConfiguration)
        throws(SessionError)
    {
        let creatives = ad.inLine.creatives
        guard creatives.indices.contains(creative.creativeIndex) else { throw SessionError(.noSuchCreative) }
        let chosen = creatives[creative.creativeIndex]
        var assetURI: String?
        var shownSize: (width: Int?, height: Int?) = (nil, nil)
        switch creative {
        case .linear(_, let asset):
            guard chosen.linear != nil else { throw SessionError(.noSuchCreative) }
            assetURI = asset
        case .companion(_, let element):
            guard let companions = chosen.companionAds?.companions, companions.indices.contains(element) else {
                throw SessionError(.noSuchCreative)
            }
            shownSize = (companions[element].width, companions[element].height)
        case .nonLinear(_, let element):
            guard let nonLinears = chosen.nonLinearAds?.nonLinears, nonLinears.indices.contains(element) else {
                throw SessionError(.noSuchCreative)
            }
            shownSize = (nonLinears[element].width, nonLinears[element].height)
        }
        self.creative = creative
        plan = TrackingPlan(
            ad: ad, adInstanceID: configuration.adInstanceID, assetURI: assetURI, macros: configuration.macros,
            linearCreative: creative.isLinear ? creative.creativeIndex : nil)
        unit = UnitLifecycle(plan: plan)
        if let linear = chosen.linear, creative.isLinear {
            video = VideoLifecycle(
                plan: plan, startsMuted: configuration.startsMuted, fallbackDurationMs: linear.duration?.milliseconds)
        }
        mraid = configuration.mraid.map { MRAIDLifecycle(placement: $0.placement, geometry: $0.geometry) }
        viewability = ViewabilityMeter(
            rule: configuration.viewabilityRule
                ?? (creative.isLinear ? .video : .display(width: shownSize.width, height: shownSize.height)))
        parts = SessionParts(ad: ad, creative: creative)
        func blankless(_ urls: [TrackedURL]) -> [TrackedURL] { urls.filter { !TrackingPlan.isBlank($0.url) } }
        viewableURLs = [
            .viewable: blankless(ad.viewable), .notViewable: blankless(ad.notViewable),
            .undetermined: blankless(ad.viewUndetermined),
        ]
    }

    /// Companions the host may show (index them in ``UnitInput/companionViewed(index:)``).
    public var companions: [SessionCompanion] { plan.companions }
    /// Icons of the linear creative (index them in ``VideoInput/iconViewed(index:)``); none for another.
    public var icons: [SessionIcon] { video == nil ? [] : plan.icons }
    /// Verification scripts to load.
    public var verifications: [SessionVerification] { parts.verifications }
    /// The NonLinear of an overlay session.
    public var nonLinear: SessionNonLinear? { parts.nonLinear }

    /// The playhead, in milliseconds, when the video reported one.
    public var playheadMs: Int? { video?.state.playheadMs }

    /// Handles one input at `now`.
    /// - Returns: the callbacks and beacons, in firing order (empty for a documented no-op).
    /// - Throws: ``SessionError``; nothing changed.
    public mutating func send(_ input: SessionInput, at now: Date) throws(SessionError) -> [SessionEvent] {
        guard !state.ended else { return [] }
        var next = self
        let events = try next.apply(input, at: now)
        self = next
        return events
    }

    private mutating func apply(_ input: SessionInput, at now: Date) throws(SessionError) -> [SessionEvent] {
        let clock = SessionTime.instant(now)
        // A display ad's second of exposure may have passed since the last input: judge it first, so the
        // verdict is not stamped after what the input itself causes.
        var events = viewability.timePassed(to: clock) ? decide(.viewable, now: now) : []
        switch input {
        case .unit(let input):
            events += try unitInput(input, now: now)
        case .video(let input):
            events += try videoInput(input, now: now, clock: clock)
        case .mraid(let command):
            events += try mraidInput(command, now: now)
        case .nonLinear(let overlay):
            events += try nonLinearInput(overlay, now: now)
        case .exposureChanged(let percent):
            events += try exposureChanged(percent, now: now, clock: clock)
        case .timePassed:
            break
        case .verificationNotExecuted(let index, let reason):
            events += try verificationNotExecuted(index, reason: reason, now: now)
        case .ended:
            events += finish(now: now)
            state.ended = true
        }
        return events
    }

    // MARK: Shared steps

    func moment(_ now: Date) -> BeaconMoment {
        BeaconMoment(now: now, playhead: playheadMs.map { VASTTime(milliseconds: $0) })
    }

    func beacons(_ event: String, _ urls: [TrackedURL], usage: VASTMacroUsage, at moment: BeaconMoment)
        -> [SessionEvent]
    {
        plan.beacons(event: event, urls: urls, usage: usage, at: moment).map(SessionEvent.beacon)
    }

    /// Logs the impression (once); a shown-alone companion or NonLinear counts its creativeView with it.
    mutating func impression(now: Date) -> [SessionEvent] {
        guard !unit.state.impressionLogged else { return [] }
        var events = (try? unit.send(.impressionRendered, at: now)).map(Self.events) ?? []
        switch creative {
        case .companion(let creativeIndex, let element):
            if let index = companionIndex(creative: creativeIndex, element: element) {
                events += (try? unit.send(.companionViewed(index: index), at: now)).map(Self.events) ?? []
            }
        case .nonLinear:
            if let overlay = parts.nonLinear, !state.nonLinearViewed {
                state.nonLinearViewed = true
                events += beacons(
                    "creativeView", overlay.tracking.filter { $0.event == .creativeView }.map(\.trackedURL),
                    usage: .tracking(.creativeView), at: moment(now))
            }
        case .linear: break
        }
        return events
    }

    /// The index in ``companions`` of companion `element` of creative `creative`.
    func companionIndex(creative: Int, element: Int) -> Int? {
        plan.companions.firstIndex { $0.creativeIndex == creative && $0.companionIndex == element }
    }

    /// The end of the ad instance: the viewability verdict, if the impression was logged and none fired.
    mutating func finish(now: Date) -> [SessionEvent] {
        guard unit.state.impressionLogged, viewability.verdict == nil else { return [] }
        return decide(viewability.endVerdict, now: now)
    }

    /// Fires `verdict`'s URLs, once per instance, and only for an ad whose impression was logged (a run of
    /// exposure before it counts once the impression is in).
    mutating func decide(_ verdict: ViewabilityVerdict, now: Date) -> [SessionEvent] {
        guard unit.state.impressionLogged, viewability.decide(verdict) else { return [] }
        return [.callback(.viewability(verdict))]
            + beacons(verdict.eventName, viewableURLs[verdict] ?? [], usage: .other, at: moment(now))
    }

    static func events(_ actions: [UnitAction]) -> [SessionEvent] { actions.map { $0.map(SessionCallback.unit) } }

    static func events(_ actions: [VideoAction]) -> [SessionEvent] { actions.map { $0.map(SessionCallback.video) } }
}

extension TrackedEvent {
    var trackedURL: TrackedURL { TrackedURL(url: url, hop: hop) }
}

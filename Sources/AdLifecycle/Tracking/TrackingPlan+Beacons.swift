public import FoundationEssentials
public import VAST

/// What the macro context holds at the moment an input fires beacons.
public struct BeaconMoment: Sendable, Hashable {
    /// The input's timestamp, for `[TIMESTAMP]`.
    public var now: Date
    /// The ad playhead, for `[ADPLAYHEAD]`; `nil` leaves the macro as written (unless declared).
    public var playhead: VASTTime?
    /// Where the user clicked, for `[CLICKPOS]` (click-tracking URLs only).
    public var clickPosition: ClickPoint?
    /// The VAST error code, for `[ERRORCODE]` (Error URLs only).
    public var errorCode: VASTErrorCode?
    /// Why a verification did not run, for `[REASON]` (verificationNotExecuted URLs only).
    public var reason: VASTMacroContext.VerificationNotExecutedReason?

    /// Creates a moment.
    public init(
        now: Date, playhead: VASTTime? = nil, clickPosition: ClickPoint? = nil, errorCode: VASTErrorCode? = nil,
        reason: VASTMacroContext.VerificationNotExecutedReason? = nil
    ) {
        self.now = now
        self.playhead = playhead
        self.clickPosition = clickPosition
        self.errorCode = errorCode
        self.reason = reason
    }
}

extension TrackingPlan {
    /// Expands each URL once with the moment's context and stamps it with the event and ad instance.
    /// - Parameters:
    ///   - event: the event as VAST spells it.
    ///   - offset: the progress offset as written, for `progress` only.
    ///   - urls: the URLs, in the order they fire.
    ///   - usage: the kind of URL, which decides whether `[ERRORCODE]` and `[CLICKPOS]` expand.
    ///   - moment: the context of the input.
    public func beacons(
        event: String, offset: String? = nil, urls: [TrackedURL], usage: VASTMacroUsage, at moment: BeaconMoment
    ) -> [BeaconRequest] {
        guard !urls.isEmpty else { return [] }
        let context = context(at: moment)
        return urls.map { tracked in
            BeaconRequest(
                event: event, offset: offset,
                url: expand(tracked.url, context: context, usage: usage),
                hop: tracked.hop, adInstanceID: adInstanceID)
        }
    }

    /// The Linear `<Tracking>` beacons for any of `names`, each URL under the name its document used,
    /// in chain order. Several names cover the VAST 2/3 spellings (`fullscreen` beside `playerExpand`),
    /// because a chain may mix versions and each URL is written under only one of them.
    public func linearBeacons(_ names: [VASTTrackingEventName], at moment: BeaconMoment) -> [BeaconRequest] {
        let context = context(at: moment)
        return linearTracking.filter { names.contains($0.event) && $0.event != .progress }.map { tracked in
            BeaconRequest(
                event: tracked.event.rawValue,
                url: expand(tracked.url, context: context, usage: .tracking(tracked.event)),
                hop: tracked.hop, adInstanceID: adInstanceID)
        }
    }

    /// The `progress` beacons of one offset, in chain order.
    public func progressBeacons(offset: VASTTimeOffset, at moment: BeaconMoment) -> [BeaconRequest] {
        let urls = linearTracking.filter { $0.event == .progress && $0.offset == offset }
            .map { TrackedURL(url: $0.url, hop: $0.hop) }
        return beacons(
            event: "progress", offset: offset.description, urls: urls, usage: .tracking(.progress), at: moment)
    }

    /// The click-through URL to open, macros expanded as a ClickThrough.
    public func clickThroughURL(at moment: BeaconMoment) -> String? {
        clickThrough.map { expand($0.url, context: context(at: moment), usage: .clickThrough) }
    }

    /// `url` (a click-through of the ad) with its macros expanded in the moment's context, as `usage`.
    func expand(_ url: String, usage: VASTMacroUsage, at moment: BeaconMoment) -> String {
        expand(url, context: context(at: moment), usage: usage)
    }

    /// Expands `url` from its template when it is one of the plan's URLs (byte for byte what
    /// ``VASTMacroExpander`` gives), else with the expander.
    private func expand(_ url: String, context: VASTMacroContext, usage: VASTMacroUsage) -> String {
        guard let template = templates[url] else {
            return VASTMacroExpander.expand(url, context: context, usage: usage).url
        }
        return template.expand(context: context, usage: usage, values: fixedValues).url
    }

    private func context(at moment: BeaconMoment) -> VASTMacroContext {
        var context = macros
        let now = moment.now
        context.now = { now }
        if let playhead = moment.playhead { context.adPlayhead = playhead }
        if let assetURI { context.assetURI = assetURI }
        if let position = moment.clickPosition {
            context.clickPosition = VASTMacroContext.ClickPosition(x: position.x, y: position.y)
        }
        if let code = moment.errorCode { context.errorCode = code }
        if let reason = moment.reason { context.reason = reason }
        return context
    }
}

public import AdPlacement
public import Foundation

/// Presentations as handles: one per player on screen, each with its own opt-in and counts.
///
/// The lifecycle of a player, as inputs: ``openPresentation(_:collectionId:configuration:name:)``, then
/// any number of ``itemViewed(in:)``, ``reloadPresentation(_:)`` and ``configure(_:with:)``, and
/// requests (``getAd(for:in:)``, ``getBottomBannerAd(for:in:maxHeight:)``), then
/// ``closePresentation(_:)``. Every input on a handle that is not open throws
/// `PresentationError.notOpen(_:)` and changes nothing; a request on one fails with
/// `AdEngineError.Code.presentationNotOpen`. Time is the engine's clock, read once per input.
extension AdEngine {
    /// Opens a presentation (a player came on screen) and returns its handle.
    ///
    /// Its items viewed, pre-roll latch and cadence start at zero; the session caps it shares with every
    /// other presentation keep counting.
    /// - Parameters:
    ///   - kind: the product the player shows: Clips placements are refused in a Stories presentation
    ///     and the reverse (`PlacementDecision.Reason.wrongProduct`).
    ///   - collectionId: the Clips collection or Stories category, for the app's own bookkeeping.
    ///   - configuration: the presentation's opt-in; `nil` means not opted in to the Clips pre-roll and
    ///     bottom banner (between-items and Stories ads follow the tenant alone).
    ///   - name: the handle's id; default the next free `presentation-N` (1, 2, ...). 1 to 64 letters,
    ///     digits, `-`, `_` or `.`.
    /// - Returns: the handle to pass with this player's inputs and requests.
    /// - Throws: `PresentationError.invalidName(_:)` for a bad `name`;
    ///   `PresentationError.alreadyOpen(_:)` when a presentation of that name is open.
    public func openPresentation(
        _ kind: AdProduct, collectionId: String? = nil, configuration: ClipsAdConfiguration?, name: String? = nil
    ) throws(PresentationError) -> PresentationHandle {
        if let name, !PresentationHandle.isValidId(name) { throw .invalidName(name) }
        let opened = try ledger.open(
            name.map { PresentationHandle(id: $0) }, counter: presentationCounter, kind: kind,
            collectionId: collectionId, configuration: configuration)
        presentationCounter = opened.counter
        return opened.handle
    }

    /// The user viewed an item (a clip, a story page) of the presentation: counts toward its "first after
    /// N, every M".
    /// - Throws: `PresentationError.notOpen(_:)`.
    public func itemViewed(in presentation: PresentationHandle) throws(PresentationError) {
        try ledger.itemViewed(in: presentation)
    }

    /// The presentation's player went back to its initial state (a reload): its items and cadence start
    /// over; its pre-roll latch is kept, so a pre-roll it showed does not show again (a reload is the same
    /// presentation, not a new opening; close and open a new presentation for a new opening).
    /// - Throws: `PresentationError.notOpen(_:)`.
    public func reloadPresentation(_ presentation: PresentationHandle) throws(PresentationError) {
        try ledger.reloaded(presentation)
    }

    /// The player was configured with a new ad configuration while open (`configure(with:)` in the
    /// player): the new opt-in applies from the next request; items and ads shown are kept.
    /// - Throws: `PresentationError.notOpen(_:)`.
    public func configure(
        _ presentation: PresentationHandle, with configuration: ClipsAdConfiguration?
    ) throws(PresentationError) {
        try ledger.configured(presentation, with: configuration)
    }

    /// The presentation closed (its player left the screen): its handle is no longer valid. Ads it showed
    /// still count toward the session caps; an ad of it returned before the close and still playing still
    /// counts its impression there.
    ///
    /// Its `getAd` and `getBottomBannerAd` calls in flight end with `AdEngineError.Code.presentationClosed`:
    /// their sources are stopped at once, and nothing of them counts (no ad is returned, so no impression
    /// and no cap) or is sent after the close (no error pixel). It does not wait for them to return.
    /// - Throws: `PresentationError.notOpen(_:)` (also for a handle closed before).
    public func closePresentation(_ presentation: PresentationHandle) throws(PresentationError) {
        try ledger.closed(presentation)
        // Stopped, not awaited: each call ends within milliseconds and reports the close to its own caller.
        _ = calls.stop(presentation, because: .presentationClosed)
    }

    /// A full-screen ad (pre-roll, between items, between pages) for `request`, asked by the presentation
    /// `presentation` with its opt-in and counts. See ``getAd(for:)``.
    ///
    /// The handle is a parameter, not a field of the request: the request describes the slot and the
    /// user (it is also the CLI's and the CMS's JSON), the handle names the player asking, which only
    /// the app knows.
    /// - Returns: an ad whose ``Ad/decision``, ``Ad/report`` and ``Ad/context`` name `presentation`.
    /// - Throws: ``AdEngineError``; `AdEngineError.Code.presentationNotOpen` when the handle is not open,
    ///   `presentationClosed` when it closes while the call is in flight.
    public func getAd(for request: AdRequestInfo, in presentation: PresentationHandle) async throws(AdEngineError)
        -> Ad
    {
        try await load(request, in: presentation, call: .fullScreen(withHandle: true))
    }

    /// A bottom banner for `request` whose height fits `maxHeight` points, asked by the presentation
    /// `presentation`. See ``getBottomBannerAd(for:maxHeight:)`` and ``getAd(for:in:)``.
    /// - Throws: ``AdEngineError``; `AdEngineError.Code.presentationNotOpen` when the handle is not open,
    ///   `presentationClosed` when it closes while the call is in flight.
    public func getBottomBannerAd(
        for request: AdRequestInfo, in presentation: PresentationHandle, maxHeight: CGFloat
    ) async throws(AdEngineError) -> Ad {
        try await load(request, in: presentation, call: .bottomBanner(maxHeight: maxHeight, withHandle: true))
    }
}

public import FoundationEssentials

/// The inputs and decisions of presentations named by handle. See ``PlacementState`` for each input.
extension PlacementPolicy {
    /// See ``PlacementState/presentationOpened(_:kind:collectionId:configuration:)``.
    public mutating func presentationOpened(
        _ handle: PresentationHandle, kind: AdProduct, collectionId: String? = nil,
        configuration: ClipsAdConfiguration?
    ) throws(PresentationError) {
        try state.presentationOpened(handle, kind: kind, collectionId: collectionId, configuration: configuration)
    }

    /// See ``PlacementState/itemViewed(in:)``.
    public mutating func itemViewed(in handle: PresentationHandle) throws(PresentationError) {
        try state.itemViewed(in: handle)
    }

    /// See ``PlacementState/presentationReloaded(_:)``.
    public mutating func presentationReloaded(_ handle: PresentationHandle) throws(PresentationError) {
        try state.presentationReloaded(handle)
    }

    /// See ``PlacementState/presentationConfigured(_:with:)``.
    public mutating func presentationConfigured(
        _ handle: PresentationHandle, with configuration: ClipsAdConfiguration?
    ) throws(PresentationError) {
        try state.presentationConfigured(handle, with: configuration)
    }

    /// See ``PlacementState/presentationClosed(_:)``.
    public mutating func presentationClosed(_ handle: PresentationHandle) throws(PresentationError) {
        try state.presentationClosed(handle)
    }

    /// See ``PlacementState/adShown(placement:in:at:)``.
    public mutating func adShown(placement: Placement, in handle: PresentationHandle, at time: Date) {
        state.adShown(placement: placement, in: handle, at: time)
    }

    /// Decides on the request's placement in the presentation `handle`. See ``decide(_:in:now:)``.
    public func decide(
        request: AdRequestInfo, in handle: PresentationHandle, now: Date
    ) throws(PresentationError) -> PlacementDecision {
        try decide(request.placement, in: handle, now: now)
    }

    /// Decides whether to request an ad for `placement` now in the presentation `handle`, with its own
    /// opt-in, items and pre-roll latch, and the session caps of every presentation.
    ///
    /// Checks run in the order documented on ``PlacementDecision/Reason``; a placement of the other
    /// product than the presentation's is ``PlacementDecision/Reason/wrongProduct``. Deciding changes
    /// nothing: report a shown ad with ``adShown(placement:in:at:)``.
    /// - Parameters:
    ///   - placement: the slot about to be shown.
    ///   - handle: the presentation that asks.
    ///   - now: the current time (see ``decide(_:presentation:now:)``).
    /// - Returns: the decision, naming `handle`, with the placement's sources when allowed.
    /// - Throws: ``PresentationError/notOpen(_:)`` when `handle` is not open; never a decision for another
    ///   presentation.
    public func decide(
        _ placement: Placement, in handle: PresentationHandle, now: Date
    ) throws(PresentationError) -> PlacementDecision {
        guard let presentation = state.presentation(handle) else { throw .notOpen(handle) }
        var decision = decide(placement, in: presentation, configuration: presentation.configuration, now: now)
        decision.presentation = handle
        return decision
    }
}

extension PlacementDecision {
    /// Why a placement was or was not requested. The raw values are stable: reports and scripts read them.
    ///
    /// The policy checks in this order and answers with the first that fails, so a reason says what would
    /// have to change first: the placement (``placementUnknown``, then ``wrongProduct`` when it is asked in
    /// a presentation of the other product), the tenant (``placementNotConfigured``,
    /// ``tenantDisabled``), the presentation (``noPresentationConfiguration``, ``notOptedIn``), then
    /// pacing from the longest-lasting to the shortest (``preRollAlreadyShown`` until the next
    /// presentation opens, ``sessionCapReached`` until the next session, ``minimumIntervalNotElapsed`` until
    /// time passes, ``tooEarly`` and ``notOnCadence`` until more items are viewed).
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every check passed: request an ad.
        case allowed
        /// The placement is not one this SDK knows.
        case placementUnknown
        /// The placement belongs to the other product than the presentation that asked (a Stories
        /// placement asked in a Clips presentation, or the reverse).
        case wrongProduct
        /// The tenant settings have no entry for the placement.
        case placementNotConfigured
        /// The tenant turned the placement off.
        case tenantDisabled
        /// A Clips pre-roll or bottom banner, and the presentation gave no ``ClipsAdConfiguration``.
        case noPresentationConfiguration
        /// The presentation's ``ClipsAdConfiguration`` leaves this placement off.
        case notOptedIn
        /// The opening pre-roll was already shown in this presentation.
        case preRollAlreadyShown
        /// The placement showed its ``PlacementCaps/maxPerSession`` ads this session.
        case sessionCapReached
        /// The placement's last ad was less than ``PlacementCaps/minimumIntervalSeconds`` ago.
        case minimumIntervalNotElapsed
        /// Fewer than ``PlacementCaps/firstAfterItems`` items viewed in this presentation.
        case tooEarly
        /// Fewer than ``PlacementCaps/everyItems`` items viewed since the placement's last ad.
        case notOnCadence
    }
}

public import FoundationEssentials

/// Decides whether to request an ad for a placement: tenant settings, the presentation's opt-in, then
/// frequency and pacing.
///
/// A pure value (no I/O, no clock): time comes in as `now` and as the time of ``adShown(placement:in:at:)``;
/// pass times from one clock. Keep one policy per user session, in whatever actor owns the session; feed
/// it the inputs as they happen and ask ``decide(request:in:now:)`` before each ad slot.
///
/// Several presentations may be open at once (see ``PresentationHandle``): each keeps its own opt-in,
/// items, pre-roll latch and cadence; the session caps (``PlacementCaps/maxPerSession``,
/// ``PlacementCaps/minimumIntervalSeconds``) count the ads of all of them. The single-presentation calls
/// (``presentationStarted()``, ``itemViewed()``, ``decide(request:presentation:now:)``) use
/// ``PresentationHandle/default``.
///
/// Which opt-in applies:
/// - Clips pre-roll and bottom banner: the tenant and the presentation's ``ClipsAdConfiguration``
///   (`nil` means not opted in).
/// - Clips between items and Stories between pages: the tenant alone; there is no local switch for them.
///
/// ``settings`` can be replaced at any time (a CMS refresh); pacing state is kept.
public struct PlacementPolicy: Sendable {
    /// The tenant's settings, as validated when loaded.
    public var settings: TenantSettings
    /// The pacing memory.
    public internal(set) var state: PlacementState

    /// Creates a policy at the start of a session.
    /// - Parameters:
    ///   - settings: the tenant's settings.
    ///   - state: the pacing memory to start from; default a fresh session.
    public init(settings: TenantSettings, state: PlacementState = PlacementState()) {
        self.settings = settings
        self.state = state
    }

    /// See ``PlacementState/sessionStarted()``.
    public mutating func sessionStarted() { state.sessionStarted() }

    /// See ``PlacementState/presentationStarted()``.
    public mutating func presentationStarted() { state.presentationStarted() }

    /// See ``PlacementState/itemViewed()``.
    public mutating func itemViewed() { state.itemViewed() }

    /// See ``PlacementState/adShown(placement:at:)``.
    public mutating func adShown(placement: Placement, at time: Date) { state.adShown(placement: placement, at: time) }

    /// Decides on the request's placement. See ``decide(_:presentation:now:)``.
    public func decide(request: AdRequestInfo, presentation: ClipsAdConfiguration?, now: Date) -> PlacementDecision {
        decide(request.placement, presentation: presentation, now: now)
    }

    /// Decides whether to request an ad for `placement` now in the default presentation, with the opt-in
    /// `presentation` given here. The decision names no presentation.
    ///
    /// Checks run in the order documented on ``PlacementDecision/Reason``; the first that fails is the
    /// reason. Deciding changes nothing: report a shown ad with ``adShown(placement:at:)``.
    /// - Parameters:
    ///   - placement: the slot about to be shown.
    ///   - presentation: the Clips presentation's opt-in; ignored for Stories and Clips between items.
    ///   - now: the current time, on the clock used for ``adShown(placement:at:)``. A `now` earlier than
    ///     the last ad (the clock was set back) counts as the interval having elapsed, so a clock change
    ///     can never stop ads for the rest of a session.
    /// - Returns: the decision, with the placement's sources when allowed.
    public func decide(_ placement: Placement, presentation: ClipsAdConfiguration?, now: Date) -> PlacementDecision {
        decide(placement, in: state.defaultPresentation, configuration: presentation, now: now)
    }

    /// The checks of ``PlacementDecision/Reason``, in order, against one presentation's state.
    func decide(
        _ placement: Placement, in presentation: PresentationState, configuration: ClipsAdConfiguration?, now: Date
    ) -> PlacementDecision {
        func no(_ reason: PlacementDecision.Reason, _ message: String) -> PlacementDecision {
            PlacementDecision(placement: placement, reason: reason, message: "\(placement): \(message)")
        }
        guard let product = placement.product else {
            return no(.placementUnknown, "not a placement this SDK knows")
        }
        if let kind = presentation.kind, kind != product {
            return no(.wrongProduct, "a \(product.rawValue) placement, asked in a \(kind.rawValue) presentation")
        }
        guard let tenant = settings.placements[placement] else {
            return no(.placementNotConfigured, "the tenant settings have no entry for this placement")
        }
        guard tenant.enabled else {
            return no(.tenantDisabled, "turned off in the tenant settings")
        }
        if placement == .clipsPreRoll || placement == .clipsBottomBanner {
            guard let configuration else {
                return no(
                    .noPresentationConfiguration, "the presentation gave no ClipsAdConfiguration, so it is not opted in"
                )
            }
            let optedIn = placement == .clipsPreRoll ? configuration.preRollEnabled : configuration.bottomBannerEnabled
            guard optedIn else {
                return no(.notOptedIn, "the presentation's ClipsAdConfiguration leaves this placement off")
            }
        }
        if let pacing = pacingRefusal(for: placement, in: presentation, caps: tenant.caps, now: now) {
            return no(pacing.reason, pacing.message)
        }
        return PlacementDecision(
            placement: placement, reason: .allowed, message: "\(placement): allowed", sources: tenant.sources)
    }
}

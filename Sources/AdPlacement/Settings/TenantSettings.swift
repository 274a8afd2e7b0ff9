public import VAST

/// The remote, per-tenant ad settings as a CMS serves them: for each placement, whether it is on, the
/// sources to ask and the pacing caps.
///
/// Load it with ``init(json:)-(String)``, which decodes and validates in one step and names the bad field in
/// every error. The JSON shape is in `Sources/AdPlacement/README.md`. Placements this SDK does not know
/// are kept (a newer CMS may serve them) and validated like the others; unknown fields inside a
/// placement, a source or the caps are errors, so a misspelt cap never silently turns into no cap.
public struct TenantSettings: Sendable, Hashable {
    /// The tenant's id, for reports.
    public var tenantId: String?
    /// The settings of each placement. A placement missing here is never requested
    /// (``PlacementDecision/Reason/placementNotConfigured``).
    public var placements: [Placement: PlacementSettings]
    /// Macros whose values this tenant treats as private beyond the identifying ones (IFA, DEVICEIP,
    /// LATLONG, GDPRCONSENT, GPPSTRING, DEVICEUA): reports and errors hide their values too
    /// (JSON `"privateMacros": ["CONTENTID", "PAGEURL"]`, IAB names only).
    public var privateMacros: Set<VASTMacro>

    /// Creates settings without validating them; call ``validate()`` for values not built from JSON.
    public init(
        tenantId: String? = nil, placements: [Placement: PlacementSettings] = [:],
        privateMacros: Set<VASTMacro> = []
    ) {
        self.tenantId = tenantId
        self.placements = placements
        self.privateMacros = privateMacros
    }
}

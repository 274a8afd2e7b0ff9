/// Whether to request an ad for a placement, and why.
///
/// Codable for reports: `{"placement": "...", "allowed": false, "reason": "notOptedIn", "message": "..."}`
/// plus `presentation` (the handle's id) when the decision was made for a named presentation, and
/// `sources` when allowed.
public struct PlacementDecision: Sendable, Hashable {
    /// The placement decided on.
    public var placement: Placement
    /// Why; ``Reason/allowed`` exactly when an ad may be requested.
    public var reason: Reason
    /// A sentence for a person, with the numbers that led to the decision.
    public var message: String
    /// The placement's sources from the tenant settings when allowed; empty otherwise.
    public var sources: [PlacementSourceSettings]
    /// The presentation the decision was made for; `nil` from ``PlacementPolicy/decide(_:presentation:now:)``,
    /// which is given an opt-in rather than a handle.
    public var presentation: PresentationHandle?

    /// Creates a decision.
    public init(
        placement: Placement, reason: Reason, message: String, sources: [PlacementSourceSettings] = [],
        presentation: PresentationHandle? = nil
    ) {
        self.placement = placement
        self.reason = reason
        self.message = message
        self.sources = sources
        self.presentation = presentation
    }

    /// Whether an ad may be requested.
    public var allowed: Bool { reason == .allowed }
}

extension PlacementDecision: Codable {
    private enum CodingKeys: String, CodingKey {
        case placement, allowed, reason, message, sources, presentation
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        placement = try container.decode(Placement.self, forKey: .placement)
        reason = try container.decode(Reason.self, forKey: .reason)
        message = try container.decode(String.self, forKey: .message)
        sources = try container.decodeIfPresent([PlacementSourceSettings].self, forKey: .sources) ?? []
        presentation = try container.decodeIfPresent(PresentationHandle.self, forKey: .presentation)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(placement, forKey: .placement)
        try container.encode(allowed, forKey: .allowed)
        try container.encode(reason, forKey: .reason)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(presentation, forKey: .presentation)
        if !sources.isEmpty { try container.encode(sources, forKey: .sources) }
    }
}

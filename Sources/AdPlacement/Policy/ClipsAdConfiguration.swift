/// A Clips presentation's local opt-in: which ads the app wants in this presentation.
///
/// Passed to ``PlacementPolicy/decide(request:presentation:now:)`` for each Clips decision. A presentation
/// that gives no configuration (`nil`) has opted into neither the pre-roll nor the bottom banner. Opting
/// in never overrides the tenant: an ad shows only when both allow it. Between-items ads have no local
/// switch; they follow the tenant alone, as they did before per-presentation opt-in existed.
public struct ClipsAdConfiguration: Sendable, Hashable, Codable {
    /// Whether the presentation wants the opening pre-roll.
    public var preRollEnabled: Bool
    /// Whether the presentation wants the bottom banner.
    public var bottomBannerEnabled: Bool

    /// Creates a configuration; both ads are off unless turned on.
    public init(preRollEnabled: Bool = false, bottomBannerEnabled: Bool = false) {
        self.preRollEnabled = preRollEnabled
        self.bottomBannerEnabled = bottomBannerEnabled
    }

    private enum CodingKeys: String, CodingKey {
        case preRollEnabled, bottomBannerEnabled
    }

    /// Decodes a configuration; a switch that is not written is off, like an omitted configuration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        preRollEnabled = try container.decodeIfPresent(Bool.self, forKey: .preRollEnabled) ?? false
        bottomBannerEnabled = try container.decodeIfPresent(Bool.self, forKey: .bottomBannerEnabled) ?? false
    }
}

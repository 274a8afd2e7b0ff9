/// Names one open presentation (a Clips player, a Stories player) to the placement policy and the engine.
///
/// A small value: copy it freely, keep it for as long as the player is on screen, and pass it with every
/// input and request of that player. Two players open at once have two handles, and each keeps its own
/// opt-in, items viewed, pre-roll latch and cadence counters; only the session caps are shared.
///
/// The id is stable and printable: the engine numbers the presentations it opens (`presentation-1`,
/// `presentation-2`, ...) unless the caller names one (the CLI's scenario names, `"A"`). It appears in
/// every decision, mediation report and analytics event of the presentation. Codable as the bare id
/// (`"presentation-1"`).
public struct PresentationHandle: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The presentation's id, unique among the presentations open in one engine.
    public let id: String

    /// Wraps an id. The engine checks a caller-chosen id when it opens the presentation (see
    /// ``PresentationError/invalidName(_:)``).
    public init(id: String) { self.id = id }

    /// The presentation that the single-presentation calls (`presentationStarted(_:)`, `itemViewed()`,
    /// `getAd(for:)`) use: always open, restarted by each `presentationStarted`, and of either product.
    public static let `default` = Self(id: "default")

    public var description: String { id }

    /// Decodes the bare id.
    public init(from decoder: any Decoder) throws {
        id = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the bare id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

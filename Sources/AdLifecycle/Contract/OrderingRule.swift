/// One decision of the ordering contract: a situation and what the lifecycles do about it.
public struct OrderingRule: Sendable, Hashable, Codable {
    /// A stable identifier that tests cite (`impression-once`).
    public var id: String
    /// Which controller it binds: `unit`, `video`, `mraid` or `all`.
    public var scope: String
    /// The situation.
    public var situation: String
    /// What happens.
    public var decision: String

    /// Creates a rule.
    public init(_ id: String, _ scope: String, _ situation: String, _ decision: String) {
        self.id = id
        self.scope = scope
        self.situation = situation
        self.decision = decision
    }
}

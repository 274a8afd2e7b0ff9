/// One place an ad can come from, in a priority tier of a mediation.
///
/// Tiers run in ascending order (0 first); the sources of one tier run in parallel. Within a tier, the
/// order of the sources in the list given to ``Mediator/run(sources:format:context:deadline:privateMacros:)`` is the
/// *tier order*, which breaks ties (see ``Mediator`` for the winner rule).
///
/// A value; check a list with ``validate(_:)`` before using it (``Mediator`` checks it too).
public struct AdSource: Sendable, Hashable {
    /// Where a source's VAST comes from.
    public enum Kind: Sendable, Hashable {
        /// A VAST tag URL template (`http` or `https`) whose macros (`[CACHEBUSTING]`, `%%IFA%%`, ...)
        /// are expanded with the call's `VASTMacroContext`, usage `.vastAdTagURI`, when the source starts.
        case tag(template: String)
        /// A fixed VAST document (for tests and house ads); its Wrappers are fetched like a tag's.
        case document(String)
    }

    /// The source's name, unique in a list; it names the source in reports.
    public var name: String
    /// The priority tier, 0 or more; lower tiers are tried first.
    public var tier: Int
    /// Where the VAST comes from.
    public var kind: Kind
    /// The source's whole time budget, wrapper chain included; more than zero.
    public var timeout: Duration
    /// Whether the source takes part in price competition (default `true`).
    ///
    /// A bidding source's `<Pricing>` ranks it, so its tier waits for it (until its timeout) before a
    /// winner is certain. A non-bidding source (a plain waterfall tag) ranks by tier order only, whatever
    /// its document says, so once an earlier source of its tier has filled it can be cancelled.
    public var bids: Bool

    /// Creates a source.
    /// - Parameters:
    ///   - name: unique in the list; used in reports.
    ///   - tier: 0 or more; lower tiers are tried first.
    ///   - kind: a tag URL template or a fixed document.
    ///   - timeout: the whole budget of this source, wrapper chain included.
    ///   - bids: whether its `<Pricing>` competes on price (see ``bids``).
    public init(name: String, tier: Int = 0, kind: Kind, timeout: Duration = .seconds(4), bids: Bool = true) {
        self.name = name
        self.tier = tier
        self.kind = kind
        self.timeout = timeout
        self.bids = bids
    }

    /// A source that fetches a tag URL template.
    public static func tag(
        _ name: String, tier: Int = 0, template: String, timeout: Duration = .seconds(4),
        bids: Bool = true
    ) -> AdSource {
        AdSource(name: name, tier: tier, kind: .tag(template: template), timeout: timeout, bids: bids)
    }

    /// A source that reads a fixed document.
    public static func document(
        _ name: String, tier: Int = 0, xml: String, timeout: Duration = .seconds(4),
        bids: Bool = true
    ) -> AdSource {
        AdSource(name: name, tier: tier, kind: .document(xml), timeout: timeout, bids: bids)
    }
}

public import VAST

/// One response in a chain.
public struct VASTHop: Sendable, Hashable {
    /// What a hop turned out to be.
    public enum Kind: String, Sendable, Hashable {
        /// A Wrapper, followed further.
        case wrapper
        /// An InLine ad.
        case inline
        /// A response with no ad (root Errors only, empty, or HTTP 204).
        case noAd
        /// The fetch or the document failed, or the hop was not fetched (a limit, a loop, a URL
        /// that cannot be requested).
        case error
    }

    /// The position in the chain: 0 is the tag itself.
    public var index: Int
    /// The URL fetched (macros expanded, relative references resolved), or the file or source name
    /// for the first hop of a document in hand.
    public var url: String
    /// The HTTP status, when there was one.
    public var status: Int?
    /// Milliseconds the fetch took (0 for a document that was not fetched).
    public var milliseconds: Double
    /// Body bytes received.
    public var bytes: Int
    /// What the hop turned out to be.
    public var kind: Kind
    /// What happened, for a person.
    public var outcome: String
    /// The IAB code, for an error hop.
    public var errorCode: VASTErrorCode?
    /// True when the fetch reused a pooled connection.
    public var connectionReused: Bool
    /// The document's `version`, when it was parsed.
    public var vastVersion: String?
    /// The document's element counts, when it was parsed.
    public var counts: VASTElementCounts?
}

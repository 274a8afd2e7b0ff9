public import VAST

/// What resolving a tag produced: the playable ads with their merged tracking, every hop
/// of the chain, and the failure when there is no ad.
public struct VASTResolution: Sendable {
    /// Every response fetched (or read), in the order they were reached.
    public var hops: [VASTHop]
    /// The ads to play, in pod order (one for a stand-alone ad), each merged with its wrappers.
    public var ads: [ResolvedAd]
    /// Why there is no ad, when there is none.
    public var failure: VASTResolutionFailure?
    /// The findings of every hop's document; their locations start with the hop (`hop 1: /VAST/...`).
    public var findings: [VASTFinding]
    /// The error pixels fired, with the code each carried.
    public var errorBeacons: [(url: String, code: VASTErrorCode)]

    /// Creates a resolution.
    public init(hops: [VASTHop], ads: [ResolvedAd], failure: VASTResolutionFailure? = nil, findings: [VASTFinding] = [],
                errorBeacons: [(url: String, code: VASTErrorCode)] = []) {
        self.hops = hops
        self.ads = ads
        self.failure = failure
        self.findings = findings
        self.errorBeacons = errorBeacons
    }

    /// The IAB code of the failure, when there is no ad.
    public var errorCode: VASTErrorCode? { ads.isEmpty ? failure?.code : nil }
}

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
        /// The fetch or the document failed.
        case error
    }

    /// The position in the chain: 0 is the tag itself.
    public var index: Int
    /// The URL fetched (macros expanded), or the file or source name for the first hop of a file.
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

/// Why a resolution ended without an ad.
public struct VASTResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The IAB code: 100, 101, 102 for a hop's document, 205, 300 (loop), 301, 302, 303.
    public var code: VASTErrorCode
    /// What happened, for a person.
    public var message: String
    /// The hop where it happened.
    public var hop: Int

    public var description: String { "VAST error \(code.rawValue) at hop \(hop): \(message)" }
}

public import AdResolution
public import VAST

/// What one source did in one mediation.
public struct SourceReport: Sendable, Hashable {
    /// How a source ended. The raw values are stable: scripts and JSON reports rely on them.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// It filled and its ad was chosen.
        case won
        /// It filled but lost, on price or on tier order.
        case filledLost
        /// It answered without an ad: an empty `<VAST>`, an HTTP 204, or a chain that ended with no
        /// ad (VAST 303).
        case noFill
        /// It filled, but its ad cannot be shown in the call's format (`AdFormat`): a bottom banner
        /// asked for and no banner of the ad fits (601, 604, 501, 503, or 201 for an ad with none), or a
        /// full-screen video asked for and no Linear (201) or no playable media file (403). The message
        /// says why; the next source or tier is tried.
        case noFit
        /// It failed: a bad status, a network error, a document that is not VAST, a wrapper loop or
        /// limit, a blocked category (the code says which).
        case error
        /// Its own timeout or the overall deadline passed before it answered; it was stopped (301).
        case timeout
        /// It was still running when it was stopped: its tier's winner was already certain, or the
        /// caller's task was cancelled.
        case cancelled
        /// It was never started: an earlier tier won, the overall deadline passed, the call was
        /// cancelled, or the source list is invalid.
        case notTried
    }

    /// The source's name.
    public var source: String
    /// The source's tier.
    public var tier: Int
    /// How it ended.
    public var outcome: Outcome
    /// Milliseconds from its start to its end (0 when not tried).
    public var milliseconds: Double
    /// The VAST error code for `noFill` (303), `noFit` (its ad's), `error` and `timeout` (301 for a Wrapper's hop
    /// or a source stopped at its deadline); `nil` otherwise, and when the tag's own request failed (the IAB
    /// table has no code for it: the message names its status or transport error).
    public var errorCode: VASTErrorCode?
    /// The price of its ad (see ``Mediator`` for where it is read), when it filled with one.
    public var price: Double?
    /// What happened, for a person.
    public var message: String
    /// The tag URL requested, macros expanded; `nil` for a document source or one not tried.
    public var url: String?
    /// Every hop of its wrapper chain, as far as it got.
    public var hops: [VASTHop]

    /// Creates a report entry.
    public init(
        source: String, tier: Int, outcome: Outcome, milliseconds: Double, errorCode: VASTErrorCode? = nil,
        price: Double? = nil, message: String, url: String? = nil, hops: [VASTHop] = []
    ) {
        self.source = source
        self.tier = tier
        self.outcome = outcome
        self.milliseconds = milliseconds
        self.errorCode = errorCode
        self.price = price
        self.message = message
        self.url = url
        self.hops = hops
    }
}

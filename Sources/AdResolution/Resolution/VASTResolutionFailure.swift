public import AdTransport
public import VAST

/// Why a resolution, or one ad of it, ended without an ad.
public struct VASTResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The IAB code the VAST 4.3 table (section 2.3.6.3) gives for what happened: 100, 101, 102 for a hop's
    /// document, 205, 300 (loop, a VASTAdTagURI that is not a URL the resolver may request), 301 (a Wrapper's
    /// VASTAdTagURI timed out or was unavailable), 302 (depth or fetch budget), 303 (no ad, or no usable
    /// creative). `nil` when the table has no code for it: the tag's own request failed (301 is a Wrapper's
    /// hop; no Wrapper led to this one), and ``requestError`` says how.
    public var code: VASTErrorCode?
    /// What happened, for a person.
    public var message: String
    /// The hop where it happened.
    public var hop: Int
    /// How the tag's own request failed, when that ended the resolution: its HTTP status (`badStatus`) or
    /// its transport error (`timeout`, `connect`, `tooLarge`...); `nil` for every other failure.
    public var requestError: HTTPError? = nil

    /// `VAST error 301 at hop 1: MESSAGE`, or `hop 0: MESSAGE` when the IAB table has no code for it.
    public var description: String {
        (code.map { "VAST error \($0.rawValue) at " } ?? "") + "hop \(hop): \(message)"
    }
}

public import VAST

/// Why a resolution, or one ad of it, ended without an ad.
public struct VASTResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The IAB code: 100, 101, 102 for a hop's document, 205, 300 (loop, a VASTAdTagURI that is not
    /// a URL the resolver may request), 301, 302 (depth or fetch budget), 303 (no ad, or no usable
    /// creative).
    public var code: VASTErrorCode
    /// What happened, for a person.
    public var message: String
    /// The hop where it happened.
    public var hop: Int

    public var description: String { "VAST error \(code.rawValue) at hop \(hop): \(message)" }
}

public import VAST

/// Why a mediation produced no ad. It carries the full report.
public struct MediationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// Every tier was tried and no source filled (each ran out, failed or had no ad).
        case noFill
        /// The overall deadline passed before a source filled; later tiers were not tried.
        case deadlineExceeded
        /// The caller's task was cancelled.
        case cancelled
        /// The source list is invalid (see ``AdSourceError``); nothing was tried.
        case invalidSources
    }

    /// The family.
    public var kind: Kind
    /// What happened, for a person.
    public var message: String
    /// The IAB code to report: 303 when no source filled, 301 when the deadline passed; `nil`
    /// when cancelled or invalid.
    public var vastErrorCode: VASTErrorCode?
    /// What every source did.
    public var report: MediationReport

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, vastErrorCode: VASTErrorCode?, report: MediationReport) {
        self.kind = kind
        self.message = message
        self.vastErrorCode = vastErrorCode
        self.report = report
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}

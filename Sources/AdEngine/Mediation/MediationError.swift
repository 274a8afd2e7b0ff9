public import AdErrors
public import VAST

/// Why a mediation produced no ad. It carries the full report.
public struct MediationError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == MediationError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<MediationError>

    /// Which reason this is.
    public var code: Code
    /// What happened, for a person.
    public var message: String
    /// The IAB code to report: 303 when no source filled, 301 when the deadline passed, the first
    /// unfit ad's when no ad fits; `nil` when cancelled or invalid.
    public var vastErrorCode: VASTErrorCode?
    /// What every source did.
    public var report: MediationReport

    /// Creates an error.
    public init(_ code: Code, _ message: String, vastErrorCode: VASTErrorCode?, report: MediationReport) {
        self.code = code
        self.message = message
        self.vastErrorCode = vastErrorCode
        self.report = report
    }

    public var description: String { "\(code.description): \(message)" }
}

extension ErrorCode where Domain == MediationError {
    /// Every tier was tried and no source filled (each ran out, failed or had no ad).
    public static let noFill = Self("noFill")
    /// Every tier was tried, and each source that filled had an ad that cannot be shown in the call's
    /// format (`SourceReport.Outcome.noFit`); the code is the first such ad's.
    public static let noFit = Self("noFit")
    /// The overall deadline passed before a source filled; later tiers were not tried.
    public static let deadlineExceeded = Self("deadlineExceeded")
    /// The caller's task was cancelled.
    public static let cancelled = Self("cancelled")
    /// The source list is invalid (see ``AdSourceError``); nothing was tried.
    public static let invalidSources = Self("invalidSources")
}

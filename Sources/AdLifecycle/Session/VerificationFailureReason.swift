public import VAST

/// Why the host could not run a verification script: the `[REASON]` of verificationNotExecuted
/// (VAST 4.3 section 3.17.4; VAST-FACTS 1).
public enum VerificationFailureReason: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: the host rejected the verification resource (vendor or URL refused by policy).
    case resourceRejected = 1
    /// 2: the verification type (its API framework) is not supported.
    case notSupported = 2
    /// 3: the resource failed to load.
    case loadError = 3

    /// The macro value.
    public var macroValue: VASTMacroContext.VerificationNotExecutedReason {
        switch self {
        case .resourceRejected: .resourceRejected
        case .notSupported: .notSupported
        case .loadError: .loadError
        }
    }
}

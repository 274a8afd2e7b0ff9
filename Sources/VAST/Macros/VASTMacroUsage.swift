/// Where a URI is used, which decides the macros it may carry.
///
/// Three IAB macros are tied to one kind of URI and are left as written anywhere else:
/// `[ERRORCODE]` (``error`` only), `[REASON]` (``verificationNotExecuted``, or ``tracking(_:)`` of that
/// event) and `[CLICKPOS]` (``clickTracking`` only).
public enum VASTMacroUsage: Sendable, Hashable {
    /// A Wrapper's `<VASTAdTagURI>`, fetched for the next document in the chain.
    case vastAdTagURI
    /// An `<Impression>` URI.
    case impression
    /// An `<Error>` URI (of the ad, of a Wrapper in its chain, or of a no-ad response).
    case error
    /// A `<Tracking>` URI fired for the event.
    case tracking(VASTTrackingEventName)
    /// A `<Verification>`'s `verificationNotExecuted` tracking URI.
    case verificationNotExecuted
    /// A click-tracking URI: `<ClickTracking>`, `<NonLinearClickTracking>`, `<CompanionClickTracking>` or
    /// `<IconClickTracking>`.
    case clickTracking
    /// A click-through URI opened for the user.
    case clickThrough
    /// Any other URI: viewable-impression pixels, icon views, custom clicks, resource URIs.
    case other

    /// True when `macro` may be expanded in this kind of URI.
    public func allows(_ macro: VASTMacro) -> Bool {
        switch macro {
        case .errorCode: return self == .error
        case .reason: return self == .verificationNotExecuted || self == .tracking(.verificationNotExecuted)
        case .clickPosition: return self == .clickTracking
        default: return true
        }
    }
}

extension VASTMacroUsage: CustomStringConvertible {
    public var description: String {
        switch self {
        case .vastAdTagURI: return "VASTAdTagURI"
        case .impression: return "Impression"
        case .error: return "Error"
        case .tracking(let event): return "Tracking event=\"\(event.rawValue)\""
        case .verificationNotExecuted: return "verificationNotExecuted"
        case .clickTracking: return "ClickTracking"
        case .clickThrough: return "ClickThrough"
        case .other: return "URI"
        }
    }
}

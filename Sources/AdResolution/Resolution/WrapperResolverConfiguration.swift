public import VAST

/// Limits of a wrapper-chain resolution. Defaults follow what IMA does.
public struct WrapperResolverConfiguration: Sendable, Hashable {
    /// Wrappers followed before 302 (default 5: a chain of five Wrappers and an InLine resolves).
    public var maxDepth: Int
    /// Timeout of the tag's own request (default 8 s).
    public var firstRequestTimeout: Duration
    /// Timeout of each later request (default 4 s).
    public var laterRequestTimeout: Duration
    /// The whole chain's time budget, on top of the per-request timeouts (default 15 s).
    public var chainBudget: Duration
    /// What each hop's parse accepts.
    public var parserLimits: VASTParser.Limits

    /// Creates a configuration.
    public init(maxDepth: Int = 5, firstRequestTimeout: Duration = .seconds(8), laterRequestTimeout: Duration = .seconds(4),
                chainBudget: Duration = .seconds(15), parserLimits: VASTParser.Limits = .default) {
        self.maxDepth = maxDepth
        self.firstRequestTimeout = firstRequestTimeout
        self.laterRequestTimeout = laterRequestTimeout
        self.chainBudget = chainBudget
        self.parserLimits = parserLimits
    }
}

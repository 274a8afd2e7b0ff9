public import AdTransport
public import VAST

/// Follows VAST wrapper chains to the ads they lead to, merging tracking on the way.
///
/// Depth limit, loop detection on normalised URLs (as written, before macros, so that a cache
/// buster cannot hide a loop), per-request timeouts and a whole-chain budget;
/// followAdditionalWrappers, allowMultipleAds, fallbackOnNoAd, pods through wrappers and
/// buffets that replace failed pod ads. On a failure the error pixels of every Wrapper of the
/// chain (and of a no-ad response itself) are sent with the code, through the ``BeaconSink``.
///
/// A value; each `resolve` call is independent and may run concurrently with others.
public struct WrapperResolver: Sendable {
    /// Fetches every hop.
    public let client: HTTPClient
    /// Receives the error pixels.
    public let errorSink: any BeaconSink
    /// Depth, timeouts, budget.
    public let configuration: WrapperResolverConfiguration
    /// The values for the macros in VASTAdTagURIs and Error URIs.
    public let macros: VASTMacroContext

    /// Creates a resolver.
    /// - Parameters:
    ///   - client: fetches every hop.
    ///   - errorSink: receives the error pixels (with `[ERRORCODE]` expanded).
    ///   - configuration: depth, timeouts, budget.
    ///   - macros: the values for the macros in VASTAdTagURIs and Error URIs.
    public init(client: HTTPClient, errorSink: any BeaconSink, configuration: WrapperResolverConfiguration = .init(),
                macros: VASTMacroContext = VASTMacroContext()) {
        self.client = client
        self.errorSink = errorSink
        self.configuration = configuration
        self.macros = macros
    }

    /// Resolves the tag at `url`.
    ///
    /// Cancelling the calling task stops the transfer in flight and ends the resolution with 301.
    /// - Returns: the ads and the report; never throws (a failure is in ``VASTResolution/failure``).
    public func resolve(tagURL url: String) async -> VASTResolution {
        let run = ResolutionRun(resolver: self)
        let outcome = await run.follow(url: url, chain: [], parent: nil, visited: [])
        return await run.finish(outcome)
    }

    /// Resolves a document already in hand (a file): hop 0 is the document, its wrappers are fetched.
    /// - Returns: the ads and the report.
    public func resolve(document bytes: [UInt8], source: String) async -> VASTResolution {
        let run = ResolutionRun(resolver: self)
        let outcome = await run.process(bytes: bytes, url: source, report: nil, chain: [], parent: nil,
                                         visited: [ResolutionRun.normalize(source)])
        return await run.finish(outcome)
    }
}

public import AdTransport
public import VAST

/// Follows VAST wrapper chains to the ads they lead to, merging tracking on the way.
///
/// Depth limit, loop detection on normalised URLs (as written, before macros, so that a cache
/// buster cannot hide a loop), per-request timeouts, a whole-chain budget, and bounds on the work
/// one response can cause (ads considered, fetches, error pixels, tracking URLs per ad: see
/// ``WrapperResolverConfiguration``). Relative VASTAdTagURIs resolve against the URL of the document
/// holding them (RFC 3986); anything that is then not an http(s) URL (or an allowed `file:` one)
/// fails with 300 without a request. followAdditionalWrappers, allowMultipleAds, fallbackOnNoAd,
/// pods through wrappers, buffets that replace failed pod ads, and the rest of the buffet left for
/// ``resolveNext(after:)``. An InLine without a usable creative is no ad (303).
///
/// Error pixels: each failure fires its code to the Error URIs of every Wrapper of its chain,
/// outermost first, then to those of the response or InLine it failed on (a no-ad response's root
/// Errors, the InLine's own), through the `BeaconSink`, once the resolution ends.
///
/// A value; each `resolve` call is independent and may run concurrently with others.
public struct WrapperResolver: Sendable {
    /// Fetches every hop.
    public var client: HTTPClient { storage.client }
    /// Receives the error pixels.
    public var errorSink: any BeaconSink { storage.errorSink }
    /// Depth, timeouts, budget, work bounds.
    public var configuration: WrapperResolverConfiguration { storage.configuration }
    /// The values for the macros in VASTAdTagURIs and Error URIs.
    public var macros: VASTMacroContext { storage.macros }

    /// The four values in one immutable box: a resolver (and each resolution's run, which holds
    /// one) is copied with one retain, not one per field of its configuration and macro context.
    private let storage: Storage

    private final class Storage: Sendable {
        let client: HTTPClient
        let errorSink: any BeaconSink
        let configuration: WrapperResolverConfiguration
        let macros: VASTMacroContext

        init(
            client: HTTPClient, errorSink: any BeaconSink, configuration: WrapperResolverConfiguration,
            macros: VASTMacroContext
        ) {
            self.client = client
            self.errorSink = errorSink
            self.configuration = configuration
            self.macros = macros
        }
    }

    /// Creates a resolver.
    /// - Parameters:
    ///   - client: fetches every hop.
    ///   - errorSink: receives the error pixels (with `[ERRORCODE]` expanded).
    ///   - configuration: depth, timeouts, budget, work bounds.
    ///   - macros: the values for the macros in VASTAdTagURIs and Error URIs.
    public init(
        client: HTTPClient, errorSink: any BeaconSink, configuration: WrapperResolverConfiguration = .init(),
        macros: VASTMacroContext = VASTMacroContext()
    ) {
        storage = Storage(client: client, errorSink: errorSink, configuration: configuration, macros: macros)
    }

    /// Resolves the tag at `url` (an absolute http(s) URL, macros already filled; a `file:` URL too
    /// when ``WrapperResolverConfiguration/allowsFileURLs`` is on).
    ///
    /// Cancelling the calling task stops the transfer in flight and ends the resolution with 301,
    /// firing nothing for the hop it stopped.
    /// - Returns: the ads and the report; never throws (a failure is in ``VASTResolution/failure``).
    public func resolve(tagURL url: String) async -> VASTResolution {
        let run = ResolutionRun(resolver: self)
        let outcome = await run.follow(written: url, expanded: url, path: ResolutionPath())
        return await run.finish(outcome)
    }

    /// Resolves a document already in hand: hop 0 is the document, its wrappers are fetched.
    ///
    /// Relative VASTAdTagURIs in it resolve against `baseURL`; without one they fail with 300. A
    /// `file:` base (`file:///abs/path/name.xml` for a file the user gave) resolves them in the
    /// file's folder, and, with ``WrapperResolverConfiguration/allowsFileURLs``, the files they name
    /// are read, so a folder of tags that wrap each other resolves without any network access.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - source: its name for reports (hop 0's URL).
    ///   - baseURL: the URL the document was read from, when known.
    /// - Returns: the ads and the report.
    public func resolve(document bytes: [UInt8], source: String, baseURL: AbsoluteURL? = nil) async -> VASTResolution {
        let run = ResolutionRun(resolver: self)
        var path = ResolutionPath()
        path.base = baseURL
        if let baseURL { path.visited = [baseURL.comparisonKey] }
        let outcome = await run.process(
            bytes: bytes, transfer: HopTransfer(url: source, bytes: bytes.count), path: path)
        return await run.finish(outcome)
    }

    /// Resolves the first of `resolution`'s ``VASTResolution/remaining`` ads: the next stand-alone ad of
    /// the buffet, for a player that wants another ad after (or instead of) the first choice.
    ///
    /// The ad is resolved in its place: behind the Wrappers that led to its response, with their
    /// tracking and loop keys, and a fresh time and fetch budget. The result's ``VASTResolution/hops``
    /// start with `resolution`'s (so hop numbers stay valid); its findings, error pixels and failed
    /// ads are this step's; its ``VASTResolution/remaining`` are the others. If the ad fails, its
    /// error pixels fire and the result has no ad: call again for the one after it.
    /// - Parameter resolution: an earlier result of this resolver (or of ``resolveNext(after:)``).
    /// - Returns: the next resolution, or `nil` when nothing remains.
    public func resolveNext(after resolution: VASTResolution) async -> VASTResolution? {
        guard let next = resolution.remaining.first else { return nil }
        let run = ResolutionRun(resolver: self, earlierHops: resolution.hops)
        run.remaining = Array(resolution.remaining.dropFirst())
        let outcome = await run.resolve(remaining: next)
        return await run.finish(outcome)
    }
}

import AdTransport
extension WrapperResolver {
    /// Resolves a loaded source: a tag URL is fetched and its wrappers followed; a file's or standard
    /// input's document is hop 0 and its wrappers are fetched.
    ///
    /// A tag is requested as `AbsoluteURL` writes it (scheme and host lowercased, dot
    /// segments removed): the URL libcurl fetches. A file's relative VASTAdTagURIs resolve against the
    /// file's folder, and the files they name are followed (``WrapperResolverConfiguration/allowsFileURLs``
    /// is turned on for that resolution: the user gave the first file), so a folder of test tags that wrap
    /// each other resolves without the network. Standard input has no base: its relative URIs fail with 300.
    /// - Parameter loaded: what ``SourceLoader/load(_:)`` returned.
    /// - Returns: the ads and the report; never throws (a failure is in ``VASTResolution/failure``).
    public func resolve(_ loaded: LoadedSource) async -> VASTResolution {
        if case .tag(let url) = loaded.source.kind { return await resolve(tagURL: url.string) }
        guard case .file = loaded.source.kind else {
            return await resolve(document: loaded.bytes ?? [], source: loaded.source.name)
        }
        var configuration = self.configuration
        configuration.allowsFileURLs = true
        let files = WrapperResolver(client: client, errorSink: errorSink, configuration: configuration, macros: macros)
        return await files.resolve(
            document: loaded.bytes ?? [], source: loaded.source.name,
            baseURL: loaded.source.baseURL)
    }
}

extension WrapperResolver {
    /// Resolves a loaded source: a tag URL is fetched and its wrappers followed; a file's or standard
    /// input's document is hop 0 and its wrappers are fetched.
    ///
    /// A tag is requested as ``AdTransport/AbsoluteURL`` writes it (scheme and host lowercased, dot
    /// segments removed): the URL libcurl fetches.
    /// - Parameter loaded: what ``SourceLoader/load(_:)`` returned.
    /// - Returns: the ads and the report; never throws (a failure is in ``VASTResolution/failure``).
    public func resolve(_ loaded: LoadedSource) async -> VASTResolution {
        if case .tag(let url) = loaded.source.kind { return await resolve(tagURL: url.string) }
        // Seam: `loaded.source.baseURL` (file:///abs/folder/name.xml for a file) is the base relative
        // VASTAdTagURIs resolve against; it goes to `resolve(document:source:baseURL:)` (with file
        // hops allowed for file sources) when the resolution branch adds that parameter.
        return await resolve(document: loaded.bytes ?? [], source: loaded.source.name)
    }
}

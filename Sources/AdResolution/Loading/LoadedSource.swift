/// A source after ``SourceLoader/load(_:)``: its document's bytes, or nothing to read for a tag URL
/// (the resolver fetches it).
public struct LoadedSource: Sendable {
    /// The source.
    public let source: VASTSource
    /// The document, at most ``SourceLimits/maxDocumentBytes`` long; `nil` for a tag URL.
    public let bytes: [UInt8]?

    /// Creates a loaded source.
    /// - Parameters:
    ///   - source: the source.
    ///   - bytes: its document, `nil` for a tag URL.
    public init(source: VASTSource, bytes: [UInt8]?) {
        self.source = source
        self.bytes = bytes
    }
}

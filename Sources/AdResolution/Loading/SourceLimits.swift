public import AdTransport
public import VAST

/// The one set of limits every source is read under. Each is a byte or file count; reading stops
/// one byte past a byte limit (so an overflow is detected without reading the rest) and the source
/// is refused with `SourceError.Code.tooLarge`.
///
/// Values are clamped to `0...(1 << 30)` where they are used, so no limit can make the `+ 1` trap.
public struct SourceLimits: Sendable, Hashable {
    /// The most bytes of one VAST document from a file or standard input. Default: the parser's cap,
    /// 2 MiB (`VASTParser/Limits/maxBytes`).
    public var maxDocumentBytes: Int
    /// The most bytes of a list of sources (a `--list` file, or one read from standard input).
    /// Default 64 MiB: 100,000 tag URLs of 600 bytes fit five times over.
    public var maxListBytes: Int
    /// The most bytes of one line of a list. Default: the longest URL accepted
    /// (`AbsoluteURL/maxLength`, 64 KiB).
    public var maxListLineBytes: Int
    /// The most bytes of a data file (tenant settings, a request): JSON that may embed a few VAST
    /// documents. Default 8 MiB.
    public var maxDataBytes: Int
    /// The most `*.xml` files one folder may yield, subfolders included. Default 100,000; a bigger
    /// batch belongs in a list.
    public var maxDirectoryFiles: Int

    /// Creates limits; every parameter has the default described on its property.
    public init(
        maxDocumentBytes: Int = VASTParser.Limits.default.maxBytes, maxListBytes: Int = 64 << 20,
        maxListLineBytes: Int = AbsoluteURL.maxLength, maxDataBytes: Int = 8 << 20,
        maxDirectoryFiles: Int = 100_000
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxListBytes = maxListBytes
        self.maxListLineBytes = maxListLineBytes
        self.maxDataBytes = maxDataBytes
        self.maxDirectoryFiles = maxDirectoryFiles
    }

    /// The largest value any limit takes (1 GiB).
    static let ceiling = 1 << 30

    /// `value` within `0...ceiling`.
    static func clamped(_ value: Int) -> Int { min(max(value, 0), ceiling) }
}

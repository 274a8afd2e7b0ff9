internal import CLibXML2
public import Foundation

/// Reads VAST 2.0 to 4.3 responses into ``VASTDocument`` values, with findings.
///
/// The parse is libxml2's SAX2 interface over bytes in memory, hardened: no network, no DTD,
/// no entity declarations (refused, not merely left unexpanded), a deny-all external entity
/// loader, a byte cap and an attribute pre-scan before libxml2 sees the bytes. The model is
/// built straight from the SAX events, never from a DOM.
///
/// `VASTParser` is a value; each call is independent and may run on any thread concurrently
/// with others. Parsing is CPU work bounded by the byte cap; it never blocks.
public struct VASTParser: Sendable {
    /// Bounds on what a parse accepts.
    public struct Limits: Sendable, Hashable {
        /// The largest document accepted, in bytes (default 2 MiB).
        public var maxBytes: Int
        /// The most attributes one start tag may have (default 128).
        public var maxAttributesPerElement: Int
        /// The most text one element's value may hold (default 1 MiB); the rest is dropped with an error finding.
        public var maxTextBytes: Int
        /// The most findings one document reports (default 1,000); a last finding counts the rest.
        public var maxFindings: Int

        /// Creates limits.
        public init(
            maxBytes: Int = 2 << 20, maxAttributesPerElement: Int = 128, maxTextBytes: Int = 1 << 20,
            maxFindings: Int = 1_000
        ) {
            self.maxBytes = maxBytes
            self.maxAttributesPerElement = maxAttributesPerElement
            self.maxTextBytes = maxTextBytes
            self.maxFindings = maxFindings
        }

        /// 2 MiB, 128 attributes, 1 MiB of text per value, 1,000 findings.
        public static let `default` = Limits()
    }

    /// The limits this parser applies.
    public let limits: Limits
    /// The extra judge of URLs, when one was given (see ``VASTURLValidator``).
    public let urlValidator: VASTURLValidator?

    /// Creates a parser.
    /// - Parameters:
    ///   - limits: the bounds on what a parse accepts.
    ///   - urlValidator: an extra judge of http(s) URLs (for example libcurl's parser, through
    ///     `AdResolution.CurlURLValidator`); `nil` keeps the built-in checks alone.
    public init(limits: Limits = .default, urlValidator: VASTURLValidator? = nil) {
        self.limits = limits
        self.urlValidator = urlValidator
    }

    /// Parses one VAST document.
    ///
    /// - Parameter bytes: the response body as received (any encoding libxml2 detects).
    /// - Returns: the typed document, every finding in document order, and element counts.
    /// - Throws: ``VASTParseError`` when the bytes are not a well-formed, supported VAST document.
    public func parse(_ bytes: [UInt8]) throws(VASTParseError) -> VASTParseResult {
        try bytes.withUnsafeBufferPointer { (buffer) throws(VASTParseError) -> VASTParseResult in
            try parse(buffer)
        }
    }

    /// Parses one VAST document held in `Data`.
    /// - Throws: ``VASTParseError``.
    public func parse(_ data: Data) throws(VASTParseError) -> VASTParseResult {
        let outcome = data.withUnsafeBytes { raw in
            Result { () throws(VASTParseError) -> VASTParseResult in try parse(raw.bindMemory(to: UInt8.self)) }
        }
        return try outcome.get()
    }

    /// Parses a string's UTF-8 bytes.
    /// - Throws: ``VASTParseError``.
    public func parse(_ text: String) throws(VASTParseError) -> VASTParseResult {
        try parse(Array(text.utf8))
    }

    private func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(VASTParseError) -> VASTParseResult {
        guard !buffer.isEmpty else { throw VASTParseError(.empty, "the document is empty") }
        guard buffer.count <= limits.maxBytes, buffer.count <= Int(Int32.max) else {
            throw VASTParseError(
                .tooLarge, "the document is \(buffer.count) bytes, over the \(limits.maxBytes)-byte limit")
        }
        try AttributePreScan.check(buffer, maxAttributes: limits.maxAttributesPerElement)
        LibXML2.initializeOnce()
        return try SAXSession.run(buffer, limits: limits, urlValidator: urlValidator)
    }
}

/// What ``VASTParser/parse(_:)-([UInt8])`` returns.
public struct VASTParseResult: Sendable, Hashable {
    /// The typed document.
    public var document: VASTDocument
    /// Findings in document order (then the document-wide ones).
    public var findings: [VASTFinding]
    /// Element counts as written.
    public var counts: VASTElementCounts

    /// True when no finding is an error.
    public var isValid: Bool { !findings.contains { $0.severity == .error } }
}

/// How many of the main elements a document holds as written, not counting anything inside
/// `<Extensions>` or `<CreativeExtensions>`.
public struct VASTElementCounts: Sendable, Hashable {
    /// `<Ad>` elements.
    public var ads = 0
    /// `<Creative>` elements.
    public var creatives = 0
    /// `<MediaFile>` elements.
    public var mediaFiles = 0
    /// `<Tracking>` elements.
    public var trackingEvents = 0
    /// `<Impression>` elements.
    public var impressions = 0

    /// Creates counts.
    public init(ads: Int = 0, creatives: Int = 0, mediaFiles: Int = 0, trackingEvents: Int = 0, impressions: Int = 0) {
        self.ads = ads
        self.creatives = creatives
        self.mediaFiles = mediaFiles
        self.trackingEvents = trackingEvents
        self.impressions = impressions
    }
}

/// libxml2's process-wide set-up, done once.
enum LibXML2 {
    private static let initialized: Bool = {
        vast_xml_global_init()
        return true
    }()

    /// Initialises the library and installs the deny-all entity loader, once.
    static func initializeOnce() {
        _ = initialized
    }
}

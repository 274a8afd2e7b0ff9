internal import CLibXML2
public import FoundationEssentials

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
    /// Bounds on what a parse accepts, and on the work and time one parse may take.
    ///
    /// libxml2 pulls the document a few kilobytes at a time, and before each pull the parse is checked
    /// against ``maxParseTime`` (or the caller's deadline), the calling task's cancellation and the
    /// attribute and namespace counts of the start tag being read; every start tag is checked too. So a
    /// document that makes libxml2 work hard (2.9's duplicate-attribute check is quadratic in a tag's
    /// attributes) is stopped within a chunk's work of crossing a bound, whatever hides it from the
    /// pre-scan.
    public struct Limits: Sendable, Hashable {
        /// The largest document accepted, in bytes (default 2 MiB).
        public var maxBytes: Int
        /// The most attributes one start tag may have (default 128), and the most namespace declarations
        /// in scope at once. Watched while libxml2 reads a tag up to 100,000; above that, only the pre-scan,
        /// ``maxParseTime`` and the count at the end of each tag apply.
        public var maxAttributesPerElement: Int
        /// The most text one element's value may hold (default 1 MiB); the rest is dropped with an error finding.
        public var maxTextBytes: Int
        /// The most findings one document reports (default 1,000); a last finding counts the rest.
        public var maxFindings: Int
        /// The longest one parse may take (default 10 s), checked before every chunk libxml2 reads and every
        /// 64 elements; past it the parse stops with `timedOut`. A deadline passed to
        /// `parse(_:deadline:)` can end it sooner. A valid 2 MiB document takes
        /// tens of milliseconds.
        public var maxParseTime: Duration
        /// The most elements one document may hold (default 500,000), the bound on the model-building work
        /// a document can cause beside its bytes; past it the parse stops with
        /// `tooMuchWork`.
        public var maxElements: Int

        /// Creates limits.
        public init(
            maxBytes: Int = 2 << 20, maxAttributesPerElement: Int = 128, maxTextBytes: Int = 1 << 20,
            maxFindings: Int = 1_000, maxParseTime: Duration = .seconds(10), maxElements: Int = 500_000
        ) {
            self.maxBytes = maxBytes
            self.maxAttributesPerElement = maxAttributesPerElement
            self.maxTextBytes = maxTextBytes
            self.maxFindings = maxFindings
            self.maxParseTime = maxParseTime
            self.maxElements = maxElements
        }

        /// 2 MiB, 128 attributes, 1 MiB of text per value, 1,000 findings, 10 s, 500,000 elements.
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
    /// Runs on the calling thread; when that is a task's, cancelling the task stops the parse within a
    /// chunk's work (`cancelled`).
    ///
    /// - Parameter bytes: the response body as received (any encoding libxml2 detects).
    /// - Returns: the typed document, every finding in document order, and element counts.
    /// - Throws: ``VASTParseError`` when the bytes are not a well-formed, supported VAST document, or the
    ///   parse crossed one of its ``Limits``.
    public func parse(_ bytes: [UInt8]) throws(VASTParseError) -> VASTParseResult {
        try bytes.withUnsafeBufferPointer { (buffer) throws(VASTParseError) -> VASTParseResult in
            try parse(buffer, deadline: nil)
        }
    }

    /// Parses one VAST document, stopping at `deadline` if it has not finished by then.
    ///
    /// The parse ends by `deadline` or after ``Limits/maxParseTime``, whichever comes first, give or take
    /// the work of one chunk (a few kilobytes); a deadline already past stops it before libxml2 reads
    /// anything. Cancelling the calling task stops it too.
    ///
    /// - Parameters:
    ///   - bytes: the response body as received (any encoding libxml2 detects).
    ///   - deadline: when the caller stops waiting (a source's or a chain's deadline).
    /// - Returns: the typed document, every finding in document order, and element counts.
    /// - Throws: ``VASTParseError``; `timedOut` when the deadline came first.
    public func parse(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(VASTParseError) -> VASTParseResult {
        try bytes.withUnsafeBufferPointer { (buffer) throws(VASTParseError) -> VASTParseResult in
            try parse(buffer, deadline: deadline)
        }
    }

    /// Parses one VAST document held in `Data`.
    /// - Throws: ``VASTParseError``.
    public func parse(_ data: Data) throws(VASTParseError) -> VASTParseResult {
        try parse(data, deadline: nil)
    }

    /// Parses one VAST document held in `Data`, stopping at `deadline` (see
    /// `parse(_:deadline:)`).
    /// - Throws: ``VASTParseError``; `timedOut` when the deadline came first.
    public func parse(_ data: Data, deadline: ContinuousClock.Instant) throws(VASTParseError) -> VASTParseResult {
        try parse(data, deadline: Optional(deadline))
    }

    /// Parses a string's UTF-8 bytes.
    /// - Throws: ``VASTParseError``.
    public func parse(_ text: String) throws(VASTParseError) -> VASTParseResult {
        try parse(Array(text.utf8))
    }

    private func parse(_ data: Data, deadline: ContinuousClock.Instant?) throws(VASTParseError) -> VASTParseResult {
        let outcome = data.withUnsafeBytes { raw in
            Result { () throws(VASTParseError) -> VASTParseResult in
                try parse(raw.bindMemory(to: UInt8.self), deadline: deadline)
            }
        }
        return try outcome.get()
    }

    private func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, deadline: ContinuousClock.Instant?
    ) throws(VASTParseError) -> VASTParseResult {
        guard !buffer.isEmpty else { throw VASTParseError(.empty, "the document is empty") }
        guard buffer.count <= limits.maxBytes, buffer.count <= Int(Int32.max) else {
            throw VASTParseError(
                .tooLarge, "the document is \(buffer.count) bytes, over the \(limits.maxBytes)-byte limit")
        }
        try AttributePreScan.check(buffer, maxAttributes: limits.maxAttributesPerElement)
        var budget = limits.maxParseTime
        var budgetIsDeadline = false
        if let deadline, case let left = ContinuousClock.now.duration(to: deadline), left < budget {
            budget = left
            budgetIsDeadline = true
        }
        LibXML2.initializeOnce()
        return try SAXSession.run(
            buffer, limits: limits, budget: budget, budgetIsDeadline: budgetIsDeadline, urlValidator: urlValidator)
    }
}

extension VASTParser {
    /// Besides the calling task's cancellation, what stops a parse that the current task runs (read where
    /// the cancellation is, with the same error): the engine sets it for a `getAd` call whose mediation
    /// runs in its caller's task, so that closing the call's presentation or the engine stops a long parse
    /// as it stops the call's fetches, without cancelling the caller's task.
    @TaskLocal package static var stop: Stop?

    /// A request to stop the parses of a task, asked of `isRequested` where the parse checks its task's
    /// cancellation. (A class: a task-local closure crashed the release build's `withValue`.)
    package final class Stop: Sendable {
        private let requested: @Sendable () -> Bool

        /// A stop that `requested` says is requested.
        package init(_ requested: @escaping @Sendable () -> Bool) { self.requested = requested }

        /// Whether the parse must stop.
        package var isRequested: Bool { requested() }
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

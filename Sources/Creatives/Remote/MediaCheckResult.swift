public import MediaProbe
public import VAST

/// What ``MediaCheck`` found for one media file.
public struct MediaCheckResult: Sendable, Hashable {
    /// The media file's URL.
    public var url: String
    /// The HTTP status of the first answer, when one came.
    public var status: Int?
    /// Its `Content-Type`.
    public var contentType: String?
    /// The file's size, when the server said it.
    public var totalSize: Int?
    /// Whether the server answered the `Range` request with 206.
    public var rangeSupported = false
    /// The body bytes read, head and tail.
    public var bytesRead = 0
    /// What the probe read from those bytes.
    public var description: MediaDescription?
    /// Every problem, in the order of ``MediaCheckProblem/Kind``'s cases.
    public var problems: [MediaCheckProblem] = []

    /// Creates a result for `url` with nothing found yet.
    public init(url: String) {
        self.url = url
    }
}

/// One thing wrong with a served media file.
public struct MediaCheckProblem: Sendable, Hashable {
    /// What is wrong; each kind is one `media.*` rule of the catalogue.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Not fetched: no such host, refused, TLS, timed out (`media.unreachable`).
        case unreachable
        /// A status other than 200 or 206 (`media.http-status`).
        case httpStatus
        /// A plain http URL (`media.insecure-url`).
        case insecureURL
        /// A `Content-Type` that is not the declared type, or none (`media.content-type`).
        case contentType
        /// No `Access-Control-Allow-Origin` for a web player (`media.cors`).
        case missingCORS
        /// Bytes no probe reads as the media the VAST declares (`media.unreadable`).
        case unreadable
        /// The container is not the declared `type` (`media.type`).
        case typeMismatch
        /// `<Duration>` differs (`media.duration`).
        case durationMismatch
        /// `width` x `height` differ (`media.dimensions`).
        case dimensionsMismatch
        /// `bitrate` (or `minBitrate`...`maxBitrate`) differs (`media.bitrate`).
        case bitrateMismatch
        /// A codec `codec` names is missing (`media.codec`).
        case codecMismatch
        /// `fileSize` differs (`media.size`).
        case sizeMismatch
        /// An MP4 whose `moov` comes after `mdat` (`media.fast-start`).
        case noFastStart
        /// Not probed: FFmpeg's libraries cannot be loaded on this machine (`media.probe-unavailable`).
        case probeUnavailable

        /// The catalogue's rule id.
        public var rule: String {
            switch self {
            case .unreachable: "media.unreachable"
            case .httpStatus: "media.http-status"
            case .insecureURL: "media.insecure-url"
            case .contentType: "media.content-type"
            case .missingCORS: "media.cors"
            case .unreadable: "media.unreadable"
            case .typeMismatch: "media.type"
            case .durationMismatch: "media.duration"
            case .dimensionsMismatch: "media.dimensions"
            case .bitrateMismatch: "media.bitrate"
            case .codecMismatch: "media.codec"
            case .sizeMismatch: "media.size"
            case .noFastStart: "media.fast-start"
            case .probeUnavailable: "media.probe-unavailable"
            }
        }

        var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// What is wrong.
    public var kind: Kind
    /// How much it matters: errors break the ad (a player refuses or misplays it).
    public var severity: VASTFinding.Severity
    /// What is wrong and what to change, for a person.
    public var message: String
    /// The IAB code a player would report, when one applies.
    public var vastErrorCode: VASTErrorCode?

    /// Creates a problem; its severity is the kind's unless given.
    public init(
        _ kind: Kind, _ message: String, vastErrorCode: VASTErrorCode? = nil, severity: VASTFinding.Severity? = nil
    ) {
        self.kind = kind
        self.message = message
        self.vastErrorCode = vastErrorCode
        self.severity = severity ?? Self.severity(of: kind)
    }

    /// The problem a probe's mismatch is.
    init(mismatch: MediaMismatch, url: String) {
        let kind: Kind =
            switch mismatch.kind {
            case .typeMismatch: .typeMismatch
            case .durationMismatch: .durationMismatch
            case .dimensionsMismatch: .dimensionsMismatch
            case .bitrateMismatch: .bitrateMismatch
            case .codecMismatch: .codecMismatch
            case .sizeMismatch: .sizeMismatch
            case .noFastStart: .noFastStart
            }
        let code = kind == .noFastStart ? nil : MediaVerifier.code(of: mismatch.kind)
        self.init(kind, "\(url): \(mismatch.message)", vastErrorCode: code)
    }

    /// Errors for what makes players refuse or misplay the ad; warnings for the rest.
    static func severity(of kind: Kind) -> VASTFinding.Severity {
        switch kind {
        case .unreachable, .httpStatus, .contentType, .unreadable, .typeMismatch, .durationMismatch: .error
        default: .warning
        }
    }
}

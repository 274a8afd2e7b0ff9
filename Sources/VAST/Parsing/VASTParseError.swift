public import AdErrors

/// Why a document could not be read as VAST at all.
///
/// A `CodedError`: compare its ``code`` with the static members (`error.code == .tooLarge`), or read
/// ``isMalformed``, ``vastErrorCode`` and ``message``.
public struct VASTParseError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == VASTParseError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<VASTParseError>

    /// Which reason this is.
    public let code: Code
    /// What went wrong and what to do, for a person.
    public let message: String
    /// The line, when known (1-based).
    public let line: Int?
    /// The column, when known (1-based).
    public let column: Int?
    /// The root's `version` attribute as written, when the document got that far.
    public internal(set) var documentVersion: String?
    /// Element counts as written, for an unsupported version (read to the end, not modelled).
    public internal(set) var counts: VASTElementCounts?

    init(_ code: Code, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line.flatMap { $0 > 0 ? $0 : nil }
        self.column = column.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The IAB code a player reports for this failure: 102 for an unsupported version, 101 for
    /// a root that is not VAST, 100 for everything else.
    public var vastErrorCode: VASTErrorCode {
        switch code {
        case .unsupportedVersion: .versionNotSupported
        case .notVAST: .schemaValidation
        default: .xmlParsing
        }
    }

    /// True for well-formedness errors (including the hardening refusals).
    public var isMalformed: Bool { vastErrorCode == .xmlParsing }

    public var description: String {
        var text = "VAST error \(vastErrorCode.rawValue): \(message)"
        if let line { text += " (line \(line)\(column.map { ", column \($0)" } ?? ""))" }
        return text
    }
}

extension ErrorCode where Domain == VASTParseError {
    /// Not well-formed XML (libxml2's message, line and column).
    public static let malformed = Self("malformed")
    /// A DOCTYPE or ENTITY declaration, refused before it could expand or load anything.
    public static let forbiddenDeclaration = Self("forbiddenDeclaration")
    /// More bytes than the configured cap.
    public static let tooLarge = Self("tooLarge")
    /// A start tag with more attributes than the configured cap, or more namespace declarations in scope.
    public static let tooManyAttributes = Self("tooManyAttributes")
    /// No bytes at all.
    public static let empty = Self("empty")
    /// The root is not `<VAST>`.
    public static let notVAST = Self("notVAST")
    /// VAST 1.0, or a version this engine does not read.
    public static let unsupportedVersion = Self("unsupportedVersion")
    /// The bytes break XML 1.0's encoding rules (section 4.3.3, fatal errors): a byte-order mark and an
    /// encoding declaration that disagree, or a document that ends inside a UTF-16 character.
    public static let encoding = Self("encoding")
    /// The parse ran past its time budget (``VASTParser/Limits/maxParseTime``) or the caller's deadline
    /// and was stopped.
    public static let timedOut = Self("timedOut")
    /// The task the parse ran in was cancelled, and the parse stopped.
    public static let cancelled = Self("cancelled")
    /// The document holds more elements than ``VASTParser/Limits/maxElements``; the parse was stopped.
    public static let tooMuchWork = Self("tooMuchWork")
}

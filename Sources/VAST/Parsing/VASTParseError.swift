/// Why a document could not be read as VAST at all.
///
/// A struct with a private code, so cases can be added without breaking callers; compare with
/// the static members (``isMalformed``, ``kind``) or read ``vastErrorCode`` and ``message``.
public struct VASTParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The families of parse failure.
    public enum Kind: String, Sendable, Hashable {
        /// Not well-formed XML (libxml2's message, line and column).
        case malformed
        /// A DOCTYPE or ENTITY declaration, refused before it could expand or load anything.
        case forbiddenDeclaration
        /// More bytes than the configured cap.
        case tooLarge
        /// A start tag with more attributes than the configured cap.
        case tooManyAttributes
        /// No bytes at all.
        case empty
        /// The root is not `<VAST>`.
        case notVAST
        /// VAST 1.0, or a version this engine does not read.
        case unsupportedVersion
    }

    /// The family.
    public let kind: Kind
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

    init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line.flatMap { $0 > 0 ? $0 : nil }
        self.column = column.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The IAB code a player reports for this failure: 102 for an unsupported version, 101 for
    /// a root that is not VAST, 100 for everything else.
    public var vastErrorCode: VASTErrorCode {
        switch kind {
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

public import VAST

/// Why a source (a file, a folder, standard input, a tag URL, a list of sources, a settings file)
/// could not be read.
///
/// A struct with a kind, so kinds can be added without breaking callers. The message says what was
/// wrong and what to do about it; ``description`` puts the source's name in front.
public struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// Nothing exists at the path (or a folder on the way is missing or is a file).
        case notFound
        /// The path is a folder where one file is needed.
        case isDirectory
        /// The file or a folder on the way is not readable by this user.
        case permissionDenied
        /// More bytes than the limit; reading stopped one byte past it.
        case tooLarge
        /// The text looks like a URL but is not one this engine can fetch (malformed, or a scheme
        /// other than http, https or file).
        case notAURL
        /// Nothing to read: an empty settings file, a list that names no source, a folder without
        /// any `*.xml` file.
        case empty
        /// A folder holds more `*.xml` files than the limit.
        case tooManyFiles
        /// The operating system refused the read for another reason (an I/O error, a symbolic link
        /// loop); the message has its words.
        case unreadable
    }

    /// The family.
    public let kind: Kind
    /// The source as it was named (a path as given, `-` for standard input, a URL as written).
    public let source: String
    /// What is wrong and what to do, for a person.
    public let message: String
    /// The IAB code a player reports for the same failure: 100 for a VAST document over the byte
    /// limit (the parser's own size error); `nil` otherwise.
    public let vastErrorCode: VASTErrorCode?

    /// Creates an error.
    /// - Parameters:
    ///   - kind: the family.
    ///   - source: the source as named.
    ///   - message: what is wrong and what to do.
    ///   - vastErrorCode: the IAB code, where one applies.
    public init(_ kind: Kind, source: String, _ message: String, vastErrorCode: VASTErrorCode? = nil) {
        self.kind = kind
        self.source = source
        self.message = message
        self.vastErrorCode = vastErrorCode
    }

    /// `SOURCE: MESSAGE`.
    public var description: String { "\(source): \(message)" }
}

public import AdErrors
public import VAST

/// Why a source (a file, a folder, standard input, a tag URL, a list of sources, a settings file)
/// could not be read.
///
/// A `CodedError`: its code can grow without breaking callers. The message says what was
/// wrong and what to do about it; ``description`` puts the source's name in front.
public struct SourceError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == SourceError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<SourceError>

    /// Which reason this is.
    public let code: Code
    /// The source as it was named (a path as given, `-` for standard input, a URL as written).
    public let source: String
    /// What is wrong and what to do, for a person.
    public let message: String
    /// The IAB code a player reports for the same failure: 100 for a VAST document over the byte
    /// limit (the parser's own size error); `nil` otherwise.
    public let vastErrorCode: VASTErrorCode?

    /// Creates an error.
    /// - Parameters:
    ///   - code: which reason.
    ///   - source: the source as named.
    ///   - message: what is wrong and what to do.
    ///   - vastErrorCode: the IAB code, where one applies.
    public init(_ code: Code, source: String, _ message: String, vastErrorCode: VASTErrorCode? = nil) {
        self.code = code
        self.source = source
        self.message = message
        self.vastErrorCode = vastErrorCode
    }

    /// `SOURCE: MESSAGE`.
    public var description: String { "\(source): \(message)" }
}

extension ErrorCode where Domain == SourceError {
    /// Nothing exists at the path (or a folder on the way is missing or is a file).
    public static let notFound = Self("notFound")
    /// The path is a folder where one file is needed.
    public static let isDirectory = Self("isDirectory")
    /// The file or a folder on the way is not readable by this user.
    public static let permissionDenied = Self("permissionDenied")
    /// More bytes than the limit; reading stopped one byte past it.
    public static let tooLarge = Self("tooLarge")
    /// The text looks like a URL but is not one this engine can fetch (malformed, or a scheme
    /// other than http, https or file).
    public static let notAURL = Self("notAURL")
    /// Nothing to read: an empty settings file, a list that names no source, a folder without
    /// any `*.xml` file.
    public static let empty = Self("empty")
    /// A folder holds more `*.xml` files than the limit.
    public static let tooManyFiles = Self("tooManyFiles")
    /// The operating system refused the read for another reason (an I/O error, a symbolic link
    /// loop); the message has its words.
    public static let unreadable = Self("unreadable")
}

public import AdErrors
public import VAST

/// Why the cache could not give a file: the server's answer, the network, the time, the size or
/// the disk.
///
/// A `CodedError`: its code can grow without breaking callers (switch on it with a `default`).
/// ``vastErrorCode`` is the IAB code a player reports for the media file (401 not found, 402
/// timeout, 405 problem displaying), `nil` for a failure that is the cache's own (its disk, its
/// configuration, a cancelled request), which no ad server should be told about.
public struct CreativeCacheError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == CreativeCacheError`.
    public typealias Code = ErrorCode<CreativeCacheError>

    /// Which reason this is.
    public let code: Code
    /// What went wrong, for a person: the URL's answer or the file's problem.
    public let message: String
    /// The HTTP status, for `badStatus`.
    public let status: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, status: Int? = nil) {
        self.code = code
        self.message = message
        self.status = status
    }

    /// The IAB error code for the media file's Error URLs, `nil` when the failure is not the ad's.
    public var vastErrorCode: VASTErrorCode? {
        switch code {
        case .unreachable, .badStatus: .mediaFileNotFound
        case .timedOut: VASTErrorCode(rawValue: 402)
        case .tooLarge, .emptyFile: VASTErrorCode(rawValue: 405)
        default: nil
        }
    }

    public var description: String { "\(code.description): \(message)" }
}

extension ErrorCode where Domain == CreativeCacheError {
    /// The URL could not be fetched: no such host, refused, TLS, a forbidden scheme or redirect, a
    /// connection lost mid-body (IAB 401).
    public static let unreachable = Self("unreachable")
    /// The server answered with a status that is not 2xx, or a range the cache cannot use (IAB 401).
    public static let badStatus = Self("badStatus")
    /// The download did not finish within the time it was given (IAB 402).
    public static let timedOut = Self("timedOut")
    /// The file is larger than ``CreativeCacheConfiguration/maxFileBytes`` (IAB 405).
    public static let tooLarge = Self("tooLarge")
    /// The server sent an empty body, or fewer bytes than it declared (IAB 405).
    public static let emptyFile = Self("emptyFile")
    /// The cache's folder, index or disk failed (full, unwritable, a symbolic link where a file
    /// belongs); no IAB code, the ad is not at fault.
    public static let storage = Self("storage")
    /// The caller's task was cancelled.
    public static let cancelled = Self("cancelled")
    /// The configuration is out of range; the message names the field.
    public static let invalidConfiguration = Self("invalidConfiguration")
}

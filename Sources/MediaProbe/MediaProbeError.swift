public import AdErrors
public import VAST

/// Why a probe failed.
///
/// A `CodedError`: compare its ``code`` with the static members (`error.code == .truncated`), and report
/// ``vastErrorCode`` to the ad's Error URIs.
public struct MediaProbeError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == MediaProbeError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<MediaProbeError>

    /// Which reason this is.
    public let code: Code
    /// What went wrong and what to do, for a person.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The IAB code a player reports for this failure: 403 ("no supported MediaFile") for a container no
    /// player here supports, 405 ("problem displaying MediaFile") for every other failure (a file that is
    /// unreadable, truncated, too slow or too large to read, or holds no stream).
    public var vastErrorCode: VASTErrorCode {
        code == .unsupportedContainer ? .noSupportedMediaFile : VASTErrorCode(rawValue: 405)
    }
}

extension ErrorCode where Domain == MediaProbeError {
    /// The bytes are not a media file this probe reads (random bytes, a broken header, a missing file).
    public static let unreadable = Self("unreadable")
    /// A recognisable container or document outside the MP4 family and WebM/Matroska (HLS, MPEG-TS, FLV,
    /// Ogg, MP3, an HTML page, an image).
    public static let unsupportedContainer = Self("unsupportedContainer")
    /// The file ends before its container says it does (a box or segment runs past the end).
    public static let truncated = Self("truncated")
    /// The probe did not finish within ``MediaProbeLimits/timeBudget``.
    public static let timedOut = Self("timedOut")
    /// The probe needed more than ``MediaProbeLimits/maxBytes`` bytes.
    public static let tooLarge = Self("tooLarge")
    /// The container holds neither a video nor an audio stream.
    public static let noVideoStream = Self("noVideoStream")
    /// FFmpeg's libraries (loaded on the first probe) are missing from this machine or lack a function the
    /// probe calls: the file was not judged. The message names the library and how to install it. The
    /// engine and `vastcheck` send no IAB code for it (the ad is not at fault), whatever ``vastErrorCode`` says.
    public static let unavailable = Self("unavailable")
}

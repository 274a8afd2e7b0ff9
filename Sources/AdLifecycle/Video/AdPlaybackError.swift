public import VAST

/// Why a linear ad's playback stopped for good: the typed error an interruption carries, with its VAST
/// code (VAST 4.3 "Error Reporting": the 400 family for Linear errors, 900 when nothing more is known).
///
/// Only 400 to 405 and 900 are legal for an interruption; other codes are refused when the value is made,
/// so a player cannot send a companion or wrapper code to the ad's Error URLs as a playback failure.
/// Two errors are equal when their codes are (the message is for people).
public struct AdPlaybackError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The VAST error code (400–405 or 900).
    public var code: VASTErrorCode { VASTErrorCode(rawValue: rawCode) }
    private let rawCode: Int
    /// What happened, for a person.
    public let message: String

    /// 400: a general Linear error (the player could not go on).
    public static let general = Self(uncheckedCode: 400, "the linear ad could not play")
    /// 401: the media file was not found.
    public static let fileNotFound = Self(uncheckedCode: 401, "the media file was not found")
    /// 402: the media file's URI timed out (the buffer ran dry and did not refill).
    public static let timedOut = Self(
        uncheckedCode: 402, "the media file timed out: the buffer ran dry and did not refill")
    /// 403: no media file this player supports.
    public static let noSupportedMediaFile = Self(uncheckedCode: 403, "no supported media file")
    /// 405: the media file was found but could not be displayed.
    public static let displayProblem = Self(uncheckedCode: 405, "problem displaying the media file")
    /// 900: undefined error.
    public static let undefined = Self(uncheckedCode: 900, "undefined error")

    /// An interruption with `code`.
    /// - Throws: `invalidInterruptionCode` unless the code is 400 to 405 or 900.
    public init(code: Int, message: String? = nil) throws(LifecycleError) {
        guard (400...405).contains(code) || code == 900 else {
            throw LifecycleError(
                .invalidInterruptionCode, message: "error \(code): " + LifecycleError(.invalidInterruptionCode).message)
        }
        let standard = [Self.general, .fileNotFound, .timedOut, .noSupportedMediaFile, .displayProblem, .undefined]
            .first { $0.rawCode == code }
        self.init(uncheckedCode: code, message ?? standard?.message ?? "VAST error \(code)")
    }

    private init(uncheckedCode: Int, _ message: String) {
        rawCode = uncheckedCode
        self.message = message
    }

    public var description: String { "VAST error \(code.rawValue): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawCode == rhs.rawCode }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawCode) }
}

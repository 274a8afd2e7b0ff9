public import Foundation

/// Conversions between the seconds the public API takes and the milliseconds the lifecycles count, with
/// the range checks every number from the host gets.
public enum SessionTime {
    /// The largest time the host may report, in seconds (100 days): far beyond any ad, small enough that
    /// milliseconds never overflow.
    public static let maximumSeconds: TimeInterval = 8_640_000

    /// Whole milliseconds of `seconds`, rounded.
    /// - Throws: `invalidTime` for NaN, infinities, negatives and values above ``maximumSeconds``.
    public static func milliseconds(_ seconds: TimeInterval) throws(SessionError) -> Int {
        guard seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else {
            throw SessionError(.invalidTime, message: "\(seconds) s: " + SessionError(.invalidTime).message)
        }
        return Int((seconds * 1000).rounded())
    }

    /// Seconds of `milliseconds`.
    public static func seconds(_ milliseconds: Int) -> TimeInterval { TimeInterval(milliseconds) / 1000 }

    /// Milliseconds since 1970 of `date`, for measuring spans between inputs (saturating, never trapping).
    static func instant(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        return Int64(max(-9e15, min(9e15, value)))
    }
}

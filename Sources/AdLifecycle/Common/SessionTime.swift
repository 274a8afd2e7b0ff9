public import FoundationEssentials

/// Conversions between the seconds the public API takes and the milliseconds the lifecycles count, with
/// the range checks every number from the host gets.
public enum SessionTime {
    /// The largest time the host may report, in seconds: the longest time a VAST document can write
    /// (`99999999:59:59.999`), so a simulated player can play any declared `<Duration>`; in milliseconds it
    /// stays far below the range where arithmetic could overflow or lose precision.
    public static let maximumSeconds: TimeInterval = 359_999_999_999.999

    /// ``maximumSeconds`` in whole milliseconds: the largest time a player's input may carry.
    public static let maximumMilliseconds = Int((maximumSeconds * 1000).rounded())

    /// Whole milliseconds of `seconds`, rounded.
    /// - Throws: `invalidTime` for NaN, infinities, negatives and values above ``maximumSeconds``.
    public static func milliseconds(_ seconds: TimeInterval) throws(LifecycleError) -> Int {
        guard seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else {
            throw LifecycleError(.invalidTime, message: "\(seconds) s: " + LifecycleError(.invalidTime).message)
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

/// A position in an ad: an absolute time or a percentage of its duration.
///
/// Used by `skipoffset` and by progress tracking `offset`.
public enum VASTTimeOffset: Sendable, Hashable, CustomStringConvertible {
    /// An absolute position.
    case time(VASTTime)
    /// A percentage of the duration, 0 to 100.
    case percent(Double)

    /// Parses `HH:MM:SS(.mmm)` (with ``VASTTime/parse(_:)``'s leniencies) or `n%` with n from 0 to 100.
    /// - Throws: ``VASTTimeFormatError`` when the text is neither.
    public static func parse(_ text: String) throws(VASTTimeFormatError) -> (VASTTimeOffset, VASTLeniency?) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.hasSuffix("%") else {
            let (time, leniency) = try VASTTime.parse(text)
            return (.time(time), leniency)
        }
        let number = trimmed.dropLast()
        guard number.utf8.count <= 12, !number.isEmpty,
            number.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
            let value = Double(number)
        else { throw VASTTimeFormatError(text: text, reason: "is not a percentage") }
        guard value <= 100 else { throw VASTTimeFormatError(text: text, reason: "is above 100%") }
        return (.percent(value), trimmed.utf8.count != text.utf8.count ? VASTLeniency("surrounding whitespace") : nil)
    }

    /// The position in a known duration.
    ///
    /// Never traps: a percentage of any duration is computed in `Double` and converted with
    /// ``VASTTime/init(seconds:)``'s saturation.
    public func resolved(in duration: VASTTime) -> VASTTime {
        switch self {
        case .time(let time): time
        case .percent(let value): VASTTime(roundingMilliseconds: Double(duration.milliseconds) * value / 100)
        }
    }

    public var description: String {
        switch self {
        case .time(let time): time.description
        case .percent(let value): value == value.rounded() ? "\(Int(value))%" : "\(value)%"
        }
    }
}

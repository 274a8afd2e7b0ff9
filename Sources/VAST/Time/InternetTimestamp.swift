public import FoundationEssentials

/// Reads an instant written as an RFC 3339 timestamp (the Internet profile of ISO 8601, the form
/// the `[TIMESTAMP]` macro writes): `2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.250+02:00`.
///
/// A strict reader of that one fixed grammar, in integer arithmetic: four-digit year, two-digit
/// month, day, hour, minute and second, each checked against the calendar (no 31 April, no 24:00,
/// no 29 February outside leap years), an optional fraction of 1 to 9 digits, and `Z` or a
/// `±HH:MM` offset of at most 23:59. `T` and `Z` may be lower case (RFC 3339 section 5.6). A leap
/// second (`:60`) is refused: `Date` cannot hold it. Anything else, including text longer than 64
/// bytes, is `nil`: never a guess, and never the calendar library's lenient reading (which took
/// `+99:99` as an offset and could crash on hostile fields).
public enum InternetTimestamp {
    /// The instant `text` names, or `nil` when it is not an RFC 3339 timestamp.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8.prefix(65))
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"),
            let month = reader.digits(2), (1...12).contains(month), reader.skip("-"),
            let day = reader.digits(2), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
            reader.skip("T") || reader.skip("t"),
            let hour = reader.digits(2), hour <= 23, reader.skip(":"),
            let minute = reader.digits(2), minute <= 59, reader.skip(":"),
            let second = reader.digits(2), second <= 59
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        var offsetSeconds: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
            offsetSeconds = 0
        } else {
            let sign: Int64
            if reader.skip("+") {
                sign = 1
            } else if reader.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let offsetHour = reader.digits(2), offsetHour <= 23, reader.skip(":"),
                let offsetMinute = reader.digits(2), offsetMinute <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard reader.atEnd else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// A cursor over the timestamp's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Consumes `character` when it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` ASCII digits as a number.
        mutating func digits(_ count: Int) -> Int64? {
            guard bytes.count - index >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// 1 to 9 digits after the decimal point, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value: Int64 = 0
            var scale: Int64 = 1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard index - start < 9 else { return nil }
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                scale *= 10
                index += 1
            }
            guard index > start else { return nil }
            return Double(value) / Double(scale)
        }
    }
}

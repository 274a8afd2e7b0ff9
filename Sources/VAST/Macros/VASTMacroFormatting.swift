import FoundationEssentials

/// How macro values are written: RFC 3986 percent-encoding, the IAB timestamp, the cache buster and
/// decimal degrees. Pure functions over bytes, so the expander stays linear and locale-free.
enum VASTMacroFormatting {
    /// Appends `text` percent-encoded: RFC 3986 unreserved bytes (`A-Z a-z 0-9 - . _ ~`) as they are,
    /// every other UTF-8 byte as `%XX` with uppercase hex.
    static func appendPercentEncoded(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// A macro's items as the expander writes them: each percent-encoded, joined with bare commas.
    static func encodedList(_ items: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (position, item) in items.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            appendPercentEncoded(item, to: &bytes)
        }
        return bytes
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// An 8-digit number in 10000000...99999999: never a leading zero, so a server that reads it as a
    /// number and prints it back still gets 8 digits. The modulo bias over 2^64 is below 10^-11.
    static func cacheBuster(_ random: UInt64) -> String {
        String(10_000_000 + random % 90_000_000)
    }

    /// Years 0001 to 9999 in milliseconds since 1970, a day inside each end so a zone offset cannot
    /// push the written year out of four digits.
    private static let timestampRange: ClosedRange<Int64> = -62_135_510_400_000...253_402_214_400_000

    /// `YYYY-MM-DDTHH:MM:SS.mmm` followed by `Z` for a zero offset or `±HH:MM` otherwise.
    ///
    /// The instant is rounded to the nearest millisecond (a `Date` is a binary fraction, so truncating
    /// would turn `.127` into `.126`); dates outside years 1 to 9999, and NaN, are clamped. A nil zone is UTC.
    static func timestamp(_ date: Date, timeZone: TimeZone?) -> String {
        let interval = date.timeIntervalSince1970 * 1000
        let clampedInterval = interval.isNaN ? 0 : min(max(interval, -1e15), 1e15)
        let utc = min(max(Int64(clampedInterval.rounded()), timestampRange.lowerBound), timestampRange.upperBound)
        let offsetMinutes = (timeZone?.secondsFromGMT(for: date) ?? 0) / 60
        let local = utc + Int64(offsetMinutes) * 60_000
        let dayMillis: Int64 = 86_400_000
        let days = local >= 0 ? local / dayMillis : (local - dayMillis + 1) / dayMillis
        let millisOfDay = local - days * dayMillis
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        let seconds = millisOfDay / 1000
        // Written into one byte buffer: a timestamp is made for every URI that carries one.
        var text: [UInt8] = []
        text.reserveCapacity(29)
        appendDigits(year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(day, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendDigits(seconds / 3600, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, 2, to: &text)
        text.append(UInt8(ascii: "."))
        appendDigits(millisOfDay % 1000, 3, to: &text)
        if offsetMinutes == 0 {
            text.append(UInt8(ascii: "Z"))
        } else {
            text.append(offsetMinutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let magnitude = abs(offsetMinutes)
            appendDigits(Int64(magnitude / 60), 2, to: &text)
            text.append(UInt8(ascii: ":"))
            appendDigits(Int64(magnitude % 60), 2, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` (0 or more) in decimal, zero-padded to `width` digits; wider values keep all
    /// their digits, as `pad` does.
    private static func appendDigits(_ value: Int64, _ width: Int, to output: inout [UInt8]) {
        var count = 1
        var divisor: Int64 = 1
        while value / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        if count < width { output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Degrees with up to six decimals and no trailing zeros (`51.004`, `-0.1`, `12`): about 11 cm,
    /// finer than any device reports, and never the exponent form `Double.description` can produce.
    /// `nil` outside -180...180 or for NaN.
    static func degrees(_ value: Double) -> String? {
        guard value.isFinite, abs(value) <= 180 else { return nil }
        let micro = Int64((abs(value) * 1_000_000).rounded())
        let whole = micro / 1_000_000
        var fraction = pad(micro % 1_000_000, 6)
        while fraction.last == "0" { fraction.removeLast() }
        let sign = value < 0 && micro != 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

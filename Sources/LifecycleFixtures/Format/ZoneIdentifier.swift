import FoundationEssentials
// Named zones come from ICU's tz data, which FoundationEssentials reaches only when this module is linked.
import FoundationInternationalization

/// A fixture's `timeZone`, read without handing Foundation text it cannot take.
///
/// Foundation's own reading of `GMT`/`UTC` offsets traps on some malformed ones (`"GMT+05:/0"`
/// stops the process in `TimeZone.tryParseGMTName`), so those are read here: `UTC` and `GMT`
/// alone, or followed by a sign, one or two hour digits and optionally two minute digits (with or
/// without a colon), at most 18 hours (Foundation's range). Any other identifier must look like a
/// tz database name (ASCII letters, digits, `_`, `-`, `+` and `/`, at most 64 bytes, each part
/// starting with a letter) before Foundation looks it up.
enum ZoneIdentifier {
    /// The zone `identifier` names, or `nil` when it names none.
    static func zone(_ identifier: String) -> TimeZone? {
        let bytes = Array(identifier.utf8.prefix(65))
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        let prefix = String(decoding: bytes.prefix(3), as: UTF8.self).uppercased()
        if prefix == "GMT" || prefix == "UTC" { return offsetZone(bytes.dropFirst(3)) }
        var partStart = true
        for byte in bytes {
            let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            if partStart {
                guard letter else { return nil }
                partStart = false
            } else if byte == UInt8(ascii: "/") {
                partStart = true
            } else {
                let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                guard
                    letter || digit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: "+")
                else { return nil }
            }
        }
        guard !partStart else { return nil }
        // Naming the ICU zone code links it into a statically linked program as well, whose FoundationEssentials
        // would otherwise know `GMT` and `UTC` only; it also loads the zone data the lookup needs.
        _ = TimeZone.timeZoneDataVersion
        return TimeZone(identifier: identifier)
    }

    /// The text after `GMT`/`UTC`: nothing, or a sign and `H`, `HH`, `HMM`, `HHMM`, `H:MM` or `HH:MM`.
    private static func offsetZone(_ rest: ArraySlice<UInt8>) -> TimeZone? {
        guard let sign = rest.first else { return TimeZone(secondsFromGMT: 0) }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var digits = Array(rest.dropFirst())
        if digits.count >= 4, digits[digits.count - 3] == UInt8(ascii: ":") { digits.remove(at: digits.count - 3) }
        guard (1...4).contains(digits.count),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours: Int
        let minutes: Int
        switch values.count {
        case 1: (hours, minutes) = (values[0], 0)
        case 2: (hours, minutes) = (values[0] * 10 + values[1], 0)
        case 3: (hours, minutes) = (values[0], values[1] * 10 + values[2])
        default: (hours, minutes) = (values[0] * 10 + values[1], values[2] * 10 + values[3])
        }
        guard hours <= 18, minutes <= 59, hours * 60 + minutes <= 18 * 60 else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        return TimeZone(secondsFromGMT: seconds)
    }
}

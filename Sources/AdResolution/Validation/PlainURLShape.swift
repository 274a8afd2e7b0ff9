/// The plain shape most ad URLs have, recognised without libcurl: a fast path in front of
/// `curl_url` for ``CurlURLValidator``.
///
/// It answers only "plain, libcurl accepts it" or "not sure" (never "refused"), and it is narrower
/// than libcurl on purpose: every URL it accepts is one `AbsoluteURL(parsing:)` accepts, whatever
/// macros it holds (`CurlURLValidatorDifferentialTests` checks this over the corpora's URLs and
/// generated hostile strings). Everything else goes to `curl_url`, which gives the verdict and its
/// reason.
///
/// The shape, byte by byte (ASCII only, at most ``maxLength`` bytes):
/// - `http://` or `https://`, in lower case;
/// - a host: dot-separated labels of letters, digits and `-`, each starting and ending with a
///   letter or digit, the last starting with a letter (so libcurl never reads it as an IPv4
///   number such as `0x7f.1`), or else a dotted-quad IPv4 address in its canonical form
///   (`127.0.0.1`: four numbers of 0 to 255, no leading zeros);
/// - an optional port of 1 to 65535, without leading zeros;
/// - then nothing, or a path, query and fragment made of unreserved characters, sub-delimiters,
///   `:`, `@`, `/`, `?`, `%`, `[`, `]`, and at most one `#`.
///
/// Macros need no expansion first: `[NAME]` and `%%NAME%%` can only sit in the part after the
/// host here (a host of this shape holds neither `[` nor `%`), and `0` in their place keeps that
/// part of this shape.
enum PlainURLShape {
    /// The longest URL this shape covers, in bytes; a longer one goes to libcurl.
    static let maxLength = 4096

    /// True when `url` has the plain shape, so libcurl accepts it; false when libcurl must judge it.
    static func accepts(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { accepts(bytes: $0) }
    }

    private static func accepts(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= maxLength else { return false }
        var index: Int
        if hasPrefix(bytes, "https://") {
            index = 8
        } else if hasPrefix(bytes, "http://") {
            index = 7
        } else {
            return false
        }
        let hostStart = index
        while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
        guard isPlainHost(UnsafeBufferPointer(rebasing: bytes[hostStart..<index])) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let portStart = index
            while index < bytes.count, isDigit(bytes[index]), index - portStart < 6 { index += 1 }
            guard isPlainPort(UnsafeBufferPointer(rebasing: bytes[portStart..<index])) else { return false }
        }
        guard index == bytes.count || isAuthorityEnd(bytes[index]) else { return false }
        var fragments = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                fragments += 1
                guard fragments == 1 else { return false }
            } else if !isRestByte(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let start = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[offset] != start[offset] { return false }
        return true
    }

    /// Letters and digits separated by single dots; `-` inside a label; the last label starts
    /// with a letter. Or a canonical dotted quad.
    private static func isPlainHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        if !host.contains(where: { !isDigit($0) && $0 != UInt8(ascii: ".") }) { return isDottedQuad(host) }
        var labelStart = 0
        var lastLabelStart = 0
        for index in 0...host.count {
            guard index == host.count || host[index] == UInt8(ascii: ".") else { continue }
            guard index > labelStart, isAlphanumeric(host[labelStart]), isAlphanumeric(host[index - 1]) else {
                return false
            }
            lastLabelStart = labelStart
            labelStart = index + 1
        }
        return isLetter(host[lastLabelStart])
    }

    /// Four numbers of 0 to 255 separated by dots, none with a leading zero.
    private static func isDottedQuad(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts = 0
        var value = 0
        var digits = 0
        var leadingZero = false
        for index in 0...host.count {
            if index < host.count, isDigit(host[index]) {
                if digits == 0 { leadingZero = host[index] == UInt8(ascii: "0") }
                digits += 1
                guard digits <= 3 else { return false }
                value = value * 10 + Int(host[index] - UInt8(ascii: "0"))
                continue
            }
            guard digits > 0, value <= 255, !(leadingZero && digits > 1) else { return false }
            parts += 1
            value = 0
            digits = 0
        }
        return parts == 4
    }

    /// 1 to 65535, without leading zeros.
    private static func isPlainPort(_ port: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (1...5).contains(port.count), port[0] != UInt8(ascii: "0") else { return false }
        var value = 0
        for byte in port { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return value <= 65_535
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// The bytes of the path, query and fragment: unreserved, sub-delimiters, `:@/?%[]`.
    private static func isRestByte(_ byte: UInt8) -> Bool {
        if isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"),
            UInt8(ascii: "%"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}

/// The plain shape most ad URLs have, recognised without libcurl: a fast path in front of
/// `curl_url`, for `CurlURLValidator` (``accepts(_:)``) and for ``AbsoluteURL`` itself
/// (``canonicalParts(_:)``).
///
/// It answers only "plain, libcurl accepts it" or "not sure" (never "refused"), and it is narrower
/// than libcurl on purpose: every URL it accepts is one libcurl accepts, whatever macros it holds,
/// and every URL it splits is split as libcurl splits it (`PlainURLShapeDifferentialTests` and
/// `CurlURLValidatorDifferentialTests` check both over the corpora's URLs and generated hostile
/// strings). Everything else goes to `curl_url`, which gives the verdict and its reason.
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
package enum PlainURLShape {
    /// The longest URL this shape covers, in bytes; a longer one goes to libcurl.
    package static let maxLength = 4096

    /// True when `url` has the plain shape, so libcurl accepts it; false when libcurl must judge it.
    package static func accepts(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { accepts(bytes: $0) }
    }

    /// A plain URL split into the parts ``AbsoluteURL`` keeps, exactly as `curl_url` splits it.
    /// Outside this module only its existence is seen (tests compare the `AbsoluteURL` made of it).
    package struct Parts {
        var string: String
        var scheme: String
        var host: String
        var port: Int?
        var path: String
        var query: String?
    }

    /// `url` split as libcurl splits it, when it has the plain shape and libcurl would keep it as
    /// written: `nil` (libcurl must parse it) for an upper-case letter in the host, a port that is
    /// the scheme's default, a fragment, an empty query, or a path that may hold a dot segment
    /// (`/.` or `%2e` anywhere in it), since libcurl rewrites those. The one change libcurl makes
    /// that is done here too: an empty path is `/`.
    package static func canonicalParts(_ url: String) -> Parts? {
        var contiguous = url
        return contiguous.withUTF8 { bytes in
            accepts(bytes: bytes) ? canonicalParts(bytes: bytes, as: url) : fileParts(bytes: bytes, as: url)
        }
    }

    /// The parts of a local file's URL as `VASTSource` writes it, split as libcurl splits it: `file:///`
    /// and a non-empty path of unreserved bytes, `/` and upper-case percent-encodings, with no empty segment and
    /// no segment starting with a dot (so no dot segment and nothing libcurl may rewrite). libcurl keeps
    /// such a URL as written: no host, no port, no query. Anything else is `nil` (libcurl parses it).
    private static func fileParts(bytes: UnsafeBufferPointer<UInt8>, as written: String) -> Parts? {
        // `file:///` alone is left to libcurl, which writes it back as `file://(nil)` (7.88).
        guard bytes.count > 8, bytes.count <= maxLength, hasPrefix(bytes, "file:///") else { return nil }
        let pathStart = 7
        var index = pathStart
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                if index + 1 < bytes.count {
                    guard bytes[index + 1] != UInt8(ascii: "/"), bytes[index + 1] != UInt8(ascii: ".") else {
                        return nil
                    }
                }
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, isUpperHex(bytes[index + 1]), isUpperHex(bytes[index + 2]),
                    !(bytes[index + 1] == UInt8(ascii: "2") && bytes[index + 2] == UInt8(ascii: "E"))
                else { return nil }
                index += 2
            default:
                guard isHostByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") else { return nil }
            }
            index += 1
        }
        let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[pathStart...]), as: UTF8.self)
        return Parts(string: written, scheme: "file", host: "", port: nil, path: path, query: nil)
    }

    private static func isUpperHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    /// The parts of `bytes` (`written`'s), which have the plain shape (``accepts(bytes:)``).
    private static func canonicalParts(bytes: UnsafeBufferPointer<UInt8>, as written: String) -> Parts? {
        let secure = bytes[4] == UInt8(ascii: "s")
        var index = secure ? 8 : 7
        let hostStart = index
        while index < bytes.count, isHostByte(bytes[index]) {
            guard !isUpperCase(bytes[index]) else { return nil }
            index += 1
        }
        let hostEnd = index
        var port: Int?
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            var value = 0
            while index < bytes.count, isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard value != (secure ? 443 : 80) else { return nil }
            port = value
        }
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?") {
            guard bytes[index] != UInt8(ascii: "#"), !startsDotSegment(bytes, at: index) else { return nil }
            index += 1
        }
        let pathEnd = index
        var query: String?
        if index < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[(index + 1)...])
            guard !rest.isEmpty, !rest.contains(UInt8(ascii: "#")) else { return nil }
            query = String(decoding: rest, as: UTF8.self)
        }
        let scheme = secure ? "https" : "http"
        let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), as: UTF8.self)
        let path =
            pathEnd > pathStart
            ? String(decoding: UnsafeBufferPointer(rebasing: bytes[pathStart..<pathEnd]), as: UTF8.self) : "/"
        // libcurl writes such a URL back as it is, but for an empty path (`/`): the same string, so
        // the written one is kept rather than joined again from its parts (one allocation and
        // four appends a URL fewer; a plain URL is split for every fetch and every beacon's host).
        var string = written
        if pathEnd == pathStart {
            string = scheme + "://" + host
            if let port { string += ":\(port)" }
            string += path
            if let query { string += "?" + query }
        }
        return Parts(string: string, scheme: scheme, host: host, port: port, path: path, query: query)
    }

    /// True when a dot segment may start at `index` of a path: `/.` or a percent-encoded dot.
    private static func startsDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "/"):
            return bytes[index + 1] == UInt8(ascii: ".")
        case UInt8(ascii: "%"):
            return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "2") && bytes[index + 2] | 0x20 == 0x65
        default:
            return false
        }
    }

    private static func isUpperCase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

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

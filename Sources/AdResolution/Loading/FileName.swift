import Glibc

/// File names are bytes: a Linux file name (or a command-line argument) need not be UTF-8, and a Swift `String`
/// cannot hold a byte that is not part of valid UTF-8. This is how the loader carries such a name in a `String`
/// without losing it, opens it, and shows it.
///
/// A name that is valid UTF-8 is the same `String`. A byte that is not part of valid UTF-8 (always 0x80 or
/// above) is carried as one scalar of U+10FF80...U+10FFFF, the end of Supplementary Private Use Area-B
/// (the byte plus U+10FF00); a name holding one of those scalars in UTF-8 carries its four bytes that way too,
/// so every name comes back to the same bytes. The loader opens every path through ``withPlatformPath(_:_:)``
/// and names every source it reports with ``shown(_:)``, which writes each such byte as `\xHH` (two lowercase
/// hex digits, as terminal escaping writes control characters).
///
/// A `String` from elsewhere (a library caller's path) is opened as its UTF-8, unless it holds those 128
/// private-use scalars.
public enum FileName {
    /// What the first carrier scalar stands for minus one: U+10FF80 is byte 0x80.
    private static let base: UInt32 = 0x10_FF00

    /// `bytes` (a file name, an argument, a line of a list) as a `String` that ``bytes(of:)`` turns back into
    /// the same bytes.
    /// - Parameter bytes: the name's bytes, without a terminating NUL.
    /// - Returns: the same text when `bytes` is valid UTF-8 without a carrier scalar; else the text with each
    ///   byte that is not part of it carried.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        // ASCII is valid UTF-8 and holds no carrier scalar: most names and arguments, read without the
        // generic validation below (whose first use costs a one-document `vastcheck` run measurable time).
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isCarrier) {
            return text
        }
        let bytes = Array(bytes)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes[index])
            if length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
                !isCarrier(scalar)
            {
                text.append(scalar)
                index += length
            } else {
                text.append(carrier(for: bytes[index]))
                index += 1
            }
        }
        return String(text)
    }

    /// The process's current folder (`getcwd`), carried as ``string(cString:)`` carries any name; empty when
    /// it cannot be read (it was removed, or its path is longer than the system allows).
    ///
    /// Read without `FileManager`, whose first use costs a one-document `vastcheck` run measurable time.
    public static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return string(cString: path)
    }

    /// `path` as it is when it starts with `/`, else ``currentDirectory`` and `/` before it: the one way the
    /// loader and the CLI make a relative name absolute (no `.` or `..` resolved, no link followed).
    package static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// `bytes` up to its first NUL (a C string: `argv`, a directory entry's name).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return string(UnsafeRawBufferPointer(start: cString, count: length).bindMemory(to: UInt8.self))
    }

    /// The bytes `name` stands for: its UTF-8, with each carrier scalar back as its byte.
    public static func bytes(of name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: isCarrier) else { return Array(name.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if isCarrier(scalar) {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `name` for people and reports: each carried byte as `\xHH`; the rest as it is.
    public static func shown(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isCarrier) else { return name }
        var text = ""
        for scalar in name.unicodeScalars {
            if isCarrier(scalar) {
                let hex = String(scalar.value - base, radix: 16)
                text += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A URL path with its percent-encoding undone, as a name (bytes that are not UTF-8 carried): how a
    /// `file:` URL names a file whose name is not UTF-8 (`%FF`).
    /// - Returns: the name, or `nil` when a `%` is not followed by two hex digits or a NUL byte is encoded.
    public static func percentDecoded(_ path: String) -> String? {
        let encoded = bytes(of: path)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(encoded.count)
        var index = 0
        while index < encoded.count {
            guard encoded[index] == UInt8(ascii: "%") else {
                decoded.append(encoded[index])
                index += 1
                continue
            }
            guard index + 2 < encoded.count, let high = hexValue(encoded[index + 1]),
                let low = hexValue(encoded[index + 2]), high | low != 0
            else { return nil }
            decoded.append(high << 4 | low)
            index += 3
        }
        return string(decoded)
    }

    /// Calls `body` with `name`'s bytes as a NUL-terminated C string, for `open`, `stat` and the like.
    public static func withPlatformPath<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result)
        rethrows -> Result
    {
        guard name.unicodeScalars.contains(where: isCarrier) else { return try name.withCString(body) }
        let bytes = self.bytes(of: name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func isCarrier(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base + 0x80 }

    private static func carrier(for byte: UInt8) -> Unicode.Scalar {
        // base + 0x80...0xFF is a valid scalar; a byte below 0x80 is always valid UTF-8 and never carried.
        Unicode.Scalar(base + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// The length of the UTF-8 sequence `first` starts (0 for a byte that cannot start one).
    private static func sequenceLength(_ first: UInt8) -> Int {
        switch first {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}

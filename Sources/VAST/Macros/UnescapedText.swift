/// One layer of a text with its escapes undone, each byte knowing which bytes of the original text it
/// stands for: what ``VASTMacroRedactor`` searches, so that a value found in any layer is replaced
/// where, and however, it was written.
///
/// ``unescaped()`` undoes, in one pass from left to right, one layer of every escape that a URL or an
/// output of this project can carry:
/// - percent-encoding: `%XX` with hex digits in either case, and `+` as a space (form encoding);
/// - character references: named (``HTMLNamedReferences``), decimal `&#NN;` and hexadecimal `&#xHH;`,
///   each with its `;` (encoders always write it; without it, a reference could swallow digits a
///   deeper layer still holds escaped: `&#X4&#x33;;` is `&#X43;` one layer on, not U+0004);
/// - backslash escapes: JSON's (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` and surrogate
///   pairs), JavaScript's `\'`, and those of vastcheck's terminal output (`\xHH`, `\u{H…}`).
///
/// An escape that is malformed or names no Unicode scalar stays as written. What a layer produces is not
/// undone again in the same layer (`%252C` is `%2C` after one layer and `,` after two), so a value
/// encoded several times comes out of as many layers. Each layer costs one pass over the previous one
/// and is no longer than it: linear, whatever the text.
///
/// The bytes of a layer stand for contiguous, adjacent ranges of the original text. Bytes that stand
/// for the same range are the UTF-8 bytes of one scalar a reference named (at most four, all above
/// 0x7F, so no later layer splits them), which is why a byte's range ends where the next range begins.
struct UnescapedText {
    /// The bytes of this layer.
    let bytes: [UInt8]
    /// For each byte, where the original bytes it stands for start; `nil` for the original text itself.
    private let starts: [Int]?
    /// The original text's length in bytes.
    private let originalCount: Int

    /// The original text, before any escape is undone.
    init(_ text: [UInt8]) {
        bytes = text
        starts = nil
        originalCount = text.count
    }

    private init(bytes: [UInt8], starts: [Int], originalCount: Int) {
        self.bytes = bytes
        self.starts = starts
        self.originalCount = originalCount
    }

    /// The range of the original text that `range` (non-empty, within ``bytes``) stands for.
    func originalRange(of range: Range<Int>) -> Range<Int> {
        guard let starts else { return range }
        let last = starts[range.upperBound - 1]
        var next = range.upperBound
        while next < starts.count && starts[next] == last { next += 1 }
        return starts[range.lowerBound]..<(next < starts.count ? starts[next] : originalCount)
    }

    /// The next layer, or `nil` when this one holds no escape to undo.
    func unescaped() -> UnescapedText? {
        var index = 0
        while index < bytes.count && Self.escape(in: bytes, at: index) == nil { index += 1 }
        guard index < bytes.count else { return nil }
        var output = Array(bytes[..<index])
        var outputStarts = starts.map { Array($0[..<index]) } ?? Array(0..<index)
        output.reserveCapacity(bytes.count)
        outputStarts.reserveCapacity(bytes.count)
        while index < bytes.count {
            let start = starts?[index] ?? index
            guard let (length, value) = Self.escape(in: bytes, at: index) else {
                output.append(bytes[index])
                outputStarts.append(start)
                index += 1
                continue
            }
            switch value {
            case .byte(let byte):
                output.append(byte)
                outputStarts.append(start)
            case .scalar(let scalar):
                for byte in scalar.utf8 {
                    output.append(byte)
                    outputStarts.append(start)
                }
            }
            index += length
        }
        return UnescapedText(bytes: output, starts: outputStarts, originalCount: originalCount)
    }

    /// What an escape stands for: a byte (percent-encoding, a one-character escape) or a scalar.
    private enum Value: Equatable {
        case byte(UInt8)
        case scalar(Unicode.Scalar)
    }

    /// The escape starting at `index` and how many bytes it takes, or `nil` when none starts there.
    /// Reads at most a bounded number of bytes past `index`, but for the digits of a numeric reference,
    /// which belong to that reference alone.
    private static func escape(in bytes: [UInt8], at index: Int) -> (length: Int, value: Value)? {
        switch bytes[index] {
        case UInt8(ascii: "%"):
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return nil }
            return (3, .byte(UInt8(high << 4 | low)))
        case UInt8(ascii: "+"):
            return (1, .byte(UInt8(ascii: " ")))
        case UInt8(ascii: "&"):
            return reference(in: bytes, at: index)
        case UInt8(ascii: "\\"):
            return backslash(in: bytes, at: index)
        default:
            return nil
        }
    }

    /// `&name;`, `&#NN;` or `&#xHH;`.
    private static func reference(in bytes: [UInt8], at index: Int) -> (length: Int, value: Value)? {
        var cursor = index + 1
        guard cursor < bytes.count else { return nil }
        guard bytes[cursor] == UInt8(ascii: "#") else {
            while cursor < bytes.count, cursor - index <= HTMLNamedReferences.maximumNameLength,
                isAlphanumeric(bytes[cursor])
            {
                cursor += 1
            }
            guard cursor > index + 1, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
                let scalar = HTMLNamedReferences.scalar(named: bytes[(index + 1)..<cursor])
            else { return nil }
            return (cursor + 1 - index, .scalar(scalar))
        }
        cursor += 1
        var radix: UInt32 = 10
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            cursor += 1
        }
        let digits = cursor
        var code: UInt32 = 0
        while cursor < bytes.count, let digit = digitValue(bytes[cursor], radix: radix) {
            // Past the last scalar the number is refused; stop growing it so it cannot overflow.
            if code <= 0x10FFFF { code = code * radix + digit }
            cursor += 1
        }
        guard cursor > digits, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"), code <= 0x10FFFF,
            let scalar = Unicode.Scalar(code)
        else { return nil }
        return (cursor + 1 - index, .scalar(scalar))
    }

    /// A JSON, JavaScript or terminal backslash escape.
    private static func backslash(in bytes: [UInt8], at index: Int) -> (length: Int, value: Value)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "'"):
            return (2, .byte(bytes[index + 1]))
        case UInt8(ascii: "b"): return (2, .byte(0x08))
        case UInt8(ascii: "f"): return (2, .byte(0x0C))
        case UInt8(ascii: "n"): return (2, .byte(0x0A))
        case UInt8(ascii: "r"): return (2, .byte(0x0D))
        case UInt8(ascii: "t"): return (2, .byte(0x09))
        case UInt8(ascii: "x"):
            guard let code = hexNumber(bytes, from: index + 2, count: 2) else { return nil }
            return Unicode.Scalar(code).map { (4, .scalar($0)) }
        case UInt8(ascii: "u"):
            if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "{") {
                return bracedScalar(in: bytes, at: index)
            }
            guard let unit = hexNumber(bytes, from: index + 2, count: 4) else { return nil }
            if let scalar = Unicode.Scalar(unit) { return (6, .scalar(scalar)) }
            // A high surrogate followed by `\u` and a low one: JSON's spelling of a scalar above U+FFFF.
            guard (0xD800..<0xDC00).contains(unit), index + 11 < bytes.count,
                bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
                let low = hexNumber(bytes, from: index + 8, count: 4), (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { return nil }
            return (12, .scalar(scalar))
        default:
            return nil
        }
    }

    /// `\u{H…}`: one to six hex digits between braces.
    private static func bracedScalar(in bytes: [UInt8], at index: Int) -> (length: Int, value: Value)? {
        var cursor = index + 3
        var code: UInt32 = 0
        while cursor < bytes.count, cursor - index - 3 < 6, let digit = hexValue(bytes[cursor]) {
            code = code << 4 | digit
            cursor += 1
        }
        guard cursor > index + 3, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}"),
            let scalar = Unicode.Scalar(code)
        else { return nil }
        return (cursor + 1 - index, .scalar(scalar))
    }

    /// The number written by exactly `count` hex digits from `start`, or `nil`.
    private static func hexNumber(_ bytes: [UInt8], from start: Int, count: Int) -> UInt32? {
        guard start + count <= bytes.count else { return nil }
        var code: UInt32 = 0
        for byte in bytes[start..<(start + count)] {
            guard let digit = hexValue(byte) else { return nil }
            code = code << 4 | digit
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? { digitValue(byte, radix: 16) }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return false
        }
    }
}

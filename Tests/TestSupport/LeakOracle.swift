/// The redaction tests' own answer to "can this value still be read out of this output?", written
/// apart from the redactor so that a test does not grade the redactor with itself.
///
/// An output leaks a value when the value (or the value with its own escapes read) appears in the
/// output after reading up to six layers of the escapes a person or a program would read: percent-
/// encoding in any hex case, `+` as a space, HTML references (``ValueSpeller/namedReferences``, the five
/// of XML, decimal and hex), and backslash escapes (JSON's, JavaScript's `\'`, the terminal's `\xHH` and
/// `\u{H}`), ASCII letters in either case.
public enum LeakOracle {
    /// True when `value` can be read out of `output`.
    public static func leaks(_ value: String, in output: String) -> Bool {
        let needles = layers(of: value).map(folded)
        return layers(of: output).contains { layer in
            let text = folded(layer)
            return needles.contains { !$0.isEmpty && text.firstRange(of: $0) != nil }
        }
    }

    /// `text` and what it reads as after each layer of escapes, until nothing changes (at most seven).
    static func layers(of text: String) -> [[UInt8]] {
        var layers = [Array(text.utf8)]
        while layers.count < 7, let last = layers.last {
            let next = read(last)
            if next == last { break }
            layers.append(next)
        }
        return layers
    }

    private static let names: [String: Unicode.Scalar] = {
        var names: [String: Unicode.Scalar] = [:]
        for (scalar, name) in ValueSpeller.namedReferences { names[name] = scalar }
        return names
    }()

    /// One layer of escapes read, left to right.
    private static func read(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        func scalar(_ value: UInt32, _ length: Int) -> Bool {
            guard let scalar = Unicode.Scalar(value) else { return false }
            output.append(contentsOf: Array(String(scalar).utf8))
            index += length
            return true
        }
        func hex(_ start: Int, _ count: Int) -> UInt32? {
            guard count > 0, start + count <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[start..<(start + count)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), let value = hex(index + 1, 2) {
                output.append(UInt8(value))
                index += 3
                continue
            }
            if byte == UInt8(ascii: "+") {
                output.append(0x20)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "&"), let end = bytes[index...].prefix(24).firstIndex(of: UInt8(ascii: ";")) {
                let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                let xml = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"] as [String: Unicode.Scalar]
                if let named = names[body] ?? xml[body], scalar(named.value, end + 1 - index) { continue }
                if body.hasPrefix("#x") || body.hasPrefix("#X"), let value = UInt32(body.dropFirst(2), radix: 16),
                    scalar(value, end + 1 - index)
                {
                    continue
                }
                if body.hasPrefix("#"), let value = UInt32(body.dropFirst()), scalar(value, end + 1 - index) {
                    continue
                }
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let simple: [UInt8: UInt8] = [
                    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                    UInt8(ascii: "'"): 0x27,
                    UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09, UInt8(ascii: "b"): 0x08,
                    UInt8(ascii: "f"): 0x0C,
                ]
                if let plain = simple[bytes[index + 1]] {
                    output.append(plain)
                    index += 2
                    continue
                }
                if bytes[index + 1] == UInt8(ascii: "x"), let value = hex(index + 2, 2), scalar(value, 4) { continue }
                if bytes[index + 1] == UInt8(ascii: "u"), let high = hex(index + 2, 4) {
                    if (0xD800..<0xDC00).contains(high), index + 11 < bytes.count, bytes[index + 6] == 0x5C,
                        let low = hex(index + 8, 4), scalar(0x10000 + (high - 0xD800) * 0x400 + (low - 0xDC00), 12)
                    {
                        continue
                    }
                    if scalar(high, 6) { continue }
                }
                if bytes[index + 1] == UInt8(ascii: "u"), index + 2 < bytes.count, bytes[index + 2] == 0x7B,
                    let close = bytes[index...].prefix(12).firstIndex(of: 0x7D),
                    let value = hex(index + 3, close - index - 3),
                    scalar(value, close + 1 - index)
                {
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    private static func folded(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}

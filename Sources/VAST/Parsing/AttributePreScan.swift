/// A linear scan run before libxml2 sees a document, refusing start tags with too many
/// attributes: libxml2 2.9's duplicate-attribute check is quadratic in their number.
enum AttributePreScan {
    /// Throws when a start tag has more than `maxAttributes` attributes.
    ///
    /// Counts `=` signs outside quoted values inside each tag; skips comments, CDATA sections,
    /// processing instructions and declarations, whose content is not markup.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, maxAttributes: Int) throws(VASTParseError) {
        let lt: UInt8 = 0x3C, gt: UInt8 = 0x3E, eq: UInt8 = 0x3D, dq: UInt8 = 0x22, sq: UInt8 = 0x27
        let bang: UInt8 = 0x21, question: UInt8 = 0x3F
        var index = 0
        let count = bytes.count
        var line = 1
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == lt, index + 1 < count else { index += 1; continue }
            let next = bytes[index + 1]
            if next == bang || next == question {
                index = skipSpecial(bytes, from: index)
                continue
            }
            var attributes = 0
            var quote: UInt8 = 0
            var cursor = index + 1
            while cursor < count {
                let current = bytes[cursor]
                if current == 0x0A { line += 1 }
                if quote != 0 {
                    if current == quote { quote = 0 }
                } else if current == dq || current == sq {
                    quote = current
                } else if current == eq {
                    attributes += 1
                    if attributes > maxAttributes {
                        throw VASTParseError(
                            .tooManyAttributes,
                            "a start tag has more than \(maxAttributes) attributes; refused before parsing",
                            line: line)
                    }
                } else if current == gt {
                    break
                }
                cursor += 1
            }
            index = cursor + 1
        }
    }

    /// Skips `<!-- -->`, `<![CDATA[ ]]>`, `<? ?>` and `<!...>`, returning the index after it.
    private static func skipSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let terminator: [UInt8]
        if matches(bytes, at: start, "<!--") {
            terminator = Array("-->".utf8)
        } else if matches(bytes, at: start, "<![CDATA[") {
            terminator = Array("]]>".utf8)
        } else if matches(bytes, at: start, "<?") {
            terminator = Array("?>".utf8)
        } else {
            terminator = Array(">".utf8)
        }
        var index = start + 2
        while index < bytes.count {
            if bytes[index] == terminator[0] && matches(bytes, at: index, terminator) {
                return index + terminator.count
            }
            index += 1
        }
        return bytes.count
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: String) -> Bool {
        matches(bytes, at: index, Array(text.utf8))
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
            return false
        }
        return true
    }
}

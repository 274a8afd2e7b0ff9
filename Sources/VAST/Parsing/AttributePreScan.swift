internal import CLibXML2
import Glibc

/// A linear scan run before libxml2 sees a document, refusing start tags with too many
/// attributes (libxml2 2.9's duplicate-attribute check is quadratic in their number) and NUL
/// characters (libxml2 stops reading at a NUL in some paths and reports success, so garbage
/// after one would pass unseen).
///
/// The scan reads code units in the document's encoding family (ASCII-compatible bytes, or
/// UTF-16 in either byte order, told by the BOM or by how `<` is written), so that a byte of
/// a UTF-16 code unit cannot pass for a quote. A declared encoding must be one whose markup is
/// plain ASCII in that family (UTF-8, ASCII, the ISO-8859 and Windows code pages, UTF-16):
/// anything else (UTF-7, EBCDIC, UTF-32) could hide `=` and quotes from the scan and is refused.
/// The whole XML declaration is read for it, up to ``maxDeclarationLength`` code units: padding
/// cannot push the encoding out of sight.
enum AttributePreScan {
    /// The longest XML declaration read (`<?xml` to `?>`), in code units. A real one is under
    /// 100; a longer one is refused rather than read in part.
    static let maxDeclarationLength = 1_024

    private enum Form: Equatable {
        case bytes
        case utf16(bigEndian: Bool)
    }

    /// Throws when a start tag has more than `maxAttributes` attributes, or the encoding is one
    /// the scan cannot read.
    ///
    /// Counts `=` signs outside quoted values inside each tag; skips comments, CDATA sections,
    /// processing instructions and declarations, whose content is not markup.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, maxAttributes: Int) throws(VASTParseError) {
        let form = try form(of: bytes)
        try checkNUL(bytes, form: form)
        try checkDeclaredEncoding(bytes, form: form)
        if case .utf16(let bigEndian) = form { try checkUTF16End(bytes, bigEndian: bigEndian) }
        if form == .bytes {
            try checkBytes(bytes, maxAttributes: maxAttributes)
            return
        }
        var scanner = Scanner(bytes: bytes, form: form)
        while scanner.advance(past: 0x3C) {
            guard let next = scanner.peek() else { return }
            if next == 0x21 || next == 0x3F {
                scanner.skipSpecial()
                continue
            }
            var attributes = 0
            var quote: UInt32 = 0
            while let current = scanner.next() {
                if quote != 0 {
                    if current == quote { quote = 0 }
                } else if current == 0x22 || current == 0x27 {
                    quote = current
                } else if current == 0x3D {
                    attributes += 1
                    if attributes > maxAttributes {
                        throw VASTParseError(
                            .tooManyAttributes,
                            "a start tag has more than \(maxAttributes) attributes; refused before parsing",
                            line: scanner.line)
                    }
                } else if current == 0x3E {
                    break
                }
            }
        }
    }

    /// The same scan specialised for ASCII-compatible bytes, the form nearly every document
    /// has: `memchr` finds each `<`, and a plain byte loop reads the tag.
    private static func checkBytes(_ bytes: UnsafeBufferPointer<UInt8>, maxAttributes: Int) throws(VASTParseError) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // Fast path: no tag can have more attributes than the document has `=` signs (an attribute
        // is written with one), so a document with at most `maxAttributes` of them in all passes
        // without reading its tags. The tag scan below stays the bound for every other document.
        if vast_count_equals(base, count, maxAttributes) <= maxAttributes { return }
        var index = 0
        while index < count, let found = memchr(base + index, 0x3C, count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            guard index < count else { return }
            let next = base[index]
            if next == 0x21 || next == 0x3F {
                index = skipSpecial(base, count: count, from: index)
                continue
            }
            // The tag itself, in C eight bytes at a time (see `vast_prescan_tag`).
            var attributes = 0
            var ended: Int32 = 0
            index = Int(vast_prescan_tag(base, count, index, maxAttributes, &attributes, &ended))
            if attributes > maxAttributes {
                let line = 1 + UnsafeBufferPointer(start: base, count: index).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                throw VASTParseError(
                    .tooManyAttributes,
                    "a start tag has more than \(maxAttributes) attributes; refused before parsing", line: line)
            }
            if ended != 0 { return }
        }
    }

    /// Skips a comment, CDATA section, processing instruction or declaration whose `<` ends
    /// just before `start`, returning the index after its terminator.
    private static func skipSpecial(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        func starts(_ text: StaticString, at index: Int) -> Bool {
            guard index + text.utf8CodeUnitCount <= count else { return false }
            return memcmp(base + index, text.utf8Start, text.utf8CodeUnitCount) == 0
        }
        let terminator: StaticString
        if starts("!--", at: start) {
            terminator = "-->"
        } else if starts("![CDATA[", at: start) {
            terminator = "]]>"
        } else if start < count && base[start] == 0x3F {
            terminator = "?>"
        } else {
            terminator = ">"
        }
        let length = terminator.utf8CodeUnitCount
        var index = start + 1
        while index < count, let found = memchr(base + index, 0x3E, count - index) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if end - length >= start && starts(terminator, at: end - length) { return end }
            index = end
        }
        return count
    }

    private static func form(of bytes: UnsafeBufferPointer<UInt8>) throws(VASTParseError) -> Form {
        // The first four bytes, 0xAA past the end (no array: this runs for every document).
        func head(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0xAA }
        switch (head(0), head(1), head(2), head(3)) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00):
            throw VASTParseError(.malformed, "UTF-32 documents are not supported; send UTF-8", line: 1)
        case (0x4C, 0x6F, 0xA7, 0x94):
            throw VASTParseError(.malformed, "EBCDIC documents are not supported; send UTF-8", line: 1)
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, _), (0x00, 0x20, 0x00, _), (0x00, 0x0A, 0x00, _):
            return .utf16(bigEndian: true)
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, _, 0x00), (0x20, 0x00, _, 0x00), (0x0A, 0x00, _, 0x00):
            return .utf16(bigEndian: false)
        default:
            return .bytes
        }
    }

    /// Refuses a NUL character anywhere (a zero byte, or a zero code unit in UTF-16), with its line.
    private static func checkNUL(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) throws(VASTParseError) {
        let scanner = Scanner(bytes: bytes, form: form)
        var found: Int?
        switch form {
        case .bytes:
            if let base = bytes.baseAddress, let hit = memchr(base, 0, bytes.count) {
                found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
        case .utf16:
            // Only whole code units count: a zero byte is half of most UTF-16 ASCII characters.
            var position = 0
            while position + 1 < bytes.count {
                if bytes[position] == 0 && bytes[position + 1] == 0 {
                    found = position
                    break
                }
                position += 2
            }
        }
        guard let found else { return }
        var at = scanner
        at.index = found
        throw VASTParseError(
            .malformed,
            "the document holds a NUL character (byte \(found)); XML forbids it, so nothing after it can be trusted",
            line: at.line)
    }

    /// Refuses an XML declaration's encoding unless its markup reads as ASCII in `form`, and applies
    /// XML 1.0 section 4.3.3's fatal errors: a declaration that names another encoding than the
    /// byte-order mark or the bytes show, and UTF-16 with neither a byte-order mark nor a declaration.
    ///
    /// Reads the whole declaration (to its `?>`), then its `encoding` pseudo-attribute as XML
    /// writes it: `encoding`, optional white space, `=`, optional white space, a quoted name.
    private static func checkDeclaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) throws(VASTParseError) {
        var scanner = Scanner(bytes: bytes, form: form)
        let utf8BOM = form == .bytes && bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if utf8BOM { scanner.index = 3 }
        var utf16BOM = false
        if case .utf16 = form, let first = scanner.peek(), first == 0xFEFF {
            _ = scanner.next()
            utf16BOM = true
        }
        guard scanner.consume("<?xml") else {
            if case .utf16 = form, !utf16BOM {
                throw VASTParseError(
                    .encoding,
                    "the document is UTF-16 with neither a byte-order mark nor an encoding declaration, which XML "
                        + "1.0 (section 4.3.3) makes a fatal error; send UTF-8, or UTF-16 with a byte-order mark",
                    line: 1)
            }
            return
        }
        // The declaration's ASCII, on the stack: it is read before every parse.
        let name = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDeclarationLength) {
            buffer throws(VASTParseError) -> String? in
            var count = 0
            var previous: UInt32 = 0
            while true {
                guard let unit = scanner.next() else {
                    throw VASTParseError(.malformed, "the XML declaration is not closed with ?>", line: 1)
                }
                if previous == 0x3F && unit == 0x3E { break }
                guard count < maxDeclarationLength else {
                    throw VASTParseError(
                        .malformed,
                        "the XML declaration is longer than \(maxDeclarationLength) characters; refused before parsing",
                        line: scanner.line)
                }
                // Anything outside ASCII cannot be part of a pseudo-attribute name; keep a marker for it.
                buffer[count] = unit < 0x80 ? UInt8(unit) : 0xFF
                count += 1
                previous = unit
            }
            return encodingName(in: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        guard let name else { return }
        // What nearly every document declares, in bytes whatever their byte-order mark: nothing to refuse.
        if form == .bytes, isUTF8Name(name) { return }
        let lowered = name.lowercased()
        let isUTF16 = ["utf-16", "utf16", "utf-16le", "utf-16be"].contains(lowered)
        // What the bytes themselves say, for the 4.3.3 check: the byte-order mark, else the byte pattern.
        let shown: String?
        switch form {
        case .bytes where utf8BOM:
            shown = ["utf-8", "utf8"].contains(lowered) ? nil : "a UTF-8 byte-order mark"
        case .bytes:
            shown = isUTF16 ? "UTF-8 (or another single-byte encoding), not UTF-16" : nil
        case .utf16(let bigEndian):
            let order = bigEndian ? "big-endian" : "little-endian"
            let seen = utf16BOM ? "a UTF-16 \(order) byte-order mark" : "UTF-16 \(order) bytes"
            shown = !isUTF16 || lowered == (bigEndian ? "utf-16le" : "utf-16be") ? seen : nil
        }
        if let shown {
            throw VASTParseError(
                .encoding,
                "the declaration says encoding \"\(lowered.prefix(30))\" but the document starts with \(shown); "
                    + "XML 1.0 (section 4.3.3) makes the mismatch a fatal error, so the document is refused",
                line: 1)
        }
        if form == .bytes {
            let allowed =
                ["utf-8", "utf8", "us-ascii", "ascii", "latin1", "latin-1"].contains(lowered)
                || lowered.hasPrefix("iso-8859-") || lowered.hasPrefix("windows-125") || lowered.hasPrefix("cp125")
            guard allowed else {
                throw VASTParseError(
                    .malformed,
                    "encoding \"\(lowered.prefix(30))\" is not supported; send UTF-8 (or UTF-16, ISO-8859, "
                        + "Windows-125x)",
                    line: 1)
            }
        }
    }

    /// Refuses a UTF-16 document that ends inside a character: an odd number of bytes, or a last code
    /// unit that is the first half of a surrogate pair (libxml2 drops either and calls the rest valid).
    private static func checkUTF16End(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) throws(VASTParseError) {
        var end = Scanner(bytes: bytes, form: .utf16(bigEndian: bigEndian))
        if bytes.count % 2 != 0 {
            end.index = bytes.count - 1
            throw VASTParseError(
                .encoding,
                "the UTF-16 document has an odd number of bytes (\(bytes.count)): it ends inside a character, a "
                    + "fatal error in XML 1.0 (section 4.3.3); it was cut short or is not UTF-16",
                line: end.line)
        }
        end.index = bytes.count - 2
        if let last = end.peek(), (0xD800...0xDBFF).contains(last) {
            throw VASTParseError(
                .encoding,
                "the UTF-16 document ends with the first half of a surrogate pair: it ends inside a character, a "
                    + "fatal error in XML 1.0 (section 4.3.3); it was cut short",
                line: end.line)
        }
    }

    private static let encodingKey = Array("encoding".utf8)

    /// The value of the `encoding` pseudo-attribute in a declaration's ASCII, or `nil` when it
    /// has none. A malformed one (no `=`, no quote) comes back as what follows `encoding`, which
    /// no allowed name matches, so it is refused too.
    static func encodingName(in declaration: UnsafeBufferPointer<UInt8>) -> String? {
        let key = encodingKey
        guard declaration.count >= key.count else { return nil }
        var start: Int?
        for index in 0...(declaration.count - key.count)
        where declaration[index..<(index + key.count)].elementsEqual(key) {
            start = index + key.count
            break
        }
        guard var index = start else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while index < declaration.count && isSpace(declaration[index]) { index += 1 }
        guard index < declaration.count, declaration[index] == 0x3D else {
            return String(decoding: declaration[index...].prefix(30), as: UTF8.self)
        }
        index += 1
        while index < declaration.count && isSpace(declaration[index]) { index += 1 }
        guard index < declaration.count, declaration[index] == 0x22 || declaration[index] == 0x27 else {
            return String(decoding: declaration[index...].prefix(30), as: UTF8.self)
        }
        let quote = declaration[index]
        let name = declaration[(index + 1)...].prefix { $0 != quote }
        return String(decoding: name, as: UTF8.self)
    }

    /// True for `utf-8` and `utf8` in any ASCII letter case (the names `lowercased()` would make those of).
    private static func isUTF8Name(_ name: String) -> Bool {
        name.caseInsensitiveEquals("utf-8") || name.caseInsensitiveEquals("utf8")
    }

    /// Reads code units; only their ASCII values matter to the scan.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let form: Form
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, form: Form) {
            self.bytes = bytes
            self.form = form
        }

        private var width: Int { form == .bytes ? 1 : 2 }

        /// The 1-based line of the current position (counted only when an error needs it).
        var line: Int {
            var count = 1
            for position in stride(from: 0, to: min(index, bytes.count), by: width) where unit(at: position) == 0x0A {
                count += 1
            }
            return count
        }

        func unit(at position: Int) -> UInt32? {
            switch form {
            case .bytes:
                return position < bytes.count ? UInt32(bytes[position]) : nil
            case .utf16(let bigEndian):
                guard position + 1 < bytes.count else { return nil }
                let high = UInt32(bytes[bigEndian ? position : position + 1])
                let low = UInt32(bytes[bigEndian ? position + 1 : position])
                return high << 8 | low
            }
        }

        func peek() -> UInt32? { unit(at: index) }

        mutating func next() -> UInt32? {
            guard let value = unit(at: index) else { return nil }
            index += width
            return value
        }

        /// Moves past the next `target` unit; false when there is none. Byte documents use
        /// `memchr`, so long text runs cost what libc's scan costs, even in debug builds.
        mutating func advance(past target: UInt32) -> Bool {
            if form == .bytes, let base = bytes.baseAddress {
                guard index < bytes.count, let found = memchr(base + index, Int32(target), bytes.count - index) else {
                    index = bytes.count
                    return false
                }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                return true
            }
            while let unit = next() {
                if unit == target { return true }
            }
            return false
        }

        /// Consumes the ASCII `text` when the units at the current position spell it.
        mutating func consume(_ text: StaticString) -> Bool {
            let pattern = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            for (offset, expected) in pattern.enumerated() where unit(at: index + offset * width) != UInt32(expected) {
                return false
            }
            index += pattern.count * width
            return true
        }

        /// Skips `<!-- -->`, `<![CDATA[ ]]>`, `<? ?>` and `<!...>` (the `<` already read).
        mutating func skipSpecial() {
            let terminator: [UInt32]
            if at(Array("!--".utf8).map(UInt32.init)) {
                terminator = Array("-->".utf8).map(UInt32.init)
            } else if at(Array("![CDATA[".utf8).map(UInt32.init)) {
                terminator = Array("]]>".utf8).map(UInt32.init)
            } else if at([0x3F]) {
                terminator = Array("?>".utf8).map(UInt32.init)
            } else {
                terminator = [0x3E]
            }
            let last = terminator[terminator.count - 1]
            while advance(past: last) {
                index -= terminator.count * width
                if index >= 0 && at(terminator) {
                    index += terminator.count * width
                    return
                }
                index += terminator.count * width
            }
        }

        private func at(_ pattern: [UInt32]) -> Bool {
            for (offset, expected) in pattern.enumerated() where unit(at: index + offset * width) != expected {
                return false
            }
            return true
        }
    }
}

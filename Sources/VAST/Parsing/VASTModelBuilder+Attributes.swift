internal import CLibXML2
import Glibc

/// Reading attributes into typed values, recording what had to be tolerated.
extension VASTModelBuilder {
    /// Copies a start tag's attributes into `attrs` (interned names, decoded value bytes).
    mutating func readAttributes(_ attributes: SAXAttributes) {
        if !attrs.isEmpty { attrs.removeAll(keepingCapacity: true) }
        var used = 0
        for index in 0..<attributes.count {
            guard let name = attributes.localname(at: index) else { continue }
            let start = used
            attributes.appendValue(at: index, to: &attrValues, used: &used)
            attrs.append(AttributeSlot(name: name, nameLength: strlen(name), start: start, end: used))
        }
    }

    /// The value of the attribute at `index` in ``attrs``.
    mutating func attrValue(at index: Int) -> String {
        let slot = attrs[index]
        return attrValues.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[slot.start..<slot.end]), as: UTF8.self)
        }
    }

    /// The position in ``attrs`` of attribute `name`; a spelling that differs only in case (`AdID`
    /// for `adId`) is accepted with a finding.
    mutating func attrIndex(_ name: StaticString) -> Int? {
        let length = name.utf8CodeUnitCount
        for index in attrs.indices where attrs[index].nameLength == length && Self.sameName(attrs[index].name, name) {
            return index
        }
        for index in attrs.indices
        where attrs[index].nameLength == length && Self.sameNameIgnoringCase(attrs[index].name, name) {
            report(
                .warning, .tolerance, "attribute.name-case",
                "attribute \(attributeName(attrs[index].name)) read as \(name) (attribute names are case-sensitive)")
            return index
        }
        return nil
    }

    /// The value of attribute `name`; a spelling that differs only in case (`AdID` for `adId`)
    /// is accepted with a finding.
    mutating func attr(_ name: StaticString) -> String? {
        guard let index = attrIndex(name) else { return nil }
        return attrValue(at: index)
    }

    /// The number an attribute at `index` spells when it is 1 to 18 ASCII digits and nothing else,
    /// read from its bytes; `nil` for anything else (then the value is read as text).
    private mutating func plainDigits(at index: Int) -> Int? {
        let slot = attrs[index]
        let count = slot.end - slot.start
        guard count > 0, count <= 18 else { return nil }
        var value = 0
        for position in slot.start..<slot.end {
            let digit = attrValues[position] &- 0x30
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// True when the attribute at `index` is exactly the ASCII `word`.
    private mutating func attrIs(_ word: StaticString, at index: Int) -> Bool {
        let slot = attrs[index]
        guard slot.end - slot.start == word.utf8CodeUnitCount else { return false }
        return attrValues.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + slot.start, word.utf8Start, word.utf8CodeUnitCount) == 0
        }
    }

    /// An integer attribute, range-checked where it enters.
    ///
    /// A value that is not a whole number is reported and dropped. A whole number outside
    /// `bounds` is a `value.range` error (with `code`, the creative's IAB code where one fits)
    /// and is kept as written, saturated at `Int.max` when its digits do not fit, so that
    /// selection can tell it from a missing value and skip its element (``VASTValueBounds``).
    mutating func intAttr(_ name: StaticString, in bounds: ClosedRange<Int>, code: VASTErrorCode? = nil) -> Int? {
        guard let index = attrIndex(name) else { return nil }
        let value: Int
        if let plain = plainDigits(at: index) {
            value = plain
        } else {
            let text = attrValue(at: index)
            let trimmed = text.trimmingASCIIWhitespace()
            if let exact = Int(trimmed), exact >= 0 {
                value = exact
            } else if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                value = Int.max
            } else if let whole = Self.wholeWithZeroFraction(trimmed) {
                report(.warning, .tolerance, "attribute.value", "\(name)=\"\(text)\" read as \(whole)")
                value = whole
            } else {
                report(
                    .error, .content, "attribute.value",
                    "\(name)=\"\(text.prefix(40))\" is not a non-negative whole number")
                return nil
            }
        }
        if !bounds.contains(value), !countedPastCap(.error) {
            let text = attrValue(at: index)
            report(
                .error, .content, "value.range",
                "\(name)=\"\(text.prefix(40))\" is outside \(bounds.lowerBound) to \(bounds.upperBound); "
                    + "no real ad has it, so the element is not used", code: code ?? .schemaValidation)
        }
        return value
    }

    /// The number of `"720.0"` (decimal digits, a point, zeros), the one non-integer spelling players
    /// read as a whole number. Not `Double(_:)`: it also reads `"0x280"` and `"6.4e2"` as 640, which
    /// no player does the same way (JavaScript's `parseInt` reads them as 640 and 6).
    private static func wholeWithZeroFraction(_ text: String) -> Int? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let digits = parts.first, !digits.isEmpty, digits.count <= 12,
            digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), parts[1].allSatisfy({ $0 == 0x30 })
        else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// A `sequence` attribute (Ad, Creative): 1 to 10,000; 0 is read with a warning, since the
    /// spec numbers from 1 (3.3.2) but players accept 0.
    mutating func sequenceAttr() -> Int? {
        guard let value = intAttr("sequence", in: 0...VASTValueBounds.sequence.upperBound) else { return nil }
        if value == 0 {
            report(.warning, .content, "value.range", "sequence=\"0\": the spec numbers from 1 (players accept 0)")
        }
        return value
    }

    /// A pixel position attribute (`xPosition`, `yPosition`): a keyword or a number of pixels.
    mutating func positionAttr(_ name: StaticString, keywords: [String]) -> String? {
        guard let text = attr(name) else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        if keywords.contains(trimmed) { return text }
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            if Int(trimmed).map(VASTValueBounds.pixels.contains) != true {
                report(
                    .error, .content, "value.range",
                    "\(name)=\"\(text.prefix(40))\" is outside 0 to \(VASTValueBounds.pixels.upperBound) pixels",
                    code: .linear)
            }
            return text
        }
        report(
            .warning, .content, "attribute.enumeration",
            "\(name)=\"\(text.prefix(40))\" is neither \(keywords.joined(separator: " nor ")) nor a number of pixels "
                + "(players place the icon where they like)", subrule: "attribute.enumeration.Icon.\(name)")
        return text
    }

    /// A decimal attribute that the model keeps as text (`pxratio`), checked against `bounds`.
    mutating func decimalTextAttr(_ name: StaticString, in bounds: ClosedRange<Double>) -> String? {
        guard let text = attr(name) else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        let digitsOnly = trimmed.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
        guard digitsOnly, trimmed.utf8.count <= 12, let value = Double(trimmed), bounds.contains(value) else {
            if !countedPastCap(.warning) {
                report(
                    .warning, .content, "value.range",
                    "\(name)=\"\(text.prefix(40))\" is not a number from \(bounds.lowerBound) to \(bounds.upperBound) "
                        + "(players use 1)")
            }
            return text
        }
        return text
    }

    /// An attribute whose value the spec limits to `allowed` (compared without case when
    /// `ignoringCase`); any other value is an `attribute.enumeration` finding of `severity`, and is
    /// kept as written.
    mutating func enumAttr(
        _ name: StaticString, of element: VASTElement, allowed: [String], ignoringCase: Bool = false,
        severity: VASTFinding.Severity = .warning
    ) -> String? {
        guard let text = attr(name) else { return nil }
        let value = text.trimmingASCIIWhitespace()
        let known = ignoringCase ? allowed.contains { $0.caseInsensitiveEquals(value) } : allowed.contains(value)
        if !known, !countedPastCap(severity) {
            let consequence = severity == .error ? "players pick media files by it" : "players read it as unspecified"
            report(
                severity, .content, "attribute.enumeration",
                "\(name)=\"\(text.prefix(40))\" is not one of \(allowed.joined(separator: ", ")) (\(consequence))",
                subrule: "attribute.enumeration.\(element.name).\(name)")
        }
        return text
    }

    /// A boolean attribute: `true` / `false`, with `True`, `1`, `0` and the like accepted with a finding.
    mutating func boolAttr(_ name: StaticString) -> Bool? {
        guard let index = attrIndex(name) else { return nil }
        // xs:boolean's lexical space is true, false, 1, 0
        if attrIs("true", at: index) || attrIs("1", at: index) { return true }
        if attrIs("false", at: index) || attrIs("0", at: index) { return false }
        let text = attrValue(at: index)
        switch text.trimmingASCIIWhitespace().lowercased() {
        case "true", "1", "yes":
            report(.warning, .tolerance, "boolean.lenient", "\(name)=\"\(text)\" read as true (the spec writes true)")
            return true
        case "false", "0", "no":
            report(.warning, .tolerance, "boolean.lenient", "\(name)=\"\(text)\" read as false (the spec writes false)")
            return false
        default:
            report(.error, .content, "attribute.value", "\(name)=\"\(text.prefix(40))\" is not a boolean")
            return nil
        }
    }

    /// A time attribute (`duration`, `offset`, `minSuggestedDuration`).
    mutating func timeAttr(_ name: StaticString) -> VASTTime? {
        guard let text = attr(name) else { return nil }
        return time(text, what: "\(name) attribute")
    }

    /// A time value, reported when it is lenient, unreadable or beyond ``VASTValueBounds/duration``
    /// (then `nil`: downstream code treats it as unknown). `what` names it in a finding, and is spelled
    /// only for one.
    mutating func time(_ text: String, what: @autoclosure () -> String) -> VASTTime? {
        do {
            let (value, leniency) = try VASTTime.parse(text)
            if let leniency {
                report(.warning, .tolerance, "time.lenient", "\(what()) \"\(text)\" accepted: \(leniency)")
            }
            return bounded(value, text: text, what: what())
        } catch {
            report(
                .error, .content, "time.format", "\(what()): \(error.description); expected HH:MM:SS or HH:MM:SS.mmm",
                code: .schemaValidation)
            return nil
        }
    }

    /// A time-or-percentage attribute (`skipoffset`, `offset` of progress tracking).
    mutating func offsetAttr(_ name: StaticString) -> VASTTimeOffset? {
        guard let text = attr(name) else { return nil }
        return timeOffset(text, name: name)
    }

    /// The time or percentage `text` of attribute `name`, reported as ``offsetAttr(_:)`` reports it.
    mutating func timeOffset(_ text: String, name: StaticString) -> VASTTimeOffset? {
        do {
            let (value, leniency) = try VASTTimeOffset.parse(text)
            if let leniency {
                report(.warning, .tolerance, "time.lenient", "\(name) \"\(text)\" accepted: \(leniency)")
            }
            if case .time(let time) = value {
                return bounded(time, text: text, what: "\(name) attribute").map { .time($0) }
            }
            return value
        } catch {
            report(
                .error, .content, "time.format",
                "\(name): \(error.description); expected HH:MM:SS(.mmm) or n%", code: .schemaValidation)
            return nil
        }
    }

    /// `value` when it is inside ``VASTValueBounds/duration``; otherwise a `value.range` error and `nil`.
    private mutating func bounded(_ value: VASTTime, text: String, what: @autoclosure () -> String) -> VASTTime? {
        guard VASTValueBounds.duration.contains(value) else {
            report(
                .error, .content, "value.range",
                "\(what()) \"\(text.prefix(40))\" is longer than 24 hours; read as unknown", code: .schemaValidation)
            return nil
        }
        return value
    }
}

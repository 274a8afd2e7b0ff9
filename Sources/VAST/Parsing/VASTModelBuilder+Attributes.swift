internal import CLibXML2

/// Reading attributes into typed values, recording what had to be tolerated.
extension VASTModelBuilder {
    /// Copies a start tag's attributes into `attrs` (names interned, values decoded).
    mutating func readAttributes(_ attributes: SAXAttributes) {
        attrs.removeAll(keepingCapacity: true)
        for index in 0..<attributes.count {
            guard let name = attributes.localname(at: index) else { continue }
            attrs.append((attributeName(name), attributes.string(at: index)))
        }
    }

    /// The value of attribute `name`; a spelling that differs only in case (`AdID` for `adId`)
    /// is accepted with a finding.
    mutating func attr(_ name: String) -> String? {
        let length = name.utf8.count
        for attribute in attrs where attribute.name.utf8.count == length && attribute.name == name {
            return attribute.value
        }
        for attribute in attrs where attribute.name.caseInsensitiveEquals(name) {
            report(
                .warning, .tolerance, "attribute.name-case",
                "attribute \(attribute.name) read as \(name) (attribute names are case-sensitive)")
            return attribute.value
        }
        return nil
    }

    /// An integer attribute, range-checked where it enters.
    ///
    /// A value that is not a whole number is reported and dropped. A whole number outside
    /// `bounds` is a `value.range` error (with `code`, the creative's IAB code where one fits)
    /// and is kept as written, saturated at `Int.max` when its digits do not fit, so that
    /// selection can tell it from a missing value and skip its element (``VASTValueBounds``).
    mutating func intAttr(_ name: String, in bounds: ClosedRange<Int>, code: VASTErrorCode? = nil) -> Int? {
        guard let text = attr(name) else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        let value: Int
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
        if !bounds.contains(value), !countedPastCap(.error) {
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
    mutating func positionAttr(_ name: String, keywords: [String]) -> String? {
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
    mutating func decimalTextAttr(_ name: String, in bounds: ClosedRange<Double>) -> String? {
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
        _ name: String, of element: VASTElement, allowed: [String], ignoringCase: Bool = false,
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
    mutating func boolAttr(_ name: String) -> Bool? {
        guard let text = attr(name) else { return nil }
        switch text {
        case "true", "1": return true  // xs:boolean's lexical space is true, false, 1, 0
        case "false", "0": return false
        default: break
        }
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
    mutating func timeAttr(_ name: String) -> VASTTime? {
        guard let text = attr(name) else { return nil }
        return time(text, what: "\(name) attribute")
    }

    /// A time value, reported when it is lenient, unreadable or beyond ``VASTValueBounds/duration``
    /// (then `nil`: downstream code treats it as unknown).
    mutating func time(_ text: String, what: String) -> VASTTime? {
        do {
            let (value, leniency) = try VASTTime.parse(text)
            if let leniency {
                report(.warning, .tolerance, "time.lenient", "\(what) \"\(text)\" accepted: \(leniency)")
            }
            return bounded(value, text: text, what: what)
        } catch {
            report(
                .error, .content, "time.format", "\(what): \(error.description); expected HH:MM:SS or HH:MM:SS.mmm",
                code: .schemaValidation)
            return nil
        }
    }

    /// A time-or-percentage attribute (`skipoffset`, `offset` of progress tracking).
    mutating func offsetAttr(_ name: String) -> VASTTimeOffset? {
        guard let text = attr(name) else { return nil }
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
    private mutating func bounded(_ value: VASTTime, text: String, what: String) -> VASTTime? {
        guard VASTValueBounds.duration.contains(value) else {
            report(
                .error, .content, "value.range",
                "\(what) \"\(text.prefix(40))\" is longer than 24 hours; read as unknown", code: .schemaValidation)
            return nil
        }
        return value
    }
}

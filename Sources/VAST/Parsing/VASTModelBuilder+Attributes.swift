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
        for attribute in attrs where attribute.name == name { return attribute.value }
        for attribute in attrs where attribute.name.caseInsensitiveEquals(name) {
            report(.warning, .tolerance, "attribute.name-case",
                   "attribute \(attribute.name) read as \(name) (attribute names are case-sensitive)")
            return attribute.value
        }
        return nil
    }

    /// An integer attribute; a value that is not a whole number is reported and dropped.
    mutating func intAttr(_ name: String) -> Int? {
        guard let text = attr(name) else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        if let value = Int(trimmed), value >= 0 { return value }
        if let value = Double(trimmed), value >= 0, value == value.rounded(), value < 1e12 {
            report(.warning, .tolerance, "attribute.value", "\(name)=\"\(text)\" read as \(Int(value))")
            return Int(value)
        }
        report(.error, .content, "attribute.value", "\(name)=\"\(text.prefix(40))\" is not a non-negative whole number")
        return nil
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

    /// A time value, reported when it is lenient or unreadable.
    mutating func time(_ text: String, what: String) -> VASTTime? {
        do {
            let (value, leniency) = try VASTTime.parse(text)
            if let leniency {
                report(.warning, .tolerance, "time.lenient", "\(what) \"\(text)\" accepted: \(leniency)")
            }
            return value
        } catch {
            report(.error, .content, "time.format", "\(what): \(error.description); expected HH:MM:SS or HH:MM:SS.mmm",
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
            return value
        } catch {
            report(.error, .content, "time.format",
                   "\(name): \(error.description); expected HH:MM:SS(.mmm) or n%", code: .schemaValidation)
            return nil
        }
    }
}

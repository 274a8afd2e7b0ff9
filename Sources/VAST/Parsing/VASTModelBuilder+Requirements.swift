internal import CLibXML2
import Glibc

/// Checking the requirement rows of ``VASTSpecRules/requirements`` as elements open and close:
/// each missing attribute or child is a finding of its row's level, naming the row's finer id.
extension VASTModelBuilder {
    /// Reports the required attributes the current start tag lacks; reads ``attrs`` (so runs after
    /// ``readAttributes(_:)``).
    mutating func checkRequiredAttributes(of element: VASTElement) {
        let span = attributeSpans[Int(element.rawValue) &* 2 &+ (inWrapper ? 1 : 0)]
        guard !span.isEmpty else { return }
        // An IconClickFallbackImage's StaticResource is always an image; the schema leaves its type optional.
        if element == .staticResource && frames.count >= 2
            && frames[frames.count - 2].element == .iconClickFallbackImage
        {
            return
        }
        for position in span {
            let check = attributeChecks[position]
            guard check.applies(to: version) else { continue }
            let written = Self.attribute(check, in: attrs)
            // Present but empty (or only whitespace) is as good as missing: the text asks for a value.
            if let slot = written, !Self.isBlank(slot, in: attrValues) { continue }
            guard !countedPastCap(check.level == .content ? .error : .warning) else { continue }
            let requirement = VASTSpecRules.requirements[check.row]
            let lacks =
                written == nil
                ? "has no \(requirement.name) attribute" : "has an empty \(requirement.name) attribute"
            switch requirement.level {
            case .schema:
                report(
                    .warning, .schema, "required-attribute",
                    "<\(element.name)> \(lacks), which the schema requires", subrule: requirement.specificID)
            case .advisory:
                report(
                    .warning, .content, "required-attribute",
                    "<\(element.name)> \(lacks), which the VAST text requires "
                        + "(section \(requirement.section)); players manage without it",
                    subrule: requirement.specificID)
            case .content:
                let article = "aeiou".contains(requirement.name.prefix(1)) ? "an" : "a"
                report(
                    .error, .content, "required-attribute",
                    written == nil
                        ? "<\(element.name)> must have \(article) \(requirement.name) attribute"
                        : "<\(element.name)> \(lacks); VAST requires a value",
                    subrule: requirement.specificID)
            }
        }
    }

    /// The one of `attributes` named as `check` says, in any ASCII letter case.
    private static func attribute(
        _ check: VASTSpecRules.RequirementCheck, in attributes: [AttributeSlot]
    ) -> AttributeSlot? {
        withUnsafeBytes(of: check.name) { expected in
            for slot in attributes where slot.nameLength == check.nameLength {
                var same = true
                for offset in 0..<check.nameLength {
                    let a = slot.name[offset]
                    let b = expected[offset]
                    guard a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) else {
                        same = false
                        break
                    }
                }
                if same { return slot }
            }
            return nil
        }
    }

    /// True when the value of `slot` is empty or only ASCII whitespace.
    private static func isBlank(_ slot: AttributeSlot, in values: [UInt8]) -> Bool {
        var position = slot.start
        while position < slot.end {
            if !values[position].isASCIIWhitespace { return false }
            position &+= 1
        }
        return true
    }

    /// True when the name `written`, of `name`'s length, is exactly `name` (ASCII names: byte
    /// equality is the `String` equality they were compared with before).
    static func sameName(_ written: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        return count == 0 || (written[0] == name.utf8Start[0] && memcmp(written, name.utf8Start, count) == 0)
    }

    /// True when the name `written`, of `name`'s length, is `name` spelled with other ASCII letter cases.
    static func sameNameIgnoringCase(_ written: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for offset in 0..<name.utf8CodeUnitCount {
            let a = written[offset]
            let b = expected[offset]
            guard a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) else { return false }
        }
        return true
    }

    mutating func checkRequiredChildren(of element: VASTElement, seen: VASTElementSet) {
        let span = childSpans[Int(element.rawValue) &* 2 &+ (inWrapper ? 1 : 0)]
        for position in span {
            let check = childChecks[position]
            guard check.applies(to: version), let child = check.child, !seen.contains(child) else { continue }
            // The VAST 2 spelling <VASTAdTagURL><URL> stands for <VASTAdTagURI> (read with schema.legacy).
            if child == .vastAdTagURI && seen.contains(.vastAdTagURL) { continue }
            guard !countedPastCap(check.level == .content ? .error : .warning) else { continue }
            let requirement = VASTSpecRules.requirements[check.row]
            switch requirement.level {
            case .schema:
                report(
                    .warning, .schema, "required-element",
                    "<\(element.name)> has no <\(requirement.name)>, which the schema requires",
                    subrule: requirement.specificID)
            case .advisory:
                report(
                    .warning, .content, "required-element",
                    "<\(element.name)> has no <\(requirement.name)>, which the VAST text requires "
                        + "(section \(requirement.section))", subrule: requirement.specificID)
            case .content:
                report(
                    .error, .content, "required-element",
                    "<\(element.name)> must contain <\(requirement.name)> in VAST \(version.rawValue)",
                    subrule: requirement.specificID)
            }
        }
    }
}

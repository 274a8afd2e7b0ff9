/// The elements whose text the VAST 4.3 text requires, as data: each element it marks required
/// and gives a `Content` row, where a present but empty one is as good as none. Each row names the
/// rule that reports it: an `element.empty` check of its own, or the rule that already reads the
/// value (an empty MediaFile or VASTAdTagURI is `url.empty`, an empty Duration `time.format`, an
/// empty creative resource leaves its NonLinear, Companion or Icon with `resource.missing`).
extension VASTSpecRules {
    /// One element that must hold a value.
    struct ContentRequirement: Sendable {
        /// How an empty one is found.
        enum Check: Sendable {
            /// When the element closes, as `element.empty.<name>`.
            case leaf
            /// When its InLine or Wrapper closes, as `element.empty.<name>`, if every one is empty
            /// (Impression: one with a URI is enough).
            case everyOne
            /// By the rule named, which reads the value for other reasons.
            case rule(String)
        }

        let element: VASTElement
        let context: Requirement.Context
        let since: VASTVersion
        let until: VASTVersion
        let level: Requirement.Level
        /// The section of the IAB VAST 4.3 text that requires it.
        let section: String
        let check: Check
        /// What players do with an empty one, for an advisory row's finding.
        let fallback: String

        fileprivate init(
            _ element: VASTElement, _ context: Requirement.Context = .any, since: VASTVersion = .v2_0,
            until: VASTVersion = .v4_3, _ level: Requirement.Level = .content, section: String, _ check: Check = .leaf,
            fallback: String = ""
        ) {
            self.element = element
            self.context = context
            self.since = since
            self.until = until
            self.level = level
            self.section = section
            self.check = check
            self.fallback = fallback
        }

        /// The catalogue id of its `element.empty` check (`nil` when another rule reports it).
        var ruleID: String? {
            if case .rule = check { return nil }
            return "element.empty.\(element.name)"
        }

        /// True when an empty one is reported in `version`, inside a Wrapper or not.
        func applies(to version: VASTVersion, inWrapper: Bool) -> Bool {
            since <= version && version <= until
                && (context == .any || (context == .wrapper) == inWrapper)
        }
    }

    /// Every element whose content is required, in the order of the VAST text.
    static let contentRequirements: [ContentRequirement] = [
        ContentRequirement(.adSystem, section: "3.4.1"),
        ContentRequirement(.adTitle, section: "3.4.2"),
        ContentRequirement(.adServingId, since: .v4_1, section: "3.4.3"),
        // "If there is no reason to include an Impression element, the placeholder about:blank should
        // be used" (3.4.4): an empty one beside one with a URI leaves the impression counted, and is
        // not reported.
        ContentRequirement(.impression, section: "3.4.4", .everyOne),
        // The text gives the content a default ("Default value is unknown", 3.7.1), which players
        // and macros use for an empty one: a warning.
        ContentRequirement(
            .universalAdId, .inLine, since: .v4_0, .advisory, section: "3.7.1",
            fallback: "players read its default, unknown"),
        ContentRequirement(.duration, .inLine, section: "3.8.1", .rule("time.format")),
        ContentRequirement(.mediaFile, .inLine, section: "3.9.1", .rule("url.empty")),
        // Required when an InLine's VideoClicks is used (3.10.1), and a warning as the missing element
        // is: the text leaves the click to the ad unit when there is none.
        ContentRequirement(
            .clickThrough, .inLine, since: .v4_1, .advisory, section: "3.10.1",
            fallback: "the ad plays and no click-through page opens unless the ad unit handles the click"),
        ContentRequirement(.staticResource, .inLine, section: "3.15.1", .rule("resource.missing")),
        ContentRequirement(.iframeResource, .inLine, section: "3.15.2", .rule("resource.missing")),
        ContentRequirement(.htmlResource, .inLine, section: "3.15.3", .rule("resource.missing")),
        ContentRequirement(.vastAdTagURI, .wrapper, section: "3.19.1", .rule("url.empty")),
    ]

    /// The ``ContentRequirement/Check/leaf`` rows by element raw value, for the parser's check as
    /// each element closes (one array read, most elements have none).
    static let leafContentTable: [ContentRequirement?] = VASTElement.allCases.map { element in
        contentRequirements.first { row in
            guard row.element == element, case .leaf = row.check else { return false }
            return true
        }
    }
}

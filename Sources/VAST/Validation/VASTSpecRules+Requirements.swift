/// The elements and attributes each VAST version requires, as data: one row per requirement,
/// with the versions it applies to, how much it matters, and the section of the IAB VAST 4.3
/// text it comes from. Rows were checked against the IAB XSDs of 2.0.1, 3.0, 4.0, 4.1 and 4.2
/// and against the 4.3 text (which requires some attributes its schemas leave optional); each
/// version's documents are judged by the rows whose `since...until` holds it.
///
/// The level follows the text: what it marks required (an asterisk in an element's attribute or
/// sub-element list, `Required in Response: Yes`, "required if ...") and gives no default for
/// is an error. What stays a warning says why on its row: the text names a fallback, the IAB's
/// own samples leave it out (the validator must not call them invalid), or the element carries
/// only tracking in a Wrapper. Tests/Fixtures/spec-required.txt lists every requirement of the
/// 4.3 tables with the rules that check it; SpecRequirementTests holds that list to the text.
extension VASTSpecRules {
    /// One required child element or attribute.
    struct Requirement: Sendable {
        /// Whether a child element or an attribute is required.
        enum Kind: Sendable { case child, attribute }
        /// Where the parent sits.
        enum Context: Sendable { case any, inLine, wrapper }
        /// How much a missing one matters.
        enum Level: Sendable {
            /// The VAST text requires it and gives no default: an error (content, IAB code 101).
            case content
            /// The VAST text requires it, but players fall back to something (the row says what):
            /// a content warning.
            case advisory
            /// Only the XML schema requires it; players do without: a schema warning.
            case schema
        }

        let kind: Kind
        /// The element that must hold it.
        let element: VASTElement
        /// The child element's local name or the attribute's name.
        let name: String
        let context: Context
        /// The first version that requires it.
        let since: VASTVersion
        /// The last version that requires it.
        let until: VASTVersion
        let level: Level
        /// The section of the IAB VAST 4.3 text that requires it.
        let section: String

        /// True when `version` is one that requires it.
        func applies(to version: VASTVersion) -> Bool { since <= version && version <= until }

        /// The required child as a known element (`nil` for attributes), looked up once.
        let child: VASTElement?

        /// The finding's rule: `required-element` or `required-attribute`.
        var ruleID: String { kind == .child ? "required-element" : "required-attribute" }

        /// The catalogue id of this one check, for example `required-attribute.MediaFile.delivery`
        /// (`.wrapper` marks a requirement made of the element in a Wrapper only). Made when a
        /// finding or the catalogue asks: made for every row up front, the ids were a part of each
        /// process's first parse that most documents never read.
        var specificID: String {
            ruleID + "." + element.name + "." + name + (context == .wrapper ? ".wrapper" : "")
        }

        fileprivate init(
            _ kind: Kind, _ element: VASTElement, _ name: String, _ context: Context = .any,
            since: VASTVersion = .v2_0, until: VASTVersion = .v4_3, _ level: Level = .content,
            section: String
        ) {
            self.kind = kind
            self.element = element
            self.name = name
            self.context = context
            self.since = since
            self.until = until
            self.level = level
            self.section = section
            child = kind == .child ? VASTElement.named(name) : nil
        }
    }

    /// Every requirement, in the order of the VAST text.
    static let requirements: [Requirement] = [
        Requirement(.attribute, .vast, "version", section: "3.2"),
        Requirement(.attribute, .ad, "id", until: .v2_0, .schema, section: "3.3.2"),
        Requirement(.child, .inLine, "AdSystem", section: "3.4.1"),
        Requirement(.child, .inLine, "AdTitle", section: "3.4.2"),
        Requirement(.child, .inLine, "AdServingId", since: .v4_1, section: "3.4.3"),
        Requirement(.child, .inLine, "Impression", section: "3.4.4"),
        Requirement(.child, .inLine, "Creatives", section: "3.6"),
        // "If category is used, the authority= attribute must be provided" (3.4.5).
        Requirement(.attribute, .category, "authority", since: .v4_0, section: "3.4.5"),
        Requirement(.attribute, .pricing, "model", section: "3.4.8"),
        Requirement(.attribute, .pricing, "currency", section: "3.4.8"),
        Requirement(.child, .creatives, "Creative", .inLine, section: "3.6"),
        // Creative is "Required in Response: Yes, Bounded 1+" for both formats (3.7); a Wrapper may
        // leave out <Creatives> (0-1, 3.6) but not hold an empty one (the 4.x schemas agree).
        Requirement(.child, .creatives, "Creative", .wrapper, since: .v4_0, section: "3.6"),
        Requirement(.child, .creative, "UniversalAdId", .inLine, since: .v4_0, section: "3.7.1"),
        // The text's "Default value is unknown" is the value to write when no registry is used
        // ("If no common registry is used, a value of 'unknown' may be used", 3.7.1), not one a
        // player assumes: the attribute is marked required and the 4.1 and 4.2 schemas require it.
        Requirement(.attribute, .universalAdId, "idRegistry", since: .v4_0, section: "3.7.1"),
        Requirement(.attribute, .universalAdId, "idValue", since: .v4_0, until: .v4_0, .schema, section: "3.7.1"),
        Requirement(.child, .linear, "Duration", .inLine, section: "3.8.1"),
        Requirement(.child, .linear, "MediaFiles", .inLine, section: "3.9"),
        Requirement(.child, .mediaFiles, "MediaFile", .inLine, section: "3.9.1"),
        Requirement(.attribute, .mediaFile, "delivery", section: "3.9.1"),
        Requirement(.attribute, .mediaFile, "type", section: "3.9.1"),
        Requirement(.attribute, .mediaFile, "width", section: "3.9.1"),
        Requirement(.attribute, .mediaFile, "height", section: "3.9.1"),
        Requirement(.attribute, .mezzanine, "delivery", since: .v4_1, section: "3.9.2"),
        Requirement(.attribute, .mezzanine, "type", since: .v4_1, section: "3.9.2"),
        Requirement(.attribute, .mezzanine, "width", since: .v4_1, section: "3.9.2"),
        Requirement(.attribute, .mezzanine, "height", since: .v4_1, section: "3.9.2"),
        // "One ClickThrough element is required if <VideoClicks> in the InLine format is used", but the
        // same section names the fallback: it "is used when the Linear ad unit cannot handle a
        // clickthrough" (3.10.1); without one the ad plays and the unit handles the click or none opens
        // (the 4.1 and 4.2 schemas leave it optional): a warning.
        Requirement(.child, .videoClicks, "ClickThrough", .inLine, since: .v4_1, .advisory, section: "3.10.1"),
        // Icon: "Yes, if at least one <Icons> element is provided" (3.11.1).
        Requirement(.child, .icons, "Icon", since: .v3_0, section: "3.11.1"),
        Requirement(.attribute, .icon, "program", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "width", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "height", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "xPosition", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "yPosition", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(
            .child, .iconClickFallbackImages, "IconClickFallbackImage", since: .v4_2, .schema, section: "3.11.6.1"),
        // Marked required, but the IAB's own 4.2 sample (IconClickFallbacks.xml) leaves both out, and
        // a player shows the image at its own size: a warning.
        Requirement(.attribute, .iconClickFallbackImage, "width", since: .v4_1, .advisory, section: "3.11.6.1"),
        Requirement(.attribute, .iconClickFallbackImage, "height", since: .v4_1, .advisory, section: "3.11.6.1"),
        // NonLinear: "Yes if <NonLinearAds> is provided" (3.12.1). In a Wrapper, NonLinearAds may hold
        // only its TrackingEvents ("If used in a wrapper, only the tracking elements are available",
        // 3.12; the IAB's own 2.0 Wrapper samples do so): a warning there.
        Requirement(.child, .nonLinearAds, "NonLinear", .inLine, section: "3.12.1"),
        Requirement(.child, .nonLinearAds, "NonLinear", .wrapper, .advisory, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "width", .inLine, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "height", .inLine, section: "3.12.1"),
        // The starred width and height of 3.12.1 are the InLine creative's: "In a Wrapper response,
        // only tracking elements may be provided" (3.12.1), the 3.0 schema leaves them optional on a
        // Wrapper's NonLinear and the 4.x schemas do not define them there. Only 2.0 requires them.
        Requirement(.attribute, .nonLinear, "width", .wrapper, until: .v2_0, .schema, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "height", .wrapper, until: .v2_0, .schema, section: "3.12.1"),
        // "At least one Companion is required if CompanionAds is provided" (3.13.1).
        Requirement(.child, .companionAds, "Companion", since: .v4_0, section: "3.13.1"),
        Requirement(.attribute, .companion, "width", .inLine, section: "3.13.1"),
        Requirement(.attribute, .companion, "height", .inLine, section: "3.13.1"),
        // Starred for both formats (3.13.1) and required by the Wrapper's companion type of every
        // schema: a Wrapper's Companion names the slot its tracking or creative is for.
        Requirement(.attribute, .companion, "width", .wrapper, section: "3.13.1"),
        Requirement(.attribute, .companion, "height", .wrapper, section: "3.13.1"),
        Requirement(.attribute, .companionClickTracking, "id", since: .v4_0, .schema, section: "3.13.4"),
        Requirement(.attribute, .tracking, "event", section: "3.14.3"),
        Requirement(.attribute, .staticResource, "creativeType", section: "3.15.1"),
        // Marked required, but the IAB's own 4.1 and 4.2 verification samples leave it out, and
        // OM runs a script without a vendor key when it has no parameters: a warning.
        Requirement(.attribute, .verification, "vendor", since: .v4_1, .advisory, section: "3.17"),
        // Players pick the script to run by apiFramework, so without it none runs.
        Requirement(.attribute, .javaScriptResource, "apiFramework", since: .v4_1, section: "3.17.1"),
        // Marked required, but the IAB's own 4.1 and 4.2 verification samples leave it out, and
        // players read a missing one as false (the resource needs a browser): a warning.
        Requirement(.attribute, .javaScriptResource, "browserOptional", since: .v4_1, .advisory, section: "3.17.1"),
        Requirement(.attribute, .executableResource, "apiFramework", since: .v4_1, section: "3.17.2"),
        Requirement(.attribute, .executableResource, "type", since: .v4_1, section: "3.17.2"),
        Requirement(.child, .wrapper, "AdSystem", section: "3.4.1"),
        Requirement(.child, .wrapper, "Impression", section: "3.4.4"),
        Requirement(.child, .wrapper, "VASTAdTagURI", section: "3.19.1"),
        Requirement(.child, .wrapper, "Creatives", until: .v3_0, .schema, section: "3.6"),
        // "The authority attribute is required if categories are provided" (3.19.2), as for Category.
        Requirement(.attribute, .blockedAdCategories, "authority", since: .v4_1, section: "3.19.2"),
    ]
}

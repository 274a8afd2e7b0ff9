/// The elements and attributes each VAST version requires, as data: one row per requirement,
/// with the versions it applies to, how much it matters, and the section of the IAB VAST 4.3
/// text it comes from. Rows were checked against the IAB XSDs of 2.0.1, 3.0, 4.0, 4.1 and 4.2
/// and against the 4.3 text (which requires some attributes its schemas leave optional). What the
/// text requires but players manage without is advisory: `Verification@vendor` (OM runs a script
/// without a vendor key when it has no parameters), `JavaScriptResource@browserOptional` (read as
/// false), `BlockedAdCategories@authority` (codes still compare), fallback-image sizes (the image's
/// own size), a VideoClicks without ClickThrough, an empty CompanionAds. What players cannot do
/// without is content: a JavaScriptResource or ExecutableResource without `apiFramework` (players
/// pick the script to run by it, so none runs), an ExecutableResource without `type`.
extension VASTSpecRules {
    /// One required child element or attribute.
    struct Requirement: Sendable {
        /// Whether a child element or an attribute is required.
        enum Kind: Sendable { case child, attribute }
        /// Where the parent sits.
        enum Context: Sendable { case any, inLine, wrapper }
        /// How much a missing one matters.
        enum Level: Sendable {
            /// Players cannot do without it: an error (content, IAB code 101).
            case content
            /// The VAST text requires it, but players fall back to a default: a content warning.
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
        /// (`.wrapper` marks a requirement made of the element in a Wrapper only). Made once: it
        /// goes into every finding of the row.
        let specificID: String

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
            child = kind == .child ? VASTElement.byName[name] : nil
            specificID =
                (kind == .child ? "required-element" : "required-attribute") + ".\(element.name).\(name)"
                + (context == .wrapper ? ".wrapper" : "")
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
        Requirement(.attribute, .category, "authority", since: .v4_0, section: "3.4.5"),
        Requirement(.attribute, .pricing, "model", section: "3.4.8"),
        Requirement(.attribute, .pricing, "currency", section: "3.4.8"),
        Requirement(.child, .creatives, "Creative", .inLine, section: "3.6"),
        Requirement(.child, .creatives, "Creative", .wrapper, since: .v4_0, .schema, section: "3.6"),
        Requirement(.child, .creative, "UniversalAdId", .inLine, since: .v4_0, section: "3.7.1"),
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
        Requirement(.child, .videoClicks, "ClickThrough", .inLine, since: .v4_1, .advisory, section: "3.10.1"),
        Requirement(.child, .icons, "Icon", since: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "program", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "width", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "height", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "xPosition", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(.attribute, .icon, "yPosition", since: .v3_0, until: .v3_0, .schema, section: "3.11.1"),
        Requirement(
            .child, .iconClickFallbackImages, "IconClickFallbackImage", since: .v4_2, .schema, section: "3.11.6.1"),
        Requirement(.attribute, .iconClickFallbackImage, "width", since: .v4_1, .advisory, section: "3.11.6.1"),
        Requirement(.attribute, .iconClickFallbackImage, "height", since: .v4_1, .advisory, section: "3.11.6.1"),
        Requirement(.child, .nonLinearAds, "NonLinear", .inLine, .schema, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "width", .inLine, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "height", .inLine, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "width", .wrapper, until: .v2_0, .schema, section: "3.12.1"),
        Requirement(.attribute, .nonLinear, "height", .wrapper, until: .v2_0, .schema, section: "3.12.1"),
        Requirement(.child, .companionAds, "Companion", since: .v4_0, .advisory, section: "3.13.1"),
        Requirement(.attribute, .companion, "width", .inLine, section: "3.13.1"),
        Requirement(.attribute, .companion, "height", .inLine, section: "3.13.1"),
        Requirement(.attribute, .companion, "width", .wrapper, .schema, section: "3.13.1"),
        Requirement(.attribute, .companion, "height", .wrapper, .schema, section: "3.13.1"),
        Requirement(.attribute, .companionClickTracking, "id", since: .v4_0, .schema, section: "3.13.4"),
        Requirement(.attribute, .tracking, "event", section: "3.14.3"),
        Requirement(.attribute, .staticResource, "creativeType", section: "3.15.1"),
        Requirement(.attribute, .verification, "vendor", since: .v4_1, .advisory, section: "3.17"),
        Requirement(.attribute, .javaScriptResource, "apiFramework", since: .v4_1, section: "3.17.1"),
        Requirement(.attribute, .javaScriptResource, "browserOptional", since: .v4_1, .advisory, section: "3.17.1"),
        Requirement(.attribute, .executableResource, "apiFramework", since: .v4_1, section: "3.17.2"),
        Requirement(.attribute, .executableResource, "type", since: .v4_1, section: "3.17.2"),
        Requirement(.child, .wrapper, "AdSystem", section: "3.4.1"),
        Requirement(.child, .wrapper, "Impression", section: "3.4.4"),
        Requirement(.child, .wrapper, "VASTAdTagURI", section: "3.19.1"),
        Requirement(.child, .wrapper, "Creatives", until: .v3_0, .schema, section: "3.6"),
        Requirement(.attribute, .blockedAdCategories, "authority", since: .v4_1, .advisory, section: "3.19.2"),
    ]

    /// Required attributes of every element, indexed by raw value, for [InLine, Wrapper] context.
    static let requiredAttributeTable: [[[Requirement]]] = table(.attribute)

    /// Required children of every element, indexed by raw value, for [InLine, Wrapper] context.
    static let requiredChildTable: [[[Requirement]]] = table(.child)

    private static func table(_ kind: Requirement.Kind) -> [[[Requirement]]] {
        VASTElement.allCases.map { element in
            [Requirement.Context.inLine, .wrapper].map { context in
                requirements.filter {
                    $0.kind == kind && $0.element == element && ($0.context == .any || $0.context == context)
                }
            }
        }
    }
}

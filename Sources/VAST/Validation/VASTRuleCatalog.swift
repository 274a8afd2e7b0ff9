/// Every rule the engine's findings can name, as data: the families that findings carry in
/// ``VASTFinding/rule``, then the finer checks they carry in ``VASTFinding/subrule``.
///
/// The catalogue is what `vastcheck rules` lists and what `--disable RULE` and `--severity
/// RULE=LEVEL` refer to: a family id tunes all its checks, a finer id one check. The finer checks
/// of `required-element` and `required-attribute` are made from the same requirement rows the
/// parser checks, so the two cannot drift apart.
public enum VASTRuleCatalog {
    /// Every rule: the families (in the order docs/rules.md lists them), then the finer checks (in the order of the VAST text).
    public static let all: [VASTRule] = families + media + checks

    /// The rule with `id`, family or finer check.
    /// - Parameter id: an id such as `url.invalid` or `required-attribute.MediaFile.delivery`.
    /// - Returns: the rule, or `nil` when no rule has that id.
    public static func rule(id: String) -> VASTRule? { byID[id] }

    /// The finer checks of the family `id`, in catalogue order (empty for a family without any).
    /// - Parameter id: a family id such as `required-element`.
    public static func checks(of id: String) -> [VASTRule] { checks.filter { $0.parent == id } }

    private static let byID: [String: VASTRule] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The finer checks: one per requirement row, required value, missing resource and enumeration.
    static let checks: [VASTRule] =
        VASTSpecRules.requirements.map(rule(for:)) + emptyValues + missingResources + enumerations

    private static func rule(for requirement: VASTSpecRules.Requirement) -> VASTRule {
        let (severity, category): (VASTFinding.Severity, VASTFinding.Category) =
            switch requirement.level {
            case .content: (.error, .content)
            case .advisory: (.warning, .content)
            case .schema: (.warning, .schema)
            }
        let element = requirement.element.name
        let place =
            requirement.context == .wrapper ? " in a Wrapper" : requirement.context == .inLine ? " in an InLine" : ""
        let versions =
            requirement.since == requirement.until
            ? "VAST \(requirement.since.rawValue)"
            : "VAST \(requirement.since.rawValue) to \(requirement.until.rawValue)"
        switch requirement.kind {
        case .child:
            return VASTRule(
                id: requirement.specificID, parent: requirement.ruleID, severity: severity, category: category,
                versions: requirement.since...requirement.until, section: requirement.section,
                vastErrorCode: severity == .error ? .schemaValidation : nil,
                summary: "<\(element)>\(place) contains <\(requirement.name)> (\(versions))",
                badExample: "<\(element)><!-- no <\(requirement.name)> --></\(element)>",
                goodExample: "<\(element)><\(requirement.name)>…</\(requirement.name)></\(element)>")
        case .attribute:
            return VASTRule(
                id: requirement.specificID, parent: requirement.ruleID, severity: severity, category: category,
                versions: requirement.since...requirement.until, section: requirement.section,
                vastErrorCode: severity == .error ? .schemaValidation : nil,
                summary: "<\(element)>\(place) has a \(requirement.name) attribute (\(versions))",
                badExample: "<\(element)>", goodExample: "<\(element) \(requirement.name)=\"…\">")
        }
    }

    /// The `element.empty` checks, one per ``VASTSpecRules/contentRequirements`` row that has one.
    private static let emptyValues: [VASTRule] = VASTSpecRules.contentRequirements.compactMap { row in
        guard let id = row.ruleID, let (bad, good) = emptyExamples[row.element.name] else { return nil }
        let severity: VASTFinding.Severity = row.level == .content ? .error : .warning
        let place = row.context == .inLine ? " in an InLine" : row.context == .wrapper ? " in a Wrapper" : ""
        return VASTRule(
            id: id, parent: "element.empty", severity: severity, category: .content,
            versions: row.since...row.until, section: row.section,
            vastErrorCode: severity == .error ? .schemaValidation : nil,
            summary: row.element == .impression
                ? "An InLine or Wrapper whose every <Impression> is empty"
                : "<\(row.element.name)>\(place) has a value",
            badExample: bad, goodExample: good)
    }

    /// A bad and a good example of each `element.empty` check, by element name.
    private static let emptyExamples: [String: (String, String)] = [
        "AdSystem": ("<AdSystem></AdSystem>", "<AdSystem>Acme Ads</AdSystem>"),
        "AdTitle": ("<AdTitle> </AdTitle>", "<AdTitle>Spring sale 30s</AdTitle>"),
        "AdServingId": ("<AdServingId/>", "<AdServingId>acme-47ed3bac-1768-4b9a</AdServingId>"),
        "Impression": ("<Impression></Impression>", "<Impression>about:blank</Impression>"),
        "UniversalAdId": (
            #"<UniversalAdId idRegistry="ad-id.org"></UniversalAdId>"#,
            #"<UniversalAdId idRegistry="ad-id.org">CNPA0484000H</UniversalAdId>"#
        ),
        "ClickThrough": (
            "<VideoClicks><ClickThrough/></VideoClicks>",
            "<VideoClicks><ClickThrough>https://shop.example/</ClickThrough></VideoClicks>"
        ),
    ]

    private static let missingResources: [VASTRule] = [
        VASTRule(
            id: "resource.missing.Icon", parent: "resource.missing", severity: .error, category: .content,
            versions: .v3_0 ... .v4_3, section: "3.15", vastErrorCode: .linear,
            summary: "An InLine <Icon> has a StaticResource, IFrameResource or HTMLResource",
            badExample: #"<Icon program="AdChoices" width="20" height="20"/>"#,
            goodExample:
                #"<Icon …><StaticResource creativeType="image/png">https://cdn.example/i.png</StaticResource></Icon>"#),
        VASTRule(
            id: "resource.missing.NonLinear", parent: "resource.missing", severity: .error, category: .content,
            section: "3.15", vastErrorCode: VASTErrorCode(rawValue: 503),
            summary: "An InLine <NonLinear> has a StaticResource, IFrameResource or HTMLResource",
            badExample:
                #"<NonLinear width="300" height="50"><NonLinearClickThrough>…</NonLinearClickThrough></NonLinear>"#,
            goodExample:
                #"<NonLinear width="300" height="50"><StaticResource creativeType="image/png">…</StaticResource></NonLinear>"#
        ),
        VASTRule(
            id: "resource.missing.Companion", parent: "resource.missing", severity: .error, category: .content,
            section: "3.15", vastErrorCode: VASTErrorCode(rawValue: 604),
            summary: "An InLine <Companion> has a StaticResource, IFrameResource or HTMLResource",
            badExample: #"<Companion width="300" height="250"><AltText>Shop</AltText></Companion>"#,
            goodExample:
                #"<Companion width="300" height="250"><HTMLResource><![CDATA[<p>Shop</p>]]></HTMLResource></Companion>"#
        ),
        VASTRule(
            id: "resource.missing.Verification", parent: "resource.missing", severity: .warning, category: .content,
            versions: .v4_0 ... .v4_3, section: "3.17", vastErrorCode: VASTErrorCode(rawValue: 410),
            summary:
                "A <Verification> has a JavaScriptResource or ExecutableResource (else only verificationNotExecuted fires)",
            badExample:
                #"<Verification vendor="v.example-omid"><VerificationParameters>…</VerificationParameters></Verification>"#,
            goodExample:
                #"<Verification vendor="v.example-omid"><JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example/v.js</JavaScriptResource></Verification>"#
        ),
    ]

    private static let enumerations: [VASTRule] = [
        (
            "Ad", "adType", VASTFinding.Severity.warning, "3.3.2", "video, audio or hybrid", #"<Ad adType="radio">"#,
            #"<Ad adType="audio">"#
        ),
        (
            "Pricing", "model", .warning, "3.4.8", "CPM, CPC, CPE or CPV (any case)",
            #"<Pricing model="CPX" currency="USD">"#,
            #"<Pricing model="CPM" currency="USD">"#
        ),
        (
            "Pricing", "currency", .warning, "3.4.8", "a three-letter ISO 4217 code",
            #"<Pricing model="CPM" currency="dollars">"#,
            #"<Pricing model="CPM" currency="USD">"#
        ),
        (
            "MediaFile", "delivery", .error, "3.9.1", "progressive or streaming", #"<MediaFile delivery="download" …>"#,
            #"<MediaFile delivery="progressive" …>"#
        ),
        (
            "Mezzanine", "delivery", .error, "3.9.2", "progressive or streaming", #"<Mezzanine delivery="download" …>"#,
            #"<Mezzanine delivery="progressive" …>"#
        ),
        (
            "Icon", "xPosition", .warning, "3.11.1", "left, right or a number of pixels",
            #"<Icon xPosition="center" …>"#,
            #"<Icon xPosition="right" …>"#
        ),
        (
            "Icon", "yPosition", .warning, "3.11.1", "top, bottom or a number of pixels",
            #"<Icon yPosition="middle" …>"#,
            #"<Icon yPosition="12" …>"#
        ),
        (
            "CompanionAds", "required", .warning, "3.13", "all, any or none", #"<CompanionAds required="some">"#,
            #"<CompanionAds required="any">"#
        ),
    ].map { element, attribute, severity, section, allowed, bad, good in
        VASTRule(
            id: "attribute.enumeration.\(element).\(attribute)", parent: "attribute.enumeration", severity: severity,
            category: .content, section: section, vastErrorCode: severity == .error ? .schemaValidation : nil,
            summary: "<\(element)> \(attribute) is \(allowed)", badExample: bad, goodExample: good)
    }
}

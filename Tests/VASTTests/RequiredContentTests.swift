import Foundation
import Testing
import VAST

/// The requirements of the VAST 4.3 tables that the validator checks since issue 26 (or checks
/// at a new severity), each missing and present-but-empty, in the versions that require it and
/// not in those that do not.
@Suite struct RequiredContentTests {
    /// The findings of `text` whose finer check is `id`.
    static func findings(_ id: String, in text: String) throws -> [VASTFinding] {
        try VASTParser().parse(text).findings.filter { $0.subrule == id }
    }

    static func inLine(_ version: VASTVersion, _ old: String, _ new: String) -> String {
        let template = RuleTriggers.inLineTemplate(version: version)
        precondition(template.contains(old), "the template has no \(old)")
        return template.replacingOccurrences(of: old, with: new)
    }

    static func wrapper(_ version: VASTVersion, _ old: String, _ new: String) -> String {
        let template = RuleTriggers.wrapperTemplate(version: version)
        precondition(template.contains(old), "the template has no \(old)")
        return template.replacingOccurrences(of: old, with: new)
    }

    static let clickThrough = "<ClickThrough>https://shop.example/</ClickThrough>"

    /// Required, but the text leaves the click to the ad unit without one (3.10.1): a warning.
    @Test func anInLineVideoClicksWithoutClickThroughIsAWarningFrom4_1() throws {
        let id = "required-element.VideoClicks.ClickThrough"
        let tracking = "<ClickTracking>https://t.example/c</ClickTracking>"
        for version in [VASTVersion.v4_1, .v4_2, .v4_3] {
            let text = Self.inLine(version, Self.clickThrough, tracking)
            let found = try Self.findings(id, in: text)
            #expect(found.map(\.severity) == [.warning], "VAST \(version.rawValue)")
            #expect(found.first?.category == .content)
            #expect(try VASTParser().parse(text).isValid)
        }
        for version in [VASTVersion.v2_0, .v3_0, .v4_0] {
            #expect(try Self.findings(id, in: Self.inLine(version, Self.clickThrough, tracking)).isEmpty)
        }
    }

    @Test func anEmptyClickThroughInAnInLineIsARequiredValueFrom4_1AndAnEmptyURIBefore() throws {
        for version in [VASTVersion.v4_1, .v4_3] {
            let text = Self.inLine(version, Self.clickThrough, "<ClickThrough> </ClickThrough>")
            let findings = try VASTParser().parse(text).findings
            let empty = findings.filter { $0.subrule == "element.empty.ClickThrough" }
            #expect(empty.map(\.severity) == [.warning], "VAST \(version.rawValue)")
            #expect(empty.first?.message.contains("<ClickThrough> is empty; the VAST text requires") == true)
            #expect(!findings.contains { $0.rule == "url.empty" }, "reported once, not also as an empty URI")
        }
        let older = Self.inLine(.v4_0, Self.clickThrough, "<ClickThrough/>")
        let findings = try VASTParser().parse(older).findings
        #expect(!findings.contains { $0.rule == "element.empty" })
        #expect(findings.filter { $0.rule == "url.empty" }.map(\.severity) == [.warning])
    }

    @Test func anIconsWithoutIconIsAnErrorFrom3_0() throws {
        let id = "required-element.Icons.Icon"
        for version in [VASTVersion.v3_0, .v4_2] {
            let text = try #require(
                RuleTriggers.removingChild("Icon", of: "Icons", in: RuleTriggers.inLineTemplate(version: version)))
            #expect(try Self.findings(id, in: text).map(\.severity) == [.error], "VAST \(version.rawValue)")
        }
    }

    @Test func aNonLinearAdsWithoutNonLinearIsAnErrorInAnInLineAndAWarningInAWrapper() throws {
        let inLine = try #require(
            RuleTriggers.removingChild("NonLinear", of: "NonLinearAds", in: RuleTriggers.inLineTemplate(version: .v4_2))
        )
        let inLineFound = try Self.findings("required-element.NonLinearAds.NonLinear", in: inLine)
        #expect(inLineFound.map(\.severity) == [.error])
        let wrapper = try #require(
            RuleTriggers.removingChild(
                "NonLinear", of: "NonLinearAds", in: RuleTriggers.wrapperTemplate(version: .v2_0)))
        let wrapperFound = try Self.findings("required-element.NonLinearAds.NonLinear.wrapper", in: wrapper)
        #expect(wrapperFound.map(\.severity) == [.warning])
        #expect(wrapperFound.first?.category == .content)
        #expect(try VASTParser().parse(wrapper).findings.allSatisfy { $0.severity != .error })
    }

    @Test func anEmptyCompanionAdsIsAnErrorFrom4_0() throws {
        let id = "required-element.CompanionAds.Companion"
        for (version, expected) in [(VASTVersion.v3_0, [VASTFinding.Severity]()), (.v4_0, [.error]), (.v4_3, [.error])]
        {
            let text = try #require(
                RuleTriggers.removingChild(
                    "Companion", of: "CompanionAds", in: RuleTriggers.inLineTemplate(version: version)))
            #expect(try Self.findings(id, in: text).map(\.severity) == expected, "VAST \(version.rawValue)")
        }
    }

    @Test func anEmptyCreativesInA4WrapperIsAnError() throws {
        let text = Self.wrapper(
            .v4_2, String(RuleTriggers.wrapperTemplate(version: .v4_2).between("<Creatives>", "</Creatives>")), "")
        #expect(try Self.findings("required-element.Creatives.Creative.wrapper", in: text).map(\.severity) == [.error])
        let older = Self.wrapper(
            .v3_0, String(RuleTriggers.wrapperTemplate(version: .v3_0).between("<Creatives>", "</Creatives>")), "")
        #expect(try Self.findings("required-element.Creatives.Creative.wrapper", in: older).isEmpty)
    }

    @Test func blockedAdCategoriesWithoutAuthorityIsAnError() throws {
        let authority = #" authority="https://iabtechlab.com""#
        let id = "required-attribute.BlockedAdCategories.authority"
        let missing = Self.wrapper(.v4_1, "<BlockedAdCategories" + authority, "<BlockedAdCategories")
        #expect(try Self.findings(id, in: missing).map(\.severity) == [.error])
        let empty = Self.wrapper(.v4_1, authority, #" authority="""#)
        let found = try Self.findings(id, in: empty)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("empty authority") == true)
    }

    @Test func anEmptyUniversalAdIdIsAWarningForItsDefault() throws {
        let text = Self.inLine(.v4_2, #"idValue="c1">c1</UniversalAdId>"#, #"idValue="c1"> </UniversalAdId>"#)
        let found = try Self.findings("element.empty.UniversalAdId", in: text)
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("unknown") == true)
        #expect(try VASTParser().parse(text).isValid)
    }

    @Test func anEmptyRequiredAttributeIsReportedAsTheMissingOneIs() throws {
        let type = Self.inLine(.v4_2, #"type="video/mp4" width="640""#, #"type=" " width="640""#)
        let typeFound = try Self.findings("required-attribute.MediaFile.type", in: type)
        #expect(typeFound.map(\.severity) == [.error])
        #expect(typeFound.first?.message == "<MediaFile> has an empty type attribute; VAST requires a value")
        let vendor = Self.inLine(.v4_2, #"vendor="v.example-omid""#, #"vendor="""#)
        #expect(try Self.findings("required-attribute.Verification.vendor", in: vendor).map(\.severity) == [.warning])
        let width = Self.wrapper(.v4_2, #"<Companion width="300""#, #"<Companion width="""#)
        #expect(try Self.findings("required-attribute.Companion.width.wrapper", in: width).map(\.severity) == [.error])
        let creativeType = Self.inLine(
            .v4_2, #"creativeType="image/png">https://cdn.example/n.png"#, #"creativeType="">https://cdn.example/n.png"#
        )
        #expect(
            try Self.findings("required-attribute.StaticResource.creativeType", in: creativeType).map(\.severity) == [
                .error
            ])
    }

    @Test func aWrapperCompanionWithoutASizeIsAnErrorAndAWrapperNonLinearNeedsNoneAfter2_0() throws {
        for version in [VASTVersion.v2_0, .v3_0, .v4_3] {
            let text = Self.wrapper(version, #"<Companion width="300" height="250">"#, "<Companion>")
            for id in ["required-attribute.Companion.width.wrapper", "required-attribute.Companion.height.wrapper"] {
                #expect(try Self.findings(id, in: text).map(\.severity) == [.error], "VAST \(version.rawValue)")
            }
        }
        for (version, expected) in [(VASTVersion.v2_0, [VASTFinding.Severity.warning]), (.v3_0, []), (.v4_3, [])] {
            let text = Self.wrapper(version, #"<NonLinear width="300" height="50">"#, "<NonLinear>")
            let found = try Self.findings("required-attribute.NonLinear.width.wrapper", in: text)
            #expect(found.map(\.severity) == expected, "VAST \(version.rawValue)")
        }
    }

    @Test func anEmptyResourceIsNoResource() throws {
        let image = #"<StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource>"#
        let empty = Self.inLine(.v4_2, image, #"<StaticResource creativeType="image/png"> </StaticResource>"#)
        let found = try Self.findings("resource.missing.Companion", in: empty)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.vastErrorCode?.rawValue == 604)
        #expect(found.first?.message.contains("empty") == true)
        let html = Self.inLine(.v4_2, image, "<HTMLResource><![CDATA[  ]]></HTMLResource>")
        #expect(try Self.findings("resource.missing.Companion", in: html).map(\.severity) == [.error])
        let iframe = Self.inLine(.v4_2, image, "<IFrameResource></IFrameResource>")
        #expect(try Self.findings("resource.missing.Companion", in: iframe).map(\.severity) == [.error])
        let oneOfTwo = Self.inLine(.v4_2, image, image + "<HTMLResource></HTMLResource>")
        #expect(try Self.findings("resource.missing.Companion", in: oneOfTwo).isEmpty)
    }

    @Test func anEmptyDurationMediaFileOrTagURIIsAnErrorOfTheRuleThatReadsIt() throws {
        let duration = Self.inLine(.v4_2, "<Duration>00:00:15</Duration>", "<Duration></Duration>")
        #expect(
            try VASTParser().parse(duration).findings.filter { $0.rule == "time.format" }.map(\.severity) == [.error])
        let media = Self.inLine(.v4_2, ">https://cdn.example/a.mp4<", "> <")
        #expect(try VASTParser().parse(media).findings.filter { $0.rule == "url.empty" }.map(\.severity) == [.error])
        let tag = Self.wrapper(.v4_2, ">https://ads.example/next<", "><")
        #expect(try VASTParser().parse(tag).findings.filter { $0.rule == "url.empty" }.map(\.severity) == [.error])
    }

    @Test func theWholeTemplatesStayFreeOfTheseFindings() throws {
        for version in VASTVersion.allCases {
            for text in [RuleTriggers.inLineTemplate(version: version), RuleTriggers.wrapperTemplate(version: version)]
            {
                let findings = try VASTParser().parse(text).findings
                #expect(
                    !findings.contains { $0.rule == "element.empty" || $0.rule == "resource.missing" },
                    "VAST \(version.rawValue): \(findings)")
            }
        }
    }
}

extension String {
    /// The text between the first `open` and the next `close`.
    fileprivate func between(_ open: String, _ close: String) -> Substring {
        guard let start = range(of: open), let end = range(of: close, range: start.upperBound..<endIndex) else {
            return ""
        }
        return self[start.upperBound..<end.lowerBound]
    }
}

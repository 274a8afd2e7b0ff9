import Testing
import VAST

/// What the validator used to stay silent on (issue 10, item 3): required elements present but
/// empty, required attributes missing, elements with no resource, offsets that players ignore,
/// values outside their enumerations, and the VAST 2 `VASTAdTagURL` spelling. Each expectation
/// is the exact list of findings of the rules concerned, as `"severity rule location"`.
@Suite struct ValidatorCompletenessTests {
    static let linear = """
        <Linear><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" \
        width="640" height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles></Linear>
        """

    /// A clean VAST `version` InLine (4.x namespaced, in schema order) with the given parts.
    static func inLine(
        version: String = "4.2", adSystem: String = "<AdSystem>s</AdSystem>",
        impressions: String = "<Impression>https://t.example/i</Impression>",
        adServingId: String = "<AdServingId>x</AdServingId>", adTitle: String = "<AdTitle>t</AdTitle>",
        verifications: String = "", creative: String = linear, moreCreatives: String = ""
    ) -> String {
        let four = version.hasPrefix("4")
        let namespace = four ? #" xmlns="http://www.iab.com/VAST""# : ""
        let universal = four ? #"<UniversalAdId idRegistry="Ad-ID">c</UniversalAdId>"# : ""
        let servingId = version >= "4.1" ? adServingId : ""
        let creatives = "<Creative id=\"c\">\(universal)\(creative)</Creative>" + moreCreatives
        return """
            <VAST version="\(version)"\(namespace)><Ad id="a"><InLine>\(adSystem)\(impressions)\(servingId)\(adTitle)\
            \(verifications)<Creatives>\(creatives)</Creatives></InLine></Ad></VAST>
            """
    }

    static func wrapper(version: String = "4.2", body: String) -> String {
        let namespace = version.hasPrefix("4") ? #" xmlns="http://www.iab.com/VAST""# : ""
        return #"<VAST version="\#(version)"\#(namespace)><Ad id="w"><Wrapper>\#(body)</Wrapper></Ad></VAST>"#
    }

    static func findings(_ text: String, _ rules: Set<String>) throws -> [String] {
        try VASTParser().parse(text).findings.filter { rules.contains($0.rule) }
            .map { "\($0.severity.rawValue) \($0.rule) \($0.location)" }
    }

    // MARK: Required elements present but empty

    @Test(arguments: [
        (inLine(adSystem: "<AdSystem></AdSystem>"), "/VAST/Ad[1]/InLine/AdSystem"),
        (inLine(adTitle: "<AdTitle> <![CDATA[ ]]> </AdTitle>"), "/VAST/Ad[1]/InLine/AdTitle"),
        (inLine(adServingId: "<AdServingId/>"), "/VAST/Ad[1]/InLine/AdServingId"),
        (
            wrapper(
                body:
                    "<AdSystem/><Impression>https://t.example/i</Impression><VASTAdTagURI>https://t.example/n</VASTAdTagURI>"
            ),
            "/VAST/Ad[1]/Wrapper/AdSystem"
        ),
    ])
    func anEmptyRequiredValueIsAnError(_ text: String, _ location: String) throws {
        #expect(try Self.findings(text, ["element.empty", "required-element"]) == ["error element.empty \(location)"])
        #expect(try !VASTParser().parse(text).isValid)
    }

    @Test func impressionsThatAreAllEmptyAreNoImpression() throws {
        let text = Self.inLine(impressions: "<Impression></Impression><Impression><![CDATA[ ]]></Impression>")
        #expect(try Self.findings(text, ["element.empty", "url.empty"]) == ["error element.empty /VAST/Ad[1]/InLine"])
    }

    @Test func oneEmptyImpressionBesideARealOneAndAboutBlankAreFine() throws {
        let empty = Self.inLine(impressions: "<Impression/><Impression>https://t.example/i</Impression>")
        let blank = Self.inLine(impressions: "<Impression>about:blank</Impression>")
        #expect(try Self.findings(empty, ["element.empty"]).isEmpty)
        #expect(try Self.findings(blank, ["element.empty", "url.invalid"]).isEmpty)
    }

    @Test func anEmptyDurationIsATimeFormatError() throws {
        let text = Self.inLine(creative: Self.linear.replacingOccurrences(of: "00:00:15", with: ""))
        #expect(
            try Self.findings(text, ["time.format"])
                == ["error time.format /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration"])
    }

    @Test func emptyMediaFilesLackTheirRequiredMediaFile() throws {
        let text = Self.inLine(creative: "<Linear><Duration>00:00:15</Duration><MediaFiles></MediaFiles></Linear>")
        #expect(
            try Self.findings(text, ["required-element"])
                == ["error required-element /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles"])
    }

    // MARK: Required attributes

    static let verification = "/VAST/Ad[1]/InLine/AdVerifications/Verification[1]"

    @Test func aVerificationWithoutVendorIsAWarning() throws {
        let text = Self.inLine(
            verifications: """
                <AdVerifications><Verification><JavaScriptResource apiFramework="omid" browserOptional="true">\
                https://v.example/v.js</JavaScriptResource></Verification></AdVerifications>
                """)
        #expect(try Self.findings(text, ["required-attribute"]) == ["warning required-attribute \(Self.verification)"])
    }

    @Test func aJavaScriptResourceWithoutApiFrameworkIsAnErrorAndWithoutBrowserOptionalAWarning() throws {
        let text = Self.inLine(
            verifications: """
                <AdVerifications><Verification vendor="v.example-omid"><JavaScriptResource>https://v.example/v.js\
                </JavaScriptResource></Verification></AdVerifications>
                """)
        let result = try VASTParser().parse(text)
        let required = result.findings.filter { $0.rule == "required-attribute" }
        #expect(required.map(\.severity) == [.error, .warning])
        #expect(
            required.map(\.subrule) == [
                "required-attribute.JavaScriptResource.apiFramework",
                "required-attribute.JavaScriptResource.browserOptional",
            ])
        #expect(required.allSatisfy { $0.location == Self.verification + "/JavaScriptResource[1]" })
    }

    @Test func anExecutableResourceWithoutApiFrameworkOrTypeIsAnError() throws {
        let text = Self.inLine(
            verifications: """
                <AdVerifications><Verification vendor="v.example-omid"><ExecutableResource>https://v.example/v.bin\
                </ExecutableResource></Verification></AdVerifications>
                """)
        #expect(
            try Self.findings(text, ["required-attribute"]) == [
                "error required-attribute \(Self.verification)/ExecutableResource[1]",
                "error required-attribute \(Self.verification)/ExecutableResource[1]",
            ])
    }

    @Test func verificationAttributesAreNotRequiredBefore41() throws {
        let text = Self.inLine(
            version: "4.0",
            verifications: """
                <AdVerifications><Verification><JavaScriptResource>https://v.example/v.js</JavaScriptResource>\
                </Verification></AdVerifications>
                """)
        #expect(try Self.findings(text, ["required-attribute"]).filter { $0.contains("AdVerifications") }.isEmpty)
    }

    /// "The authority attribute is required if categories are provided" (3.19.2), as for Category.
    @Test func blockedAdCategoriesWithoutAuthorityIsAnErrorFrom41() throws {
        let body = """
            <AdSystem>s</AdSystem><Impression>https://t.example/i</Impression>\
            <BlockedAdCategories>IAB1</BlockedAdCategories><VASTAdTagURI>https://t.example/n</VASTAdTagURI>
            """
        #expect(
            try Self.findings(Self.wrapper(version: "4.1", body: body), ["required-attribute"])
                == ["error required-attribute /VAST/Ad[1]/Wrapper/BlockedAdCategories[1]"])
    }

    /// Starred for both formats (3.13.1), and every schema's Wrapper companion requires them.
    @Test func aWrapperCompanionWithoutASizeIsAnError() throws {
        let body = """
            <AdSystem>s</AdSystem><Impression>https://t.example/i</Impression><Creatives><Creative>\
            <CompanionAds><Companion><CompanionClickTracking id="c">https://t.example/c</CompanionClickTracking>\
            </Companion></CompanionAds></Creative></Creatives><VASTAdTagURI>https://t.example/n</VASTAdTagURI>
            """
        let result = try VASTParser().parse(Self.wrapper(body: body))
        let required = result.findings.filter { $0.rule == "required-attribute" }
        #expect(
            required.map { "\($0.severity.rawValue) \($0.category.rawValue) \($0.subrule ?? "")" } == [
                "error content required-attribute.Companion.width.wrapper",
                "error content required-attribute.Companion.height.wrapper",
            ])
        #expect(!result.isValid)
    }

    @Test(arguments: ["2.0", "3.0"])
    func adIdIsRequiredByTheSchemaOnlyIn20(_ version: String) throws {
        let text = Self.inLine(version: version).replacingOccurrences(of: #"<Ad id="a">"#, with: "<Ad>")
        #expect(
            try Self.findings(text, ["required-attribute"])
                == (version == "2.0" ? ["warning required-attribute /VAST/Ad[1]"] : []))
    }

    @Test(arguments: ["3.0", "4.2"])
    func iconAttributesAreRequiredByTheSchemaOnlyIn30(_ version: String) throws {
        let icon = """
            <Linear><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" \
            width="640" height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles><Icons><Icon>\
            <StaticResource creativeType="image/png">https://cdn.example/i.png</StaticResource></Icon></Icons></Linear>
            """
        let found = try Self.findings(Self.inLine(version: version, creative: icon), ["required-attribute"])
        #expect(found.count == (version == "3.0" ? 5 : 0), "\(found)")
    }

    // MARK: Resources

    @Test(
        arguments: [
            (
                "<CompanionAds><Companion width=\"300\" height=\"250\"><AltText>x</AltText></Companion></CompanionAds>",
                "/VAST/Ad[1]/InLine/Creatives/Creative[2]/CompanionAds/Companion[1]", 604
            ),
            (
                "<NonLinearAds><NonLinear width=\"300\" height=\"50\"><NonLinearClickThrough>https://x.example/"
                    + "</NonLinearClickThrough></NonLinear></NonLinearAds>",
                "/VAST/Ad[1]/InLine/Creatives/Creative[2]/NonLinearAds/NonLinear[1]", 503
            ),
        ] as [(String, String, Int)])
    func anInLineCompanionOrNonLinearWithNoResourceIsAnErrorWithItsCode(
        _ creative: String, _ location: String,
        _ code: Int
    ) throws {
        let text = Self.inLine(
            moreCreatives: "<Creative id=\"k\"><UniversalAdId idRegistry=\"Ad-ID\">k</UniversalAdId>"
                + creative + "</Creative>")
        let result = try VASTParser().parse(text)
        let missing = result.findings.filter { $0.rule == "resource.missing" }
        #expect(missing.map(\.location) == [location])
        #expect(missing.first?.severity == .error && missing.first?.vastErrorCode?.rawValue == code)
    }

    @Test func anInLineIconWithNoResourceIsAnError() throws {
        let icon = Self.linear.replacingOccurrences(
            of: "</MediaFiles>",
            with:
                #"</MediaFiles><Icons><Icon program="p" width="20" height="20" xPosition="left" yPosition="top"><IconViewTracking>https://t.example/v</IconViewTracking></Icon></Icons>"#
        )
        #expect(
            try Self.findings(Self.inLine(creative: icon), ["resource.missing"])
                == ["error resource.missing /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Icons/Icon[1]"])
    }

    @Test func aWrapperCompanionWithTrackingOnlyNeedsNoResource() throws {
        let body = """
            <AdSystem>s</AdSystem><Impression>https://t.example/i</Impression><Creatives><Creative>\
            <CompanionAds><Companion width="300" height="250"><TrackingEvents><Tracking event="creativeView">\
            https://t.example/cv</Tracking></TrackingEvents></Companion></CompanionAds></Creative></Creatives>\
            <VASTAdTagURI>https://t.example/n</VASTAdTagURI>
            """
        #expect(try Self.findings(Self.wrapper(body: body), ["resource.missing"]).isEmpty)
    }

    @Test func aVerificationWithNoResourceIsAWarningWithCode410() throws {
        let text = Self.inLine(
            verifications: """
                <AdVerifications><Verification vendor="v.example-omid"><VerificationParameters>x</VerificationParameters>\
                </Verification></AdVerifications>
                """)
        let result = try VASTParser().parse(text)
        let missing = result.findings.filter { $0.rule == "resource.missing" }
        #expect(missing.map(\.location) == [Self.verification])
        #expect(missing.first?.severity == .warning && missing.first?.vastErrorCode?.rawValue == 410)
        #expect(result.isValid)
    }

    // MARK: Tracking offsets

    @Test func aStartTrackingWithAnOffsetIsAWarningThatPlayersIgnoreIt() throws {
        let tracking = Self.linear.replacingOccurrences(
            of: "<MediaFiles>",
            with:
                #"<TrackingEvents><Tracking event="start" offset="00:00:05">https://t.example/s</Tracking></TrackingEvents><MediaFiles>"#
        )
        #expect(
            try Self.findings(Self.inLine(creative: tracking), ["tracking.offset-ignored"])
                == [
                    "warning tracking.offset-ignored /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[1]"
                ])
    }

    @Test func aProgressOffsetUnderLinearIsRead() throws {
        let tracking = Self.linear.replacingOccurrences(
            of: "<MediaFiles>",
            with:
                #"<TrackingEvents><Tracking event="progress" offset="25%">https://t.example/p</Tracking></TrackingEvents><MediaFiles>"#
        )
        #expect(
            try Self.findings(Self.inLine(creative: tracking), ["tracking.offset-ignored", "tracking.progress-offset"])
                .isEmpty)
    }

    // MARK: Enumerations

    @Test func valuesOutsideTheirEnumerationsAreReportedAndDeliveryIsAnError() throws {
        let text = Self.inLine(
            creative: Self.linear.replacingOccurrences(of: "progressive", with: "download"),
            moreCreatives: """
                <Creative id="k"><UniversalAdId idRegistry="Ad-ID">k</UniversalAdId><CompanionAds required="some">\
                <Companion width="300" height="250"><StaticResource creativeType="image/png">https://c.example/c.png\
                </StaticResource></Companion></CompanionAds></Creative>
                """
        ).replacingOccurrences(of: #"<Ad id="a">"#, with: #"<Ad id="a" adType="radio">"#)
        #expect(
            try Self.findings(text, ["attribute.enumeration"]) == [
                "warning attribute.enumeration /VAST/Ad[1]",
                "error attribute.enumeration /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[1]",
                "warning attribute.enumeration /VAST/Ad[1]/InLine/Creatives/Creative[2]/CompanionAds",
            ])
    }

    // MARK: The VAST 2 VASTAdTagURL spelling

    @Test func aLegacyVASTAdTagURLFillsTheTagURIWithASchemaLegacyWarning() throws {
        let text = """
            <VAST version="2.0"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>\
            <VASTAdTagURL><URL><![CDATA[https://t.example/next?cb=%5BCACHEBUSTING%5D]]></URL></VASTAdTagURL>\
            <Impression>https://t.example/i</Impression><Creatives/></Wrapper></Ad></VAST>
            """
        let result = try VASTParser().parse(text)
        #expect(result.isValid)
        #expect(result.document.ads.first?.wrapper?.vastAdTagURI == "https://t.example/next?cb=%5BCACHEBUSTING%5D")
        #expect(
            result.findings.map { "\($0.severity.rawValue) \($0.rule) \($0.location)" }
                == ["warning schema.legacy /VAST/Ad[1]/Wrapper/VASTAdTagURL"])
    }

    @Test func aLegacyTagURLIsCheckedLikeATagURI() throws {
        let text = """
            <VAST version="2.0"><Ad id="w"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURL><URL>ftp://t.example/next.xml</URL>\
            </VASTAdTagURL><Impression>https://t.example/i</Impression><Creatives/></Wrapper></Ad></VAST>
            """
        let invalid = try VASTParser().parse(text).findings.filter { $0.rule == "url.invalid" }
        #expect(invalid.map(\.location) == ["/VAST/Ad[1]/Wrapper/VASTAdTagURL/URL"])
        #expect(invalid.first?.vastErrorCode == .wrapper)
        // A relative one is resolved against the document, as a VASTAdTagURI is (VAST-FACTS 4).
        let relative = try VASTParser().parse(
            text.replacingOccurrences(of: "ftp://t.example/next.xml", with: "next.xml"))
        #expect(
            relative.findings.filter { $0.severity != .info }.map { "\($0.severity.rawValue) \($0.rule)" }
                == ["warning schema.legacy", "warning url.relative"])
    }

    /// IAB 4.3 3.17.2: an ExecutableResource holds what its apiFramework understands, not necessarily a URL.
    @Test func anExecutableResourceThatIsNotAURLIsNotAURLFinding() throws {
        let text = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="e"><InLine><AdSystem>s</AdSystem>\
            <Impression>https://t.example/i</Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>\
            <AdVerifications><Verification vendor="v.example"><ExecutableResource apiFramework="native" type="text/plain">\
            vendor-sdk:measure?id=1</ExecutableResource></Verification></AdVerifications>\
            <Creatives><Creative><UniversalAdId idRegistry="Ad-ID">u</UniversalAdId><Linear><Duration>00:00:10</Duration>\
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
            https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let findings = try VASTParser().parse(text).findings
        #expect(!findings.contains { $0.rule.hasPrefix("url.") }, "\(findings)")
    }
}

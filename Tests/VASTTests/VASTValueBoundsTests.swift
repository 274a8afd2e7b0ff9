import Testing
import VAST

/// Every number a document holds is range-checked where the parser reads it (issue 9, item 1):
/// outside its bound it is a `value.range` error, sizes are kept (saturated) so selection can skip
/// their element, and times are dropped so downstream code treats them as unknown.
@Suite struct VASTValueBoundsTests {
    /// A 4.2 InLine with one Linear creative; `linear` holds the Linear's children, `creative` the
    /// Creative's attributes and further creatives, `inLine` extra InLine children.
    static func document(
        linear: String? = nil, linearAttributes: String = "", creativeAttributes: String = "",
        adAttributes: String = "", inLine: String = "", creatives: String = ""
    ) -> String {
        let linearBody =
            linear ?? """
                <Duration>00:00:15</Duration><MediaFiles>\
                <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile>\
                </MediaFiles>
                """
        return """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a"\(adAttributes)><InLine>\
            <AdSystem>s</AdSystem><Impression>https://t.example/i</Impression><AdServingId>x</AdServingId>\
            <AdTitle>t</AdTitle>\(inLine)<Creatives><Creative id="c"\(creativeAttributes)>\
            <UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear\(linearAttributes)>\(linearBody)</Linear></Creative>\
            \(creatives)</Creatives></InLine></Ad></VAST>
            """
    }

    static func findings(_ text: String, rule: String = "value.range") throws -> [VASTFinding] {
        try VASTParser().parse(text).findings.filter { $0.rule == rule }
    }

    static let mediaFile = "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[1]"

    @Test func mediaFileSizesNearInt64MaxAreRangeErrorsAndKeptSaturated() throws {
        let text = Self.document(
            linear: """
                <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" \
                width="9223372036854775807" height="99999999999999999999999">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                """)
        let result = try VASTParser().parse(text)
        #expect(!result.isValid)
        let range = result.findings.filter { $0.rule == "value.range" }
        #expect(range.map(\.location) == [Self.mediaFile, Self.mediaFile])
        #expect(range.allSatisfy { $0.severity == .error && $0.category == .content && $0.vastErrorCode == .linear })
        let file = try #require(result.document.ads.first?.creatives.first?.linear?.mediaFiles.first)
        #expect(file.width == Int.max && file.height == Int.max)
        #expect(VASTValueBounds.violations(in: file) == ["width", "height"])
    }

    /// Each numeric attribute, one past its bound.
    static let overBound: [(name: String, text: String, location: String)] = [
        (
            "MediaFile@bitrate",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360" bitrate="1000001">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                    """), mediaFile
        ),
        (
            "MediaFile@minBitrate and maxBitrate",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="streaming" type="video/mp4" width="640" \
                    height="360" minBitrate="1000001" maxBitrate="1000001">https://cdn.example/a.m3u8</MediaFile></MediaFiles>
                    """), mediaFile
        ),
        (
            "MediaFile@fileSize",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360" fileSize="1099511627777">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                    """), mediaFile
        ),
        (
            "Mezzanine@width",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360">https://cdn.example/a.mp4</MediaFile><Mezzanine delivery="progressive" type="video/mp4" \
                    width="16385" height="360">https://cdn.example/m.mov</Mezzanine></MediaFiles>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/Mezzanine[1]"
        ),
        (
            "Companion@expandedHeight",
            document(
                creatives: """
                    <Creative id="k"><CompanionAds><Companion width="300" height="250" expandedHeight="16385">\
                    <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource></Companion></CompanionAds></Creative>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[2]/CompanionAds/Companion[1]"
        ),
        (
            "Companion@assetWidth",
            document(
                creatives: """
                    <Creative id="k"><CompanionAds><Companion width="300" height="250" assetWidth="40000">\
                    <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource></Companion></CompanionAds></Creative>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[2]/CompanionAds/Companion[1]"
        ),
        (
            "NonLinear@width",
            document(
                creatives: """
                    <Creative id="n"><NonLinearAds><NonLinear width="9223372036854775807" height="50">\
                    <StaticResource creativeType="image/png">https://cdn.example/n.png</StaticResource></NonLinear></NonLinearAds></Creative>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[2]/NonLinearAds/NonLinear[1]"
        ),
        (
            "NonLinear@minSuggestedDuration",
            document(
                creatives: """
                    <Creative id="n"><NonLinearAds><NonLinear width="300" height="50" minSuggestedDuration="25:00:00">\
                    <StaticResource creativeType="image/png">https://cdn.example/n.png</StaticResource></NonLinear></NonLinearAds></Creative>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[2]/NonLinearAds/NonLinear[1]"
        ),
        (
            "Icon@height and xPosition",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles><Icons><Icon program="AdChoices" width="20" \
                    height="16385" xPosition="20000" yPosition="top"><StaticResource creativeType="image/png">https://cdn.example/i.png\
                    </StaticResource></Icon></Icons>
                    """), "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Icons/Icon[1]"
        ),
        (
            "IconClickFallbackImage@width",
            document(
                linear: """
                    <Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles><Icons><Icon program="AdChoices" width="20" \
                    height="20" xPosition="left" yPosition="top"><StaticResource creativeType="image/png">https://cdn.example/i.png\
                    </StaticResource><IconClicks><IconClickFallbackImages><IconClickFallbackImage width="99999" height="250">\
                    <StaticResource creativeType="image/png">https://cdn.example/f.png</StaticResource></IconClickFallbackImage>\
                    </IconClickFallbackImages></IconClicks></Icon></Icons>
                    """),
            "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Icons/Icon[1]/IconClicks/IconClickFallbackImages/IconClickFallbackImage[1]"
        ),
        ("Ad@sequence", document(adAttributes: #" sequence="10001""#), "/VAST/Ad[1]"),
        (
            "Creative@sequence", document(creativeAttributes: #" sequence="9223372036854775807""#),
            "/VAST/Ad[1]/InLine/Creatives/Creative[1]"
        ),
        ("Expires", document(inLine: "<Expires>31536001</Expires>"), "/VAST/Ad[1]/InLine/Expires"),
        (
            "Pricing", document(inLine: #"<Pricing model="cpm" currency="USD">1000000.5</Pricing>"#),
            "/VAST/Ad[1]/InLine/Pricing"
        ),
    ]

    @Test(arguments: overBound.indices)
    func aNumberOnePastItsBoundIsARangeError(_ index: Int) throws {
        let (name, text, location) = Self.overBound[index]
        let findings = try Self.findings(text)
        #expect(!findings.isEmpty, "\(name)")
        #expect(findings.allSatisfy { $0.location == location && $0.severity == .error }, "\(name): \(findings)")
    }

    @Test func numbersAtTheirBoundsAreAccepted() throws {
        let text = Self.document(
            linear: """
                <Duration>24:00:00</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="16384" \
                height="0" bitrate="1000000" fileSize="1099511627776">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                """, adAttributes: #" sequence="10000""#,
            inLine: #"<Pricing model="cpm" currency="USD">1000000</Pricing><Expires>31536000</Expires>"#)
        #expect(try Self.findings(text).isEmpty)
    }

    @Test func aDurationOfNinetyNineMillionHoursIsAFindingAndReadAsUnknown() throws {
        let result = try VASTParser().parse(
            Self.document(
                linear: """
                    <Duration>99999999:00:00</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
                    height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                    """))
        let range = result.findings.filter { $0.rule == "value.range" }
        #expect(range.map(\.location) == ["/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration"])
        #expect(range.first?.severity == .error)
        #expect(result.document.ads.first?.creatives.first?.linear?.duration == nil)
    }

    @Test func skipAndProgressOffsetsPastADayAreReadAsUnknown() throws {
        let result = try VASTParser().parse(
            Self.document(
                linear: """
                    <Duration>00:00:15</Duration><TrackingEvents><Tracking event="progress" offset="100:00:00">\
                    https://t.example/p</Tracking></TrackingEvents><MediaFiles><MediaFile delivery="progressive" \
                    type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles>
                    """, linearAttributes: #" skipoffset="999999999:00:00""#))
        let linear = try #require(result.document.ads.first?.creatives.first?.linear)
        #expect(linear.skipOffset == nil)
        #expect(linear.trackingEvents.first?.offset == nil)
        #expect(
            result.findings.filter { $0.rule == "value.range" }.map(\.location) == [
                "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear",
                "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[1]",
            ])
    }

    @Test func anExpiryPastAYearIsReadAsNoExpiry() throws {
        let result = try VASTParser().parse(Self.document(inLine: "<Expires>9223372036854775807</Expires>"))
        #expect(result.document.ads.first?.inLine?.expires == nil)
        #expect(result.findings.map(\.rule).filter { $0 == "value.range" }.count == 1)
    }

    @Test(arguments: ["nan", "inf", "-1", "1e3", "4,50", ""])
    func aPriceThatIsNotAPlainDecimalIsAFormatErrorAndHasNoAmount(_ written: String) throws {
        let result = try VASTParser().parse(
            Self.document(inLine: #"<Pricing model="cpm" currency="USD">\#(written)</Pricing>"#))
        #expect(result.findings.filter { $0.rule == "value.format" }.map(\.location) == ["/VAST/Ad[1]/InLine/Pricing"])
        #expect(result.document.ads.first?.common.pricing?.amount == nil)
    }

    @Test func sequenceZeroIsReadWithAWarning() throws {
        let result = try VASTParser().parse(Self.document(adAttributes: #" sequence="0""#))
        let range = result.findings.filter { $0.rule == "value.range" }
        #expect(range.map(\.severity) == [.warning])
        #expect(result.document.ads.first?.sequence == 0)
        #expect(result.isValid)
    }

    @Test(arguments: ["0.5", "2", "10"])
    func aPixelRatioInsideItsBoundIsQuiet(_ ratio: String) throws {
        let text = Self.document(
            creatives: """
                <Creative id="k"><CompanionAds><Companion width="300" height="250" pxratio="\(ratio)">\
                <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource></Companion></CompanionAds></Creative>
                """)
        #expect(try Self.findings(text).isEmpty)
    }

    @Test(arguments: ["0", "11", "two", "1e400"])
    func aPixelRatioOutsideItsBoundIsAWarning(_ ratio: String) throws {
        let text = Self.document(
            creatives: """
                <Creative id="k"><CompanionAds><Companion width="300" height="250" pxratio="\(ratio)">\
                <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource></Companion></CompanionAds></Creative>
                """)
        #expect(try Self.findings(text).map(\.severity) == [.warning])
    }
}

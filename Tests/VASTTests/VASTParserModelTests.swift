import Foundation
import Testing
import VAST

/// The typed model the parser builds, field by field, from the bundled samples.
@Suite struct VASTParserModelTests {
    static func sample(_ name: String) throws -> VASTParseResult {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("vast-samples/\(name).xml"))
        return try VASTParser().parse(data)
    }

    @Test func aFullInlineLinearAdIsModelledCompletely() throws {
        let result = try Self.sample("v42-inline-linear-full")
        #expect(result.isValid)
        #expect(result.document.vastVersion == .v4_2)
        let ad = try #require(result.document.ads.first)
        #expect(ad.id == "v42-linear-040" && ad.sequence == 1 && ad.adType == "video")
        let inLine = try #require(ad.inLine)
        #expect(inLine.common.adSystem == VASTAdSystem(name: "Soylent Ads", version: "4.2.0"))
        #expect(inLine.common.errors == ["https://ads.example.com/v42/error"])
        #expect(
            inLine.common.impressions == [
                VASTImpression(id: "soylent", url: "https://ads.example.com/v42/impression?ad=v42-linear-040")
            ])
        #expect(inLine.common.pricing == VASTPricing(model: "cpv", currency: "GBP", value: "0.04"))
        #expect(inLine.common.pricing?.amount == 0.04)
        #expect(inLine.adServingId == "9b0e7c8d-4242-4c1f-8a6e-5d3c2b1a0f40")
        #expect(inLine.adTitle == "Soylent Energy Bar - 30s")
        #expect(inLine.advertiser == VASTAdvertiser(name: "Soylent Foods"))
        #expect(
            inLine.categories == [
                VASTCategory(authority: "https://www.iabtechlab.com/categoryauthority", value: "IAB8-5")
            ])
        #expect(inLine.description == "Thirty second spot, skippable after ten percent.")
        #expect(inLine.expires == 3600)
        #expect(inLine.surveys == [VASTSurvey(type: "text/html", url: "https://survey.example.com/v42/soylent")])

        let extensionXML = try #require(inLine.common.extensions.first)
        #expect(extensionXML.type == "soylent-targeting")
        #expect(
            extensionXML.rawXML.contains(
                "<Segments><Segment id=\"sports\"></Segment><Segment id=\"outdoor\"></Segment></Segments>"))

        let creative = try #require(inLine.creatives.first)
        #expect(
            creative.id == "cr-4240" && creative.adId == "SOY-4240" && creative.sequence == 1
                && creative.apiFramework == "SIMID")
        #expect(creative.universalAdIds == [VASTUniversalAdId(idRegistry: "Ad-ID", value: "SOYL0004240H")])
        #expect(creative.creativeExtensions.first?.type == "application/x-soylent-brandsafety")
        #expect(creative.creativeExtensions.first?.rawXML.contains("<Rating level=\"G\"></Rating>") == true)

        let linear = try #require(creative.linear)
        #expect(linear.skipOffset == .percent(10))
        #expect(linear.duration == VASTTime(milliseconds: 30_000))
        #expect(
            linear.adParameters
                == VASTAdParameters(xmlEncoded: false, value: "{\"flavor\":\"peanut\",\"cta\":\"Buy now\"}"))
        #expect(
            linear.trackingEvents.map(\.event.rawValue) == [
                "start", "progress", "progress", "complete", "otherAdInteraction", "interactiveStart",
            ])
        #expect(linear.trackingEvents[1].offset == .time(VASTTime(milliseconds: 5_250)))
        #expect(linear.trackingEvents[2].offset == .percent(75))

        let file = try #require(linear.mediaFiles.first)
        #expect(file.id == "s-1080" && file.delivery == "progressive" && file.type == "video/mp4")
        #expect(file.width == 1920 && file.height == 1080 && file.codec == "avc1.640028")
        #expect(file.bitrate == 4500 && file.minBitrate == 4000 && file.maxBitrate == 5000)
        #expect(file.scalable == false && file.maintainAspectRatio == true && file.fileSize == 16_875_000)
        #expect(file.mediaType == "2D" && file.apiFramework == "SIMID")
        #expect(file.url == "https://cdn.example.com/soylent/bar-1080.mp4")
        #expect(linear.mediaFiles.count == 2)
        #expect(
            linear.interactiveCreativeFiles == [
                VASTInteractiveCreativeFile(
                    type: "text/html", apiFramework: "SIMID", variableDuration: false,
                    url: "https://cdn.example.com/soylent/simid/index.html")
            ])

        let clicks = try #require(linear.videoClicks)
        #expect(clicks.clickThrough == VASTTrackedURL(id: "shop", url: "https://www.example.com/soylent/bar"))
        #expect(clicks.clickTracking == [VASTTrackedURL(id: "soylent-click", url: "https://ads.example.com/v42/click")])
        #expect(
            clicks.customClicks == [VASTTrackedURL(id: "recipe", url: "https://ads.example.com/v42/custom?what=recipe")]
        )

        #expect(linear.icons.count == 2)
        let icon = linear.icons[0]
        #expect(icon.program == "AdChoices" && icon.width == 24 && icon.height == 24)
        #expect(icon.xPosition == "left" && icon.yPosition == "bottom" && icon.pxratio == "2")
        #expect(icon.duration == VASTTime(milliseconds: 30_000) && icon.offset == VASTTime(milliseconds: 1_000))
        #expect(
            icon.resources == [
                .staticResource(creativeType: "image/png", url: "https://cdn.example.com/icons/adchoices-48.png")
            ])
        #expect(icon.iconClicks?.clickThrough == "https://privacy.example.com/why-this-ad")
        #expect(
            icon.iconClicks?.clickTracking == [
                VASTTrackedURL(id: "icon-click", url: "https://ads.example.com/v42/icon-click")
            ])
        let fallback = try #require(icon.iconClicks?.fallbackImages.first)
        #expect(fallback.width == 300 && fallback.height == 250 && fallback.altText == "Why am I seeing this ad?")
        #expect(fallback.staticResource == "https://cdn.example.com/icons/why-this-ad-300x250.png")
        #expect(icon.viewTracking == ["https://ads.example.com/v42/icon-view"])
        #expect(linear.icons[1].resources == [.html("<div class=\"logo\">Soylent</div>")])
        #expect(linear.icons[1].apiFramework == "html5")
    }

    @Test func wrapperAttributesAndBlockedCategoriesAreRead() throws {
        let result = try Self.sample("v41-wrapper-blocked-categories")
        let wrapper = try #require(result.document.ads.first?.wrapper)
        #expect(wrapper.vastAdTagURI?.hasPrefix("https://") == true)
        #expect(!wrapper.blockedAdCategories.isEmpty)
        #expect(wrapper.blockedAdCategories.allSatisfy { $0.authority != nil && !$0.value.isEmpty })
    }

    @Test func podsAndBuffetsAreSeparated() throws {
        let document = try Self.sample("v41-buffet-with-pod").document
        #expect(document.ads.count == 4)
        let sequences = document.pod.compactMap(\.sequence)
        #expect(sequences == sequences.sorted() && sequences.count == document.pod.count)
        #expect(document.pod.count + document.buffet.count == 4)
        #expect(!document.pod.isEmpty && !document.buffet.isEmpty)
    }

    @Test func aURLSplitAcrossCDATASectionsIsJoinedAndReported() throws {
        let result = try Self.sample("v42-messy-url-split-cdata")
        let inLine = try #require(result.document.ads.first?.inLine)
        #expect(inLine.common.impressions.first?.url == "https://ads.example.com/messy/impression?ad=061&src=split")
        #expect(inLine.creatives.first?.linear?.mediaFiles.first?.url == "https://cdn.example.com/messy/split-720.mp4")
        #expect(result.findings.filter { $0.rule == "url.split" }.count == 3)
    }

    @Test func aNoAdResponseKeepsItsRootErrors() throws {
        let result = try Self.sample("v42-no-ad-response")
        #expect(result.document.isNoAd)
        #expect(!result.document.errors.isEmpty)
        #expect(result.findings.map(\.rule) == ["root.no-ad"])
        #expect(result.findings.first?.vastErrorCode == .noAdsAfterWrapper)
    }

    @Test func vast1IsRefusedWith102ButCounted() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("vast-samples/v10-video-ad-serving-template.xml"))
        let error = try #require(throws: VASTParseError.self) { try VASTParser().parse(data) }
        #expect(error.code == .unsupportedVersion)
        #expect(error.vastErrorCode == .versionNotSupported)
        #expect(error.message.contains("VAST 1.0"))
        #expect(error.counts?.ads == 1)
    }

    @Test func attributeSpellingDriftIsAcceptedWithAFinding() throws {
        let result = try Self.sample("v40-messy-adid-case")
        #expect(result.document.ads.first?.creatives.first?.adId != nil)
        #expect(
            result.findings.filter { $0.rule == "attribute.name-case" }.map(\.category) == [.tolerance],
            "one finding for the one misspelt attribute")
    }

    @Test func theSameBytesAsDataArrayAndStringParseAlike() throws {
        let text = """
            <VAST version="3.0"><Ad id="a"><Wrapper><AdSystem>x</AdSystem>\
            <VASTAdTagURI>https://example.com/next</VASTAdTagURI><Impression>https://example.com/i</Impression>\
            </Wrapper></Ad></VAST>
            """
        let fromString = try VASTParser().parse(text)
        #expect(try VASTParser().parse(Data(text.utf8)) == fromString)
        #expect(try VASTParser().parse(Array(text.utf8)) == fromString)
        #expect(fromString.document.ads.first?.wrapper?.vastAdTagURI == "https://example.com/next")
        #expect(fromString.document.ads.first?.wrapper?.followAdditionalWrappers == true)
        #expect(fromString.findings.map(\.rule) == ["required-element"])
    }

    /// The extensions' XML writer is kept with the builder's working arrays and reused: each
    /// extension gets its own XML, with nothing left over from the one before it in the document or
    /// from the last parse, and a large one after a small one (or the reverse) is whole.
    @Test func eachExtensionKeepsItsOwnXMLWhenTheWriterIsReused() throws {
        let long = String(repeating: "<Item n=\"1\">x &amp; y</Item>", count: 200)
        let text = """
            <VAST version="4.2"><Ad id="a"><Wrapper><AdSystem>x</AdSystem>\
            <VASTAdTagURI>https://example.com/next</VASTAdTagURI><Impression>https://example.com/i</Impression>\
            <Extensions><Extension type="one"><A k="v&quot;"/></Extension>\
            <Extension type="two">\(long)</Extension>\
            <Extension type="three"><![CDATA[<b>]]></Extension></Extensions>\
            </Wrapper></Ad></VAST>
            """
        let expected = [
            "<A k=\"v&quot;\"></A>",
            String(repeating: "<Item n=\"1\">x &amp; y</Item>", count: 200),
            "<![CDATA[<b>]]>",
        ]
        for _ in 0..<3 {
            let extensions = try VASTParser().parse(text).document.ads.first?.wrapper?.common.extensions ?? []
            #expect(extensions.map(\.type) == ["one", "two", "three"])
            #expect(extensions.map(\.rawXML) == expected)
            // A document without extensions between two with them leaves nothing behind either.
            let plain = try VASTParser().parse(text.replacingOccurrences(of: "Extension", with: "Other"))
            #expect(plain.document.ads.first?.wrapper?.common.extensions.isEmpty == true)
        }
    }

    @Test func misplacedAndForeignElementsAreSkippedWithFindings() throws {
        let text = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST" xmlns:x="urn:x"><Ad id="a"><Wrapper>\
            <AdSystem>s</AdSystem><x:Note>hi</x:Note><MediaFile>https://example.com/m.mp4</MediaFile>\
            <Impression>https://example.com/i</Impression><VASTAdTagURI>https://example.com/n</VASTAdTagURI>\
            </Wrapper></Ad></VAST>
            """
        let result = try VASTParser().parse(text)
        #expect(result.findings.map(\.location) == ["/VAST/Ad[1]/Wrapper/Note", "/VAST/Ad[1]/Wrapper/MediaFile[1]"])
        #expect(result.findings.map(\.severity) == [.info, .warning])
        #expect(result.counts.mediaFiles == 1)
        #expect(result.document.ads.first?.wrapper?.common.impressions.count == 1)
    }
}

import Foundation
import Testing
import VAST

/// `VASTFlattening`: a chain (parsed documents merged by `ResolvedAd`) written as one InLine
/// document, read back, and merged again on its own must give the chain's merged lists.
@Suite struct VASTWriterFlatteningTests {
    static func wrapper(_ hop: Int, creatives: String? = nil, extra: String = "") -> String {
        let body =
            creatives ?? """
                <Creative><Linear><TrackingEvents>
                <Tracking event="start"><![CDATA[https://w\(hop).example/start]]></Tracking>
                <Tracking event="progress" offset="00:00:02"><![CDATA[https://w\(hop).example/progress]]></Tracking>
                </TrackingEvents><VideoClicks>
                <ClickTracking id="c\(hop)"><![CDATA[https://w\(hop).example/click]]></ClickTracking>
                <CustomClick><![CDATA[https://w\(hop).example/custom]]></CustomClick>
                </VideoClicks></Linear></Creative>
                """
        return """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w\(hop)"><Wrapper>
            <AdSystem>w\(hop)</AdSystem>
            <Error><![CDATA[https://w\(hop).example/error?code=[ERRORCODE]]]></Error>
            <Impression id="i\(hop)"><![CDATA[https://w\(hop).example/impression]]></Impression>
            <ViewableImpression><Viewable><![CDATA[https://w\(hop).example/viewable]]></Viewable></ViewableImpression>
            \(extra)<Creatives>\(body)</Creatives>
            <VASTAdTagURI><![CDATA[https://w\(hop).example/next]]></VASTAdTagURI>
            </Wrapper></Ad></VAST>
            """
    }

    static let inLine = """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="inline" sequence="2"><InLine>
        <AdSystem>inline</AdSystem>
        <Error><![CDATA[https://in.example/error?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[https://in.example/impression]]></Impression>
        <ViewableImpression id="vi"><NotViewable><![CDATA[https://in.example/not-viewable]]></NotViewable></ViewableImpression>
        <AdServingId>serving</AdServingId><AdTitle>In</AdTitle>
        <Creatives><Creative id="cr"><Linear><TrackingEvents>
        <Tracking event="start"><![CDATA[https://in.example/start]]></Tracking>
        <Tracking event="complete"><![CDATA[https://in.example/complete]]></Tracking>
        </TrackingEvents><Duration>00:00:10</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://in.example/m.mp4]]></MediaFile></MediaFiles>
        <VideoClicks><ClickTracking><![CDATA[https://in.example/click]]></ClickTracking></VideoClicks>
        </Linear><UniversalAdId idRegistry="Ad-ID">IN1</UniversalAdId></Creative></Creatives>
        </InLine></Ad></VAST>
        """

    /// The chain `documents` (Wrappers first, the InLine last) merged as the resolver merges it.
    static func resolve(_ documents: [String]) throws -> ResolvedAd {
        let parsed = try documents.map { try VASTParser().parse($0).document }
        let chain = parsed.dropLast().enumerated().compactMap { hop, document in
            document.ads.first?.wrapper.map { (wrapper: $0, hop: hop) }
        }
        let ad = try #require(parsed.last?.ads.first)
        return try #require(ResolvedAd(ad: ad, hop: documents.count - 1, chain: chain))
    }

    /// Flattens, writes, reads back and merges the result on its own (no Wrappers left).
    static func flattenedAndReadBack(_ resolved: ResolvedAd, version: VASTVersion = .v4_2) throws
        -> (flattening: VASTFlattening, read: VASTParseResult, merged: ResolvedAd)
    {
        let flattening = VASTFlattening(ads: [resolved], version: version)
        let read = try VASTParser().parse(VASTWriter().write(flattening.document))
        let ad = try #require(read.document.ads.first)
        return (flattening, read, try #require(ResolvedAd(ad: ad, hop: 0, chain: [])))
    }

    @Test func aThreeHopChainBecomesOneValidInLineWithEveryMergedURLInHopOrder() throws {
        let resolved = try Self.resolve([Self.wrapper(0), Self.wrapper(1), Self.inLine])
        let (flattening, read, merged) = try Self.flattenedAndReadBack(resolved)
        #expect(flattening.omitted == [])
        #expect(read.document.ads.count == 1 && read.document.ads[0].wrapper == nil)
        #expect(read.findings.filter { $0.severity == .error }.map(\.rule) == [])
        #expect(read.document.ads[0].id == "inline" && read.document.ads[0].sequence == 2)
        // The lists, written out by hand from the three documents above.
        #expect(
            merged.impressions.map(\.url) == [
                "https://w0.example/impression", "https://w1.example/impression", "https://in.example/impression",
            ])
        #expect(
            merged.errors.map(\.url) == [
                "https://w0.example/error?code=[ERRORCODE]", "https://w1.example/error?code=[ERRORCODE]",
                "https://in.example/error?code=[ERRORCODE]",
            ])
        #expect(
            merged.linearTracking.map { "\($0.event.rawValue) \($0.url)" } == [
                "start https://w0.example/start", "progress https://w0.example/progress",
                "start https://w1.example/start", "progress https://w1.example/progress",
                "start https://in.example/start", "complete https://in.example/complete",
            ])
        #expect(merged.linearTracking[1].offset == .time(VASTTime(milliseconds: 2_000)))
        #expect(
            merged.clickTracking.map(\.url) == [
                "https://w0.example/click", "https://w1.example/click", "https://in.example/click",
            ])
        #expect(merged.customClicks.map(\.url) == ["https://w0.example/custom", "https://w1.example/custom"])
        #expect(merged.viewable.map(\.url) == ["https://w0.example/viewable", "https://w1.example/viewable"])
        #expect(merged.notViewable.map(\.url) == ["https://in.example/not-viewable"])
        // ... which are the chain's own merged lists.
        for (flat, chain) in [
            (merged.impressions, resolved.impressions), (merged.errors, resolved.errors),
            (merged.clickTracking, resolved.clickTracking), (merged.viewable, resolved.viewable),
        ] {
            #expect(flat.map(\.url) == chain.map(\.url))
        }
        #expect(merged.linearTracking.map(\.url) == resolved.linearTracking.map(\.url))
        // Ids survive; the one ViewableImpression group keeps the InLine's id.
        #expect(read.document.ads[0].inLine?.common.impressions.map(\.id) == ["i0", "i1", nil])
        #expect(read.document.ads[0].inLine?.common.viewableImpressions.map(\.id) == ["vi"])
    }

    @Test func theInnermostWrapperClickThroughWinsWhenTheInLineHasNone() throws {
        func clicking(_ hop: Int) -> String {
            Self.wrapper(
                hop,
                creatives: """
                    <Creative><Linear><VideoClicks><ClickThrough id="t\(hop)"><![CDATA[https://w\(hop).example/landing]]></ClickThrough>
                    </VideoClicks></Linear></Creative>
                    """)
        }
        let resolved = try Self.resolve([clicking(0), clicking(1), Self.inLine])
        let merged = try Self.flattenedAndReadBack(resolved).merged
        #expect(merged.clickThrough?.url == "https://w1.example/landing")
        #expect(resolved.clickThrough?.url == "https://w1.example/landing")
        let withOwn = Self.inLine.replacingOccurrences(
            of: "<VideoClicks>",
            with: "<VideoClicks><ClickThrough><![CDATA[https://in.example/landing]]></ClickThrough>")
        #expect(
            try Self.flattenedAndReadBack(try Self.resolve([clicking(0), withOwn])).merged.clickThrough?.url
                == "https://in.example/landing")
    }

    @Test func wrapperCompanionsWithAResourceAreKeptAndTheOthersTrackThroughTheFirstInLineCompanion() throws {
        let companions = """
            <Creative id="wc"><CompanionAds>
            <Companion width="300" height="250"><StaticResource creativeType="image/png"><![CDATA[https://w0.example/c.png]]></StaticResource>
            <CompanionClickTracking><![CDATA[https://w0.example/shown-click]]></CompanionClickTracking>
            <TrackingEvents><Tracking event="creativeView"><![CDATA[https://w0.example/shown-view]]></Tracking></TrackingEvents></Companion>
            <Companion><CompanionClickTracking><![CDATA[https://w0.example/only-click]]></CompanionClickTracking>
            <TrackingEvents><Tracking event="creativeView"><![CDATA[https://w0.example/only-view]]></Tracking></TrackingEvents></Companion>
            </CompanionAds></Creative>
            """
        let inLine = Self.inLine.replacingOccurrences(
            of: "</Creatives>",
            with: """
                <Creative id="ic"><CompanionAds required="any"><Companion id="own" width="728" height="90">
                <IFrameResource><![CDATA[https://in.example/c.html]]></IFrameResource>
                <CompanionClickTracking><![CDATA[https://in.example/click-c]]></CompanionClickTracking>
                <TrackingEvents><Tracking event="creativeView"><![CDATA[https://in.example/view]]></Tracking></TrackingEvents>
                </Companion></CompanionAds><UniversalAdId idRegistry="Ad-ID">IC</UniversalAdId></Creative></Creatives>
                """)
        let resolved = try Self.resolve([Self.wrapper(0, creatives: companions), inLine])
        let (flattening, read, merged) = try Self.flattenedAndReadBack(resolved)
        #expect(flattening.omitted == [])
        #expect(read.findings.filter { $0.severity == .error }.map(\.rule) == [])
        let group = try #require(read.document.ads[0].inLine?.creatives.last?.companionAds)
        #expect(group.required == "any")
        #expect(group.companions.map { $0.resources.count } == [1, 1])
        #expect(group.companions[1].id == "own")
        #expect(
            group.companions[1].trackingEvents.map(\.url) == [
                "https://w0.example/only-view", "https://in.example/view",
            ])
        #expect(
            merged.companionTracking.map(\.url) == [
                "https://w0.example/shown-view", "https://w0.example/only-view", "https://in.example/view",
            ])
        #expect(
            merged.companionClickTracking.map(\.url) == [
                "https://w0.example/shown-click", "https://w0.example/only-click", "https://in.example/click-c",
            ])
        #expect(merged.companionTracking.map(\.url) == resolved.companionTracking.map(\.url))
    }

    @Test func aWrapperCompanionForAnInLineWithoutCompanionsGetsItsOwnCreative() throws {
        let companions = """
            <Creative id="wc" adId="WC-1"><CompanionAds><Companion width="300" height="250">
            <HTMLResource><![CDATA[<b>hi</b>]]></HTMLResource></Companion></CompanionAds></Creative>
            """
        let resolved = try Self.resolve([Self.wrapper(0, creatives: companions), Self.inLine])
        let (_, read, _) = try Self.flattenedAndReadBack(resolved)
        let creatives = try #require(read.document.ads[0].inLine?.creatives)
        #expect(creatives.map(\.id) == ["cr", "wc"])
        #expect(creatives[1].adId == "WC-1")
        #expect(creatives[1].universalAdIds == [VASTUniversalAdId(idRegistry: "unknown", value: "unknown")])
        #expect(creatives[1].companionAds?.companions.first?.resources == [.html("<b>hi</b>")])
        #expect(read.findings.filter { $0.severity == .error }.map(\.rule) == [])
    }

    @Test func whatTheInLineHasNoPlaceForIsListedNotDropped() throws {
        let nonLinearInLine = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="nl"><InLine><AdSystem>s</AdSystem>
            <Impression><![CDATA[https://in.example/impression]]></Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>
            <Creatives><Creative><NonLinearAds><NonLinear width="300" height="50">
            <StaticResource creativeType="image/png"><![CDATA[https://in.example/o.png]]></StaticResource></NonLinear>
            </NonLinearAds><UniversalAdId idRegistry="Ad-ID">NL</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>
            """
        let wrapperNonLinear = """
            <Creative><NonLinearAds><TrackingEvents><Tracking event="close"><![CDATA[https://w1.example/nl-close]]></Tracking>
            </TrackingEvents><NonLinear><NonLinearClickTracking><![CDATA[https://w1.example/nl-click]]></NonLinearClickTracking>
            </NonLinear></NonLinearAds></Creative>
            """
        let resolved = try Self.resolve([
            Self.wrapper(0), Self.wrapper(1, creatives: wrapperNonLinear), nonLinearInLine,
        ])
        let (flattening, read, merged) = try Self.flattenedAndReadBack(resolved)
        #expect(
            flattening.omitted.map { "\($0.what) \($0.hop) \($0.url)" } == [
                "linearTracking start 0 https://w0.example/start",
                "linearTracking progress@00:00:02.000 0 https://w0.example/progress",
                "clickTracking 0 https://w0.example/click",
                "customClick 0 https://w0.example/custom",
            ])
        #expect(merged.nonLinearTracking.map(\.url) == ["https://w1.example/nl-close"])
        #expect(merged.nonLinearClickTracking.map(\.url) == ["https://w1.example/nl-click"])
        #expect(merged.impressions.map(\.url) == resolved.impressions.map(\.url))
        #expect(read.findings.filter { $0.severity == .error }.map(\.rule) == [])
    }

    @Test func aPodFlattensAdByAdUnderTheVersionGiven() throws {
        let first = try Self.resolve([Self.wrapper(0), Self.inLine])
        let second = try Self.resolve([
            Self.inLine.replacingOccurrences(of: #"id="inline" sequence="2""#, with: #"id="b" sequence="3""#)
        ])
        let flattening = VASTFlattening(ads: [first, second], version: .v3_0)
        let xml = try VASTWriter().write(flattening.document)
        let read = try VASTParser().parse(xml)
        #expect(read.document.version == "3.0")
        #expect(read.document.ads.map(\.id) == ["inline", "b"])
        #expect(read.document.pod.map(\.sequence) == [2, 3])
        #expect(read.document == flattening.document)
        // 4.x elements in a 3.0 document are version findings, not errors.
        #expect(read.findings.filter { $0.severity == .error }.map(\.rule) == [])
    }
}

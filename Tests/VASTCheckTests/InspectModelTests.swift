import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck inspect --json --model` (the whole model, goldens on a rich sample and a loopback chain),
/// and the two inspect fixes: empty URLs are not listed, and NonLinear and Companion events are not
/// listed as the Linear's.
@Suite struct InspectModelTests {
    private func inspect(_ arguments: [String], stdin: String? = nil) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole(stdin: Data((stdin ?? "").utf8))
        let code = await captured.run(["inspect"] + InspectGolden.profile + arguments)
        return (captured, code)
    }

    static let emptyURLs = """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="e"><InLine><AdSystem>s</AdSystem>
        <Error></Error><Error><![CDATA[https://e.example/error]]></Error>
        <Impression></Impression><Impression><![CDATA[https://e.example/imp]]></Impression>
        <AdServingId>x</AdServingId><AdTitle>t</AdTitle>
        <Creatives><Creative><Linear><TrackingEvents><Tracking event="start"> </Tracking>
        <Tracking event="complete"><![CDATA[https://e.example/complete]]></Tracking></TrackingEvents>
        <Duration>00:00:05</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
        <![CDATA[https://e.example/m.mp4]]></MediaFile></MediaFiles>
        <VideoClicks><ClickThrough></ClickThrough><ClickTracking></ClickTracking></VideoClicks>
        </Linear><UniversalAdId idRegistry="Ad-ID">E</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func emptyURLsAreLeftOutOfTheJSONAndTheText() async throws {
        let (json, code) = await inspect(["--json", "-"], stdin: Self.emptyURLs)
        #expect(code == .success)
        #expect(!json.out.contains(#""url": """#), "\(json.out)")
        let ad = try #require(try json.json()["ad"] as? [String: Any])
        #expect(
            (ad["impressions"] as? [[String: Any]])?.compactMap { $0["url"] as? String } == ["https://e.example/imp"])
        #expect((ad["errors"] as? [[String: Any]])?.compactMap { $0["url"] as? String } == ["https://e.example/error"])
        let tracking = try #require(ad["tracking"] as? [String: [[String: Any]]])
        #expect(tracking.keys.sorted() == ["complete"])
        #expect(ad["clickThrough"] == nil)

        let (text, _) = await inspect(["-"], stdin: Self.emptyURLs)
        #expect(!text.out.contains("hop 0  \n"), "\(text.out)")
        #expect(!text.out.contains("    start\n") && !text.out.contains("    clickThrough\n"))

        let (model, _) = await inspect(["--json", "--model", "-"], stdin: Self.emptyURLs)
        #expect(!model.out.contains(#""url": """#) && !model.out.contains(#""""#))
    }

    @Test func nonLinearAndCompanionEventsAreNotListedAsTheLinears() async throws {
        let xml = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="m"><InLine><AdSystem>s</AdSystem>
            <Impression><![CDATA[https://m.example/imp]]></Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>
            <Creatives>
            <Creative id="lin"><Linear><TrackingEvents>
            <Tracking event="creativeView"><![CDATA[https://m.example/linear-view]]></Tracking>
            <Tracking event="close"><![CDATA[https://m.example/linear-close]]></Tracking></TrackingEvents>
            <Duration>00:00:05</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
            <![CDATA[https://m.example/m.mp4]]></MediaFile></MediaFiles></Linear><UniversalAdId idRegistry="Ad-ID">L</UniversalAdId></Creative>
            <Creative id="over"><NonLinearAds><TrackingEvents>
            <Tracking event="creativeView"><![CDATA[https://m.example/overlay-view]]></Tracking>
            <Tracking event="close"><![CDATA[https://m.example/overlay-close]]></Tracking></TrackingEvents>
            <NonLinear width="300" height="50"><StaticResource creativeType="image/png"><![CDATA[https://m.example/o.png]]></StaticResource></NonLinear>
            </NonLinearAds><UniversalAdId idRegistry="Ad-ID">N</UniversalAdId></Creative>
            <Creative id="side"><CompanionAds><Companion width="300" height="250">
            <StaticResource creativeType="image/png"><![CDATA[https://m.example/c.png]]></StaticResource>
            <TrackingEvents><Tracking event="creativeView"><![CDATA[https://m.example/companion-view]]></Tracking></TrackingEvents>
            </Companion></CompanionAds><UniversalAdId idRegistry="Ad-ID">C</UniversalAdId></Creative>
            </Creatives></InLine></Ad></VAST>
            """
        let (json, code) = await inspect(["--json", "-"], stdin: xml)
        #expect(code == .success)
        let ad = try #require(try json.json()["ad"] as? [String: Any])
        func urls(_ key: String, _ event: String) -> [String]? {
            ((ad[key] as? [String: [[String: Any]]])?[event])?.compactMap { $0["url"] as? String }
        }
        #expect(urls("tracking", "creativeView") == ["https://m.example/linear-view"])
        #expect(urls("tracking", "close") == ["https://m.example/linear-close"])
        #expect(urls("nonLinearTracking", "creativeView") == ["https://m.example/overlay-view"])
        #expect(urls("nonLinearTracking", "close") == ["https://m.example/overlay-close"])
        #expect(urls("companionTracking", "creativeView") == ["https://m.example/companion-view"])

        let (text, _) = await inspect(["-"], stdin: xml)
        let lines = text.out.components(separatedBy: "\n").filter { $0.hasPrefix("    ") && !$0.hasPrefix("      ") }
        #expect(
            lines.filter { $0.contains("creativeView") || $0.contains("close") } == [
                "    creativeView", "    close", "    nonLinear creativeView", "    nonLinear close",
                "    companion creativeView",
            ])
    }

    /// The rich sample, and the samples with what it lacks: verifications, ViewableImpression, mezzanine and
    /// interactive files (4.0), closed captions (4.1), companions with every resource (4.2).
    @Test(arguments: [
        "v42-inline-linear-full", "v40-inline-linear", "v41-inline-linear", "v42-companions-all-resources",
    ])
    func theModelOfASampleMatchesItsGolden(_ sample: String) async throws {
        let (captured, code) = await inspect(["--json", "--model", Repository.path("vast-samples/\(sample).xml")])
        #expect(code == .success)
        #expect(captured.err.isEmpty)
        try InspectGolden.check(captured.out, "inspect-model-\(sample).json")
    }

    /// A pod whose middle ad has no usable creative, then two stand-alone ads: the model lists the dead ad
    /// under `failedAds` (303) and the stand-alone ad the pod did not need under `remaining`.
    @Test func theModelListsFailedAndRemainingAds() async throws {
        func inLine(_ id: String, sequence: Int?, playable: Bool) -> String {
            let media =
                playable
                ? #"<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">"#
                    + "<![CDATA[https://m.example/\(id).mp4]]></MediaFile></MediaFiles>"
                : "<MediaFiles></MediaFiles>"
            return #"<Ad id="\#(id)"\#(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem>"#
                + "<AdTitle>t</AdTitle><Impression><![CDATA[https://i.example/\(id)]]></Impression>"
                + "<Creatives><Creative><Linear><Duration>00:00:10</Duration>\(media)</Linear></Creative></Creatives>"
                + "</InLine></Ad>"
        }
        let xml =
            #"<VAST version="3.0">"# + inLine("one", sequence: 1, playable: true)
            + inLine("dead", sequence: 2, playable: false) + inLine("spare", sequence: nil, playable: true)
            + inLine("extra", sequence: nil, playable: true) + "</VAST>"
        let (captured, _) = await inspect(["--json", "--model", "-"], stdin: xml)
        let json = try captured.json()
        let ads = try #require(json["ads"] as? [[String: Any]])
        #expect(ads.map { ($0["ad"] as? [String: Any])?["id"] as? String } == ["one", "spare"])
        let failed = try #require(json["failedAds"] as? [[String: Any]])
        #expect(
            failed.map { "\($0["location"] as? String ?? "") \($0["errorCode"] as? Int ?? 0)" } == ["/VAST/Ad[2] 303"])
        let remaining = try #require(json["remaining"] as? [[String: Any]])
        #expect(remaining.map { ($0["ad"] as? [String: Any])?["id"] as? String } == ["extra"])
    }

    /// The media file attributes the issue lists, against the values written in the sample.
    @Test func theModelHoldsEveryMediaFileAttribute() async throws {
        let (captured, _) = await inspect([
            "--json", "--model", Repository.path("vast-samples/v42-inline-linear-full.xml"),
        ])
        let ads = try #require(try captured.json()["ads"] as? [[String: Any]])
        let inLine = try #require((ads.first?["ad"] as? [String: Any])?["inLine"] as? [String: Any])
        let creative = try #require((inLine["creatives"] as? [[String: Any]])?.first)
        let linear = try #require(creative["linear"] as? [String: Any])
        let file = try #require((linear["mediaFiles"] as? [[String: Any]])?.first)
        #expect(file["id"] as? String == "s-1080" && file["delivery"] as? String == "progressive")
        #expect(file["type"] as? String == "video/mp4" && file["codec"] as? String == "avc1.640028")
        #expect(file["width"] as? Int == 1920 && file["height"] as? Int == 1080)
        #expect(
            file["bitrate"] as? Int == 4500 && file["minBitrate"] as? Int == 4000 && file["maxBitrate"] as? Int == 5000)
        #expect(file["scalable"] as? Bool == false && file["maintainAspectRatio"] as? Bool == true)
        #expect(file["fileSize"] as? Int == 16_875_000 && file["mediaType"] as? String == "2D")
        #expect(file["apiFramework"] as? String == "SIMID")
        #expect(file["url"] as? String == "https://cdn.example.com/soylent/bar-1080.mp4")
        #expect((linear["interactiveCreativeFiles"] as? [[String: Any]])?.first?["apiFramework"] as? String == "SIMID")
        #expect(linear["skipOffset"] as? String == "10%" && linear["duration"] as? String == "00:00:30.000")
        let icon = try #require((linear["icons"] as? [[String: Any]])?.first)
        #expect(
            ((icon["iconClicks"] as? [String: Any])?["clickTracking"] as? [[String: Any]])?.first?["id"] as? String
                == "icon-click")
        #expect(
            (creative["creativeExtensions"] as? [[String: Any]])?.first?["type"] as? String
                == "application/x-soylent-brandsafety")
        #expect((inLine["pricing"] as? [String: Any])?["currency"] as? String == "GBP")
        #expect((inLine["categories"] as? [[String: Any]])?.first?["value"] as? String == "IAB8-5")
    }

    @Test func aResponseWithNoAdHasNoAdsAndExitsOne() async throws {
        let (captured, code) = await inspect([
            "--json", "--model", Repository.path("vast-samples/v42-no-ad-response.xml"),
        ])
        #expect(code == .invalid)
        let object = try captured.json()
        #expect((object["ads"] as? [Any])?.isEmpty == true)
        #expect(object["errorCode"] as? Int == 303)
    }

    @Test func modelWithoutJSONIsAUsageError() async {
        let (captured, code) = await inspect(["--model", "a.xml"])
        #expect(code == .usage)
        #expect(captured.err.contains("--model needs --json"))
        #expect(captured.out.isEmpty)
    }
}

/// `inspect --json --model` on the 3-hop loopback chain of the inspect goldens.
@Suite(.serialized) struct InspectModelChainTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func theModelOfAThreeHopChainMatchesItsGoldenWithEveryHop() async throws {
        let tag = try InspectChain.register("model", on: server)
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", "--model", tag]) == .success)
        try InspectGolden.check(captured.out, "inspect-model-chain.json", port: server.port)
        let ads = try #require(try captured.json()["ads"] as? [[String: Any]])
        try #require(ads.count == 1)
        #expect(ads[0]["hop"] as? Int == 2)
        #expect((ads[0]["wrappers"] as? [[String: Any]])?.map { $0["hop"] as? Int } == [0, 1])
        let merged = try #require(ads[0]["merged"] as? [String: Any])
        #expect((merged["impressions"] as? [[String: Any]])?.map { $0["hop"] as? Int } == [0, 1, 2])
        #expect(
            (merged["linearTracking"] as? [[String: Any]])?.filter { $0["event"] as? String == "start" }
                .map { $0["hop"] as? Int } == [0, 1, 2])
        #expect(try server.beacons().isEmpty, "inspect sends nothing")
    }

    /// Each hop carries its document's version, as the library's document JSON (`VASTDocument.modelJSON`) has
    /// it: a 4.2 Wrapper before a 3.0 InLine says both; a hop that was never parsed (a 404) says none. The
    /// chain of `--model` had no version on the base commit.
    @Test func eachHopOfTheModelCarriesItsDocumentsVersion() async throws {
        try server.register(
            "versions-1", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 1, id: "old"), version: "3.0"))
        try server.register("versions-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("versions-1")))
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", "--model", server.docURL("versions-0")]) == .success)
        let chain = try #require(try captured.json()["chain"] as? [[String: Any]])
        #expect(chain.map { $0["version"] as? String } == ["4.2", "3.0"])
        let failing = CapturedConsole()
        #expect(await failing.run(["inspect", "--json", "--model", server.docURL("versions-gone")]) == .invalid)
        let hop = try #require((try failing.json()["chain"] as? [[String: Any]])?.first)
        #expect(hop["version"] == nil && hop["status"] as? Int == 404)
    }
}

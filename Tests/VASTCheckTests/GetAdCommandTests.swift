import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck getad` through the real engine against the loopback server.
@Suite(.serialized) struct GetAdCommandTests {
    let server: TestServer
    let folder: URL

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("getad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func settings(_ placement: String, sources: [(String, String)]) throws -> String {
        let list = sources.enumerated().map { index, source in
            "{\"name\": \"\(source.0)\", \"tier\": \(index), \"kind\": \"tag\", \"timeoutMs\": 2000, \"url\": \"\(source.1)\"}"
        }
        return try file("settings.json", "{\"placements\": {\"\(placement)\": {\"enabled\": true, \"sources\": [\(list.joined(separator: ", "))]}}}")
    }

    @Test func anAdIsReportedWithItsDecisionAndEverySource() async throws {
        let tag = try server.registerChain("cli", hops: 2)
        let settings = try settings("storiesBetweenPages", sources: [("empty", server.url("/echo?status=204")), ("main", tag)])
        let request = try file("request.json", "{\"placement\": \"storiesBetweenPages\", \"itemId\": \"story-1\"}")
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request, "--json"]) == .success)
        let json = try captured.json()
        let decision = try #require(json["decision"] as? [String: Any])
        #expect(decision["allowed"] as? Bool == true && decision["reason"] as? String == "allowed")
        let report = try #require(json["report"] as? [[String: Any]])
        #expect(report.map { $0["source"] as? String } == ["empty", "main"])
        #expect(report.map { $0["outcome"] as? String } == ["noFill", "won"])
        #expect(report.allSatisfy { $0["ms"] is Int })
        let ad = try #require(json["ad"] as? [String: Any])
        #expect(ad["id"] as? String == "inline" && ad["creativeId"] as? String == "creative-inline")
        #expect((ad["mediaFile"] as? [String: Any])?["url"] as? String == server.baseURL + "/media/inline.mp4")
        #expect(json["error"] == nil)
    }

    @Test func aSlotThatStaysEmptySaysWhyAndExitsOne() async throws {
        let settings = try settings("clipsPreRoll", sources: [("main", server.url("/echo"))])
        let request = try file("request.json", "{\"placement\": \"clipsPreRoll\"}")
        let presentation = try file("presentation.json", "{\"preRollEnabled\": false}")
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request, "--presentation", presentation]) == .invalid)
        #expect(captured.out.hasPrefix("decision: refused (notOptedIn)"))
        #expect(captured.out.contains("no ad: placementDisabled"))
        #expect(try server.stats().requests == 0)
    }

    @Test func aBannerHeightIsAskedWithMaxHeight() async throws {
        try server.register("banner", body: """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="b"><InLine><AdSystem>s</AdSystem>\
            <Impression>https://127.0.0.1/i</Impression><AdServingId>b</AdServingId><AdTitle>b</AdTitle><Creatives>\
            <Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><CompanionAds>\
            <Companion width="320" height="50"><StaticResource creativeType="image/png">https://127.0.0.1/b.png</StaticResource>\
            </Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>
            """)
        let settings = try settings("clipsBottomBanner", sources: [("banner", server.docURL("banner"))])
        let request = try file("request.json", "{\"placement\": \"clipsBottomBanner\"}")
        let presentation = try file("presentation.json", "{\"bottomBannerEnabled\": true}")
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request, "--presentation", presentation,
                                    "--max-height", "25", "--json"]) == .success)
        let ad = try #require(try captured.json()["ad"] as? [String: Any])
        #expect(ad["banner"] as? [String: Int] == ["width": 160, "height": 25])
        #expect(ad["mediaFile"] == nil)
    }

    @Test func invalidSettingsNameTheFieldAndExitTwo() async throws {
        let settings = try file("settings.json", "{\"placements\": {\"clipsPreRoll\": {\"enabled\": true, \"sources\": [{\"name\": \"a\", \"kind\": \"tag\", \"url\": \"https://x.example/\"}]}}}")
        let request = try file("request.json", "{\"placement\": \"clipsPreRoll\"}")
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request]) == .unreadable)
        #expect(captured.err.contains("placements.clipsPreRoll.sources[0].timeoutMs"))
    }

    @Test func missingOptionsAreUsageErrors() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--request", "r.json"]) == .usage)
        #expect(captured.err.contains("getad needs --settings FILE"))
    }
}

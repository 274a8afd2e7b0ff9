import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck getad` through the real engine against the loopback server.
@Suite(.serialized) final class GetAdCommandTests: Sendable {
    let server: TestServer
    let folder: URL

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("getad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func settings(_ placement: String, sources: [(String, String)]) throws -> String {
        let list = sources.enumerated().map { index, source in
            "{\"name\": \"\(source.0)\", \"tier\": \(index), \"kind\": \"tag\", \"timeoutMs\": 2000, \"url\": \"\(source.1)\"}"
        }
        return try file(
            "settings.json",
            "{\"placements\": {\"\(placement)\": {\"enabled\": true, \"sources\": [\(list.joined(separator: ", "))]}}}")
    }

    @Test func anAdIsReportedWithItsDecisionAndEverySource() async throws {
        let tag = try server.registerChain("cli", hops: 2)
        let settings = try settings(
            "storiesBetweenPages", sources: [("empty", server.url("/echo?status=204")), ("main", tag)])
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
        #expect(
            await captured.run(["getad", "--settings", settings, "--request", request, "--presentation", presentation])
                == .invalid)
        #expect(captured.out.hasPrefix("decision: refused (notOptedIn)"))
        #expect(captured.out.contains("no ad: placementDisabled"))
        #expect(try server.stats().requests == 0)
    }

    @Test func aBannerHeightIsAskedWithMaxHeight() async throws {
        try server.register(
            "banner",
            body: """
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
        #expect(
            await captured.run([
                "getad", "--settings", settings, "--request", request, "--presentation", presentation,
                "--max-height", "25", "--json",
            ]) == .success)
        let ad = try #require(try captured.json()["ad"] as? [String: Any])
        #expect(ad["banner"] as? [String: Int] == ["width": 160, "height": 25])
        #expect(ad["mediaFile"] == nil)
    }

    /// A companion of `width` x `height` with an HTML resource (never scaled), named and with an Error URL.
    private func htmlBanner(_ name: String, _ width: Int, _ height: Int) throws -> String {
        try server.register(
            name,
            body: """
                <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="\(name)"><InLine><AdSystem>s</AdSystem>\
                <Error>{{BASE_URL}}/beacon/error/\(name)?code=[ERRORCODE]</Error>\
                <Impression>https://127.0.0.1/i</Impression><AdServingId>b</AdServingId><AdTitle>b</AdTitle><Creatives>\
                <Creative id="c-\(name)"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><CompanionAds>\
                <Companion width="\(width)" height="\(height)"><HTMLResource>b</HTMLResource></Companion>\
                </CompanionAds></Creative></Creatives></InLine></Ad></VAST>
                """)
        return server.docURL(name)
    }

    @Test func aFractionalMaxHeightIsKeptAndASourceWhoseBannerDoesNotFitIsNoFit() async throws {
        let settings = try settings(
            "clipsBottomBanner",
            sources: [("tall", try htmlBanner("tall", 300, 250)), ("fits", try htmlBanner("fits", 320, 50))])
        let request = try file("request.json", "{\"placement\": \"clipsBottomBanner\"}")
        let presentation = try file("presentation.json", "{\"bottomBannerEnabled\": true}")
        let base = ["getad", "--settings", settings, "--request", request, "--presentation", presentation, "--json"]
        let fits = CapturedConsole()
        #expect(await fits.run(base + ["--max-height", "50.5"]) == .success)
        let json = try fits.json()
        let report = try #require(json["report"] as? [[String: Any]])
        #expect(report.map { $0["outcome"] as? String } == ["noFit", "won"])
        #expect(report.map { $0["errorCode"] as? Int } == [601, nil])
        #expect(
            report.first?["message"] as? String
                == "filled, but its ad cannot be shown as a bottom banner: nothing fits maxHeight 50.5: "
                + "companion 0.0 300x250 html (fixed size)")
        #expect((json["ad"] as? [String: Any])?["banner"] as? [String: Int] == ["width": 320, "height": 50])
        let short = CapturedConsole()
        #expect(await short.run(base + ["--max-height", "49.99"]) == .invalid)
        let error = try #require(try short.json()["error"] as? [String: Any])
        #expect(error["kind"] as? String == "noFittingBanner" && error["vastErrorCode"] as? Int == 601)
        #expect(try server.stats().byPath["/doc/tall"] == 2 && server.stats().byPath["/doc/fits"] == 2)
    }

    @Test(arguments: ["0.99", "nan", "inf", "-1", "10000.5", "fifty"])
    func aMaxHeightThatIsNoHeightIsAUsageError(_ value: String) async throws {
        let settings = try settings("clipsBottomBanner", sources: [("fits", try htmlBanner("fits", 320, 50))])
        let request = try file("request.json", "{\"placement\": \"clipsBottomBanner\"}")
        let captured = CapturedConsole()
        #expect(
            await captured.run(["getad", "--settings", settings, "--request", request, "--max-height", value]) == .usage
        )
        #expect(captured.err.contains("--max-height takes a number of points from 1 to 10000, not \"\(value)\""))
        #expect(try server.stats().requests == 0)
    }

    @Test func invalidSettingsNameTheFieldAndExitTwo() async throws {
        let settings = try file(
            "settings.json",
            "{\"placements\": {\"clipsPreRoll\": {\"enabled\": true, \"sources\": [{\"name\": \"a\", \"kind\": \"tag\", \"url\": \"https://x.example/\"}]}}}"
        )
        let request = try file("request.json", "{\"placement\": \"clipsPreRoll\"}")
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request]) == .unreadable)
        #expect(captured.err.contains("placements.clipsPreRoll.sources[0].timeoutMs"))
    }

    // MARK: Privacy

    static let ifa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    static let consent = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    static let gpp = "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"

    /// A failing and a winning source whose tag URLs carry the request's identifiers, and the request.
    private func privateRun(_ extra: [String]) async throws -> CapturedConsole {
        let query = "ifa=[IFA]&gdpr=[GDPRCONSENT]&gpp=[GPPSTRING]&ua=[DEVICEUA]&cua=[CLIENTUA]"
        let tag = try server.registerChain("private", hops: 2)
        let settings = try settings(
            "storiesBetweenPages",
            sources: [
                ("broken", server.url("/echo?status=404&" + query)), ("main", tag + "?" + query),
            ])
        let request = try file(
            "request.json",
            """
            {"placement": "storiesBetweenPages", "itemId": "story-1",
             "device": {"ifa": "\(Self.ifa)", "userAgent": "\(Self.userAgent)"},
             "consent": {"gdprApplies": true, "gdprConsent": "\(Self.consent)", "gppString": "\(Self.gpp)"}}
            """)
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--settings", settings, "--request", request] + extra) == .success)
        return captured
    }

    /// True when `text` holds one of the request's private values in any form the engine writes.
    private func leaks(_ text: String) -> Bool {
        [Self.ifa, Self.consent, "DBABMA", "Mozilla", "iPhone"].contains { text.contains($0) }
    }

    @Test func theRequestsIdentifiersAndConsentStringsAreRedactedInHumanOutput() async throws {
        let captured = try await privateRun([])
        #expect(!leaks(captured.out + captured.err), "\(captured.out)")
        // The failing source's message names its expanded URL: the values were there to hide.
        #expect(
            captured.out.contains(
                "ifa=[redacted:IFA]&gdpr=[redacted:GDPRCONSENT]&gpp=[redacted:GPPSTRING]"
                    + "&ua=[redacted:DEVICEUA]&cua=[redacted:DEVICEUA]"))
    }

    @Test func theRequestsIdentifiersAndConsentStringsAreRedactedInJSON() async throws {
        let captured = try await privateRun(["--json"])
        #expect(!leaks(captured.out + captured.err), "\(captured.out)")
        let report = try #require(try captured.json()["report"] as? [[String: Any]])
        #expect(report.map { $0["outcome"] as? String } == ["error", "won"])
        let urls = report.compactMap { $0["url"] as? String }
        #expect(urls.count == 2 && urls.allSatisfy { $0.contains("ifa=[redacted:IFA]&gdpr=[redacted:GDPRCONSENT]") })
        #expect((report.first?["message"] as? String)?.contains("gpp=[redacted:GPPSTRING]") == true)
    }

    @Test func noRedactShowsTheValuesForLocalDebugging() async throws {
        for extra in [["--no-redact"], ["--no-redact", "--json"]] {
            let captured = try await privateRun(extra)
            #expect(
                captured.out.contains(
                    "ifa=\(Self.ifa)&gdpr=\(Self.consent)&gpp=\(Self.gpp)"
                        + "&ua=Mozilla%2F5.0%20%28iPhone%3B%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X%29"),
                "\(extra)")
            #expect(!captured.out.contains("[redacted:"))
        }
    }

    /// A server that puts the user agent it received into the media URL, encoded its own way
    /// (encodeURIComponent's parentheses, `+` for spaces, lower-case hex): getad prints that URL.
    @Test func theUserAgentInAMediaURLIsHiddenHoweverTheServerEncodedIt() async throws {
        let spellings = [
            "Mozilla%2F5.0%20(iPhone%3B%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X)",
            "Mozilla%2f5.0+%28iPhone%3b+CPU+iPhone+OS+17_4+like+Mac+OS+X%29",
        ]
        for (index, spelling) in spellings.enumerated() {
            try server.register(
                "ua-\(index)",
                body: ChainDocuments.inLine(hop: 0).replacingOccurrences(
                    of: "{{BASE_URL}}/media/inline.mp4", with: "https://cdn.example/m.mp4?ua=\(spelling)"))
            let settings = try settings("storiesBetweenPages", sources: [("main", server.docURL("ua-\(index)"))])
            let request = try file(
                "request.json",
                "{\"placement\": \"storiesBetweenPages\", \"device\": {\"userAgent\": \"\(Self.userAgent)\"}}")
            for json in [false, true] {
                let captured = CapturedConsole()
                let arguments = ["getad", "--settings", settings, "--request", request] + (json ? ["--json"] : [])
                #expect(await captured.run(arguments) == .success)
                #expect(captured.out.contains("https://cdn.example/m.mp4?ua=[redacted:DEVICEUA]"), "\(captured.out)")
                #expect(!leaks(captured.out + captured.err), "\(captured.out)")
            }
        }
    }

    @Test func settingsCanMarkFurtherMacrosPrivate() async throws {
        let tag = try server.registerChain("content", hops: 1)
        let settings = try file(
            "settings.json",
            """
            {"privateMacros": ["CONTENTID"], "placements": {"storiesBetweenPages": {"enabled": true, "sources": [
             {"name": "main", "tier": 0, "kind": "tag", "timeoutMs": 2000, "url": "\(tag)?item=[CONTENTID]"}]}}}
            """)
        let request = try file("request.json", "{\"placement\": \"storiesBetweenPages\", \"itemId\": \"story-8472\"}")
        let hidden = CapturedConsole()
        #expect(await hidden.run(["getad", "--settings", settings, "--request", request, "--json"]) == .success)
        #expect(!hidden.out.contains("story-8472") && hidden.out.contains("item=[redacted:CONTENTID]"))
        let shown = CapturedConsole()
        #expect(
            await shown.run(["getad", "--settings", settings, "--request", request, "--json", "--no-redact"])
                == .success)
        #expect(shown.out.contains("item=story-8472"))
    }

    // MARK: Input files

    @Test func inputFilesThatCannotBeReadSayWhichAndExitTwo() async throws {
        let settings = try settings("clipsPreRoll", sources: [("main", server.url("/echo"))])
        let empty = try file("empty.json", "")
        let huge = folder.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 100_000_000) == 0)
        let cases: [([String], String)] = [
            (
                ["--settings", folder.path, "--request", empty],
                "vastcheck: cannot read the settings file \(folder.path): is a folder, not a file: name one file in it\n"
            ),
            (
                ["--settings", settings, "--request", empty],
                "vastcheck: cannot read the request file \(empty): is empty: it should hold a JSON document\n"
            ),
            (
                ["--settings", huge, "--request", empty],
                "vastcheck: cannot read the settings file \(huge): is 100000000 bytes, over the "
                    + "8388608-byte limit for a data file; nothing was read\n"
            ),
            (
                ["--settings", settings, "--request", folder.path + "/none.json"],
                "vastcheck: cannot read the request file "
                    + "\(folder.path)/none.json: no such file or directory (check the path)\n"
            ),
        ]
        for (arguments, message) in cases {
            let captured = CapturedConsole()
            #expect(await captured.run(["getad"] + arguments) == .unreadable)
            #expect(captured.err == message)
            #expect(captured.out.isEmpty)
        }
    }

    @Test func missingOptionsAreUsageErrors() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["getad", "--request", "r.json"]) == .usage)
        #expect(captured.err.contains("getad needs --settings FILE"))
    }
}

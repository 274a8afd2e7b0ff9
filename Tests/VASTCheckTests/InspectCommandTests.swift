import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck inspect` on the bundled samples (golden), its JSON contract, and its usage errors.
struct InspectCommandTests {
    private func inspect(_ arguments: [String]) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole()
        let code = await captured.run(["inspect"] + InspectGolden.profile + arguments)
        return (captured, code)
    }

    @Test(arguments: ["v42-inline-linear-full", "v20-inline-linear"])
    func samplesMatchTheirGoldens(_ sample: String) async throws {
        let path = Repository.path("vast-samples/\(sample).xml")
        let (text, textCode) = await inspect([path])
        #expect(textCode == .success)
        #expect(text.err.isEmpty)
        try InspectGolden.check(text.out, "inspect-\(sample).txt")
        let (json, jsonCode) = await inspect(["--json", path])
        #expect(jsonCode == .success)
        try InspectGolden.check(json.out, "inspect-\(sample).json")
    }

    @Test func theJSONFollowsTheDocumentedShape() async throws {
        let (captured, code) = await inspect(["--json", Repository.path("vast-samples/v20-inline-linear.xml")])
        #expect(code == .success)
        let object = try captured.json()
        #expect(Array(object.keys).sorted() == ["ad", "chain", "failed", "remaining"])
        let chain = try #require(object["chain"] as? [[String: Any]])
        #expect(chain.count == 1)
        #expect(chain.first?["kind"] as? String == "inline")
        let ad = try #require(object["ad"] as? [String: Any])
        let impressions = try #require(ad["impressions"] as? [[String: Any]])
        #expect(
            impressions.map { $0["url"] as? String } == [
                "https://ads.example.com/v20/impression?ad=v20-linear-001", "https://measure.example.net/pixel?c=4411",
            ])
        #expect(impressions.allSatisfy { $0["hop"] as? Int == 0 })
        let tracking = try #require(ad["tracking"] as? [String: [[String: Any]]])
        #expect(tracking["firstQuartile"]?.first?["url"] as? String == "https://ads.example.com/v20/t?e=q1")
        #expect(tracking["impression"] == nil && tracking["error"] == nil, "impressions and errors have their own keys")
        #expect((ad["errors"] as? [[String: Any]])?.count == 1)
        #expect((ad["clickThrough"] as? [String: Any])?["url"] as? String == "https://www.example.com/acme/sparkling")
        #expect((ad["mediaFile"] as? [String: Any])?["id"] as? String == "mf-hi")
    }

    @Test func aResponseWithNoAdExitsOneWithItsErrorCode() async throws {
        let (captured, code) = await inspect(["--json", Repository.path("vast-samples/v42-no-ad-response.xml")])
        #expect(code == .invalid)
        let object = try captured.json()
        #expect(object["ad"] == nil)
        #expect(object["errorCode"] as? Int == 303)
        let (text, textCode) = await inspect([Repository.path("vast-samples/v42-no-ad-response.xml")])
        #expect(textCode == .invalid)
        #expect(text.out.contains("No ad: VAST error 303"))
    }

    @Test func aMissingFileExitsTwo() async {
        let (captured, code) = await inspect(["/nonexistent/tag.xml"])
        #expect(code == .unreadable)
        #expect(captured.err.contains("/nonexistent/tag.xml: no such file"))
    }

    @Test func standardInputIsASource() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Repository.path("vast-samples/v20-inline-linear.xml")))
        let captured = CapturedConsole(stdin: bytes)
        #expect(await captured.run(["inspect", "--json", "-"]) == .success)
        #expect((try captured.json()["chain"] as? [[String: Any]])?.first?["url"] as? String == "-")
    }

    @Test func privateMacroValuesAreRedactedUnlessNoRedactIsGiven() async throws {
        let xml = """
            <VAST version="4.2"><Ad id="p"><InLine><AdSystem>x</AdSystem><AdTitle>p</AdTitle>
            <Impression><![CDATA[https://e.example/imp?ifa=[IFA]&ip=[DEVICEIP]&ua=[DEVICEUA]&app=[APPBUNDLE]]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:08</Duration>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://e.example/m.mp4]]></MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let profile = [
            "--macro", "IFA=6D92078A-8246-4BA4-AE5B-76104861E7DC", "--macro", "DEVICEIP=192.0.2.1",
            "--macro", "DEVICEUA=Mozilla/5.0 (X11)", "--macro", "APPBUNDLE=com.example.app",
        ]
        let impression = { (captured: CapturedConsole) throws -> String? in
            ((try captured.json()["ad"] as? [String: Any])?["impressions"] as? [[String: Any]])?.first?["url"]
                as? String
        }
        let json = CapturedConsole(stdin: Data(xml.utf8))
        #expect(await json.run(["inspect", "--json"] + profile + ["-"]) == .success)
        #expect(
            try impression(json)
                == "https://e.example/imp?ifa=[redacted:IFA]&ip=[redacted:DEVICEIP]&ua=[redacted:DEVICEUA]&app=com.example.app"
        )
        let text = CapturedConsole(stdin: Data(xml.utf8))
        #expect(await text.run(["inspect"] + profile + ["-"]) == .success)
        #expect(text.out.contains("ifa=[redacted:IFA]&ip=[redacted:DEVICEIP]&ua=[redacted:DEVICEUA]"))
        #expect(!text.out.contains("6D92078A") && !text.out.contains("192.0.2.1") && !text.out.contains("Mozilla"))
        let shown = CapturedConsole(stdin: Data(xml.utf8))
        #expect(await shown.run(["inspect", "--json", "--no-redact"] + profile + ["-"]) == .success)
        #expect(
            try impression(shown) == "https://e.example/imp?ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC&ip=192.0.2.1"
                + "&ua=Mozilla%2F5.0%20%28X11%29&app=com.example.app")
    }

    @Test func macrosAreExpandedWithTheProfile() async throws {
        let xml = """
            <VAST version="4.2"><Ad id="m"><InLine><AdSystem>x</AdSystem><AdTitle>m</AdTitle>
            <Error><![CDATA[https://e.example/err?code=[ERRORCODE]&ip=[DEVICEIP]]]></Error>
            <Impression><![CDATA[https://e.example/imp?ts=[TIMESTAMP]&cb=[CACHEBUSTING]&ip=[DEVICEIP]&ifa=%%IFA%%&reg=[REGULATIONS]&size=[PLAYERSIZE]]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:08</Duration><VideoClicks>
            <ClickTracking><![CDATA[https://e.example/click?pos=[CLICKPOS]&x=[NOTAMACRO]]]></ClickTracking></VideoClicks>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://e.example/m.mp4]]></MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let captured = CapturedConsole(stdin: Data(xml.utf8))
        let code = await captured.run([
            "inspect", "--json", "--no-redact", "--start", "2024-05-01T12:00:00Z", "--macro", "CACHEBUSTING=12345678",
            "--macro", "DEVICEIP=192.0.2.1", "--macro", "IFA=-2", "--macro", "REGULATIONS=gdpr,coppa",
            "--macro", "PLAYERSIZE=640x360", "--macro", "ERRORCODE=402", "-",
        ])
        #expect(code == .success)
        let ad = try #require(try captured.json()["ad"] as? [String: Any])
        #expect(
            (ad["impressions"] as? [[String: Any]])?.first?["url"] as? String
                == "https://e.example/imp?ts=2024-05-01T12%3A00%3A00.000Z&cb=12345678&ip=192.0.2.1&ifa=-2&reg=gdpr,coppa&size=640,360"
        )
        #expect(
            (ad["errors"] as? [[String: Any]])?.first?["url"] as? String
                == "https://e.example/err?code=402&ip=192.0.2.1")
        let tracking = try #require(ad["tracking"] as? [String: [[String: Any]]])
        #expect(
            tracking["clickTracking"]?.first?["url"] as? String
                == "https://e.example/click?pos=[CLICKPOS]&x=[NOTAMACRO]")

        let text = CapturedConsole(stdin: Data(xml.utf8))
        #expect(await text.run(["inspect", "--seed", "1", "-"]) == .success)
        #expect(text.out.contains("Macros left as written"))
        #expect(text.out.contains("[CLICKPOS]  not-filled"))
        #expect(text.out.contains("[NOTAMACRO]  unknown-macro"))
    }

    @Test func theSeedMakesCacheBustingRepeatable() async throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            let (captured, _) = await inspect(["--json", Repository.path("vast-samples/v20-inline-linear.xml")])
            outputs.append(captured.out)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test(arguments: [
        ([], "inspect needs a SOURCE"),
        (["a.xml", "b.xml"], "inspect takes one SOURCE, not 2"),
        (["--macro", "DEVICEIP", "a.xml"], "--macro takes NAME=VALUE"),
        (["--macro", "NOPE=1", "a.xml"], "--macro NOPE: not an IAB macro"),
        (["--macro", "ADCOUNT=many", "a.xml"], "--macro ADCOUNT takes a whole number, not \"many\""),
        (["--macro", "PLAYERSIZE=640", "a.xml"], "--macro PLAYERSIZE takes WIDTH,HEIGHT in pixels"),
        (["--start", "yesterday", "a.xml"], "--start takes an ISO 8601 date"),
        (["--seed", "-3", "a.xml"], "--seed takes a whole number"),
        (["--fire", "a.xml"], "unknown option --fire"),
    ])
    func usageErrorsExit64SayingWhatIsWrong(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect"] + arguments) == .usage)
        #expect(captured.err.contains(message), "\(captured.err)")
        #expect(captured.err.contains("See 'vastcheck inspect --help' for more information."))
        #expect(captured.out.isEmpty)
    }

    @Test func helpDescribesTheCommand() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--help"]) == .success)
        #expect(captured.out.hasPrefix("USAGE: vastcheck inspect"))
        #expect(captured.out.contains("--macro NAME=VALUE"))
    }
}

/// `vastcheck inspect` on a 3-hop chain served by the loopback server.
@Suite(.serialized) struct InspectChainTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func aThreeHopChainMatchesItsGoldens() async throws {
        let tag = try InspectChain.register("inspect", on: server)
        let text = CapturedConsole()
        #expect(
            await text.run(["inspect"] + InspectGolden.profile + ["--macro", "DEVICEIP=192.0.2.1", tag]) == .success)
        try InspectGolden.check(text.out, "inspect-chain.txt", port: server.port)
        let json = CapturedConsole()
        #expect(
            await json.run(["inspect", "--json"] + InspectGolden.profile + ["--macro", "DEVICEIP=192.0.2.1", tag])
                == .success)
        try InspectGolden.check(json.out, "inspect-chain.json", port: server.port)
        #expect(try server.beacons().isEmpty, "inspect sends nothing")
    }

    @Test func everyURLKeepsTheHopItCameFrom() async throws {
        let tag = try InspectChain.register("hops", on: server)
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", tag]) == .success)
        let object = try captured.json()
        #expect(
            (object["chain"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["wrapper", "wrapper", "inline"])
        let ad = try #require(object["ad"] as? [String: Any])
        #expect((ad["impressions"] as? [[String: Any]])?.map { $0["hop"] as? Int } == [0, 1, 2])
        let tracking = try #require(ad["tracking"] as? [String: [[String: Any]]])
        #expect(tracking["start"]?.map { $0["hop"] as? Int } == [0, 1, 2])
        #expect(tracking["progress@00:00:02.000"]?.map { $0["hop"] as? Int } == [0, 1])
        #expect(tracking["clickTracking"]?.map { $0["hop"] as? Int } == [0, 1, 2])
        #expect((ad["clickThrough"] as? [String: Any])?["hop"] as? Int == 2)
    }

    @Test func aBrokenChainShowsTheFailingHopAndExitsOne() async throws {
        try server.register("broken-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("missing")))
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", server.docURL("broken-0")]) == .invalid)
        #expect(captured.out.contains("└─ hop 1  error  404"))
        #expect(captured.out.contains("No ad: VAST error 301"))
        let json = CapturedConsole()
        #expect(await json.run(["inspect", "--json", server.docURL("broken-0")]) == .invalid)
        #expect(try json.json()["errorCode"] as? Int == 301)
        #expect(try server.beacons().isEmpty, "error pixels are not sent by inspect")
    }
}

import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck flatten` over chains the loopback server serves: one InLine document whose own merged
/// lists are the chain's (read back through `inspect --json --model`, which lists what ResolvedAd
/// merges, URLs as written), valid by `vastcheck validate`, exit codes and usage errors.
@Suite(.serialized) struct FlattenCommandTests {
    let server: TestServer
    let scratch: ScratchFolder
    var folder: URL { scratch.url }

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("flatten")
    }

    /// A Wrapper with more than the standard chain's: viewability, a verification, an extension, an
    /// icon, a companion that can be shown and one that only tracks.
    static func richWrapper(hop: Int, next: String) -> String {
        let pixel = { (event: String) in ChainDocuments.pixel(event, hop: hop) }
        return """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w\(hop)"><Wrapper>
            <AdSystem>hop\(hop)</AdSystem>
            <Error><![CDATA[\(pixel("error"))?code=[ERRORCODE]]]></Error>
            <Extensions><Extension type="wrapper-hint"><Hint level="2">keep</Hint></Extension></Extensions>
            <Impression id="imp\(hop)"><![CDATA[\(pixel("impression"))]]></Impression>
            <ViewableImpression><Viewable><![CDATA[\(pixel("viewable"))]]></Viewable>
            <ViewUndetermined><![CDATA[\(pixel("undetermined"))]]></ViewUndetermined></ViewableImpression>
            <AdVerifications><Verification vendor="measure.example">
            <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[{{BASE_URL}}/files/omid.js]]></JavaScriptResource>
            <TrackingEvents><Tracking event="verificationNotExecuted"><![CDATA[\(pixel("vne"))?r=[REASON]]]></Tracking></TrackingEvents>
            </Verification></AdVerifications>
            <Creatives>
            <Creative><Linear><Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top">
            <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/files/icon.png]]></StaticResource>
            <IconClicks><IconClickThrough><![CDATA[{{BASE_URL}}/landing/icon]]></IconClickThrough>
            <IconClickTracking><![CDATA[\(pixel("icon-click"))]]></IconClickTracking></IconClicks>
            <IconViewTracking><![CDATA[\(pixel("icon-view"))]]></IconViewTracking></Icon></Icons>
            <TrackingEvents><Tracking event="firstQuartile"><![CDATA[\(pixel("firstQuartile"))]]></Tracking>
            <Tracking event="progress" offset="25%"><![CDATA[\(pixel("progress"))]]></Tracking></TrackingEvents>
            <VideoClicks><ClickTracking><![CDATA[\(pixel("click"))]]></ClickTracking>
            <CustomClick><![CDATA[\(pixel("custom"))]]></CustomClick></VideoClicks></Linear></Creative>
            <Creative><CompanionAds>
            <Companion width="300" height="250"><StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/files/c.png]]></StaticResource>
            <CompanionClickTracking><![CDATA[\(pixel("companion-click"))]]></CompanionClickTracking>
            <TrackingEvents><Tracking event="creativeView"><![CDATA[\(pixel("companion-view"))]]></Tracking></TrackingEvents></Companion>
            </CompanionAds></Creative>
            </Creatives>
            <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>
            </Wrapper></Ad></VAST>
            """
    }

    private func registerRichChain(_ name: String) throws -> String {
        try server.register("\(name)-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("\(name)-1")))
        try server.register("\(name)-1", body: Self.richWrapper(hop: 1, next: server.docURL("\(name)-2")))
        try server.register("\(name)-2", body: ChainDocuments.inLine(hop: 2))
        return server.docURL("\(name)-0")
    }

    private func run(_ arguments: [String], stdin: Data = Data()) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole(stdin: stdin)
        return (captured, await captured.run(arguments))
    }

    /// `inspect --json --model SOURCE`'s one ad.
    private func model(_ source: String) async throws -> [String: Any] {
        let (captured, code) = await run(["inspect", "--json", "--model", source])
        #expect(code == .success, "\(captured.err)")
        return try #require((try captured.json()["ads"] as? [[String: Any]])?.first)
    }

    @Test func aThreeHopChainBecomesOneValidInLineWithEveryMergedURLOfTheChain() async throws {
        let tag = try registerRichChain("rich")
        let file = folder.appendingPathComponent("flat.xml").path
        let (flatten, code) = await run(["flatten", "--output", file, tag])
        #expect(code == .success, "\(flatten.err)")
        #expect(flatten.err.isEmpty)
        #expect(flatten.out == "wrote \(file): VAST 4.2, 1 ad, 3 hops, 0 URLs omitted\n")

        let chain = try await model(tag)
        let flat = try await model(file)
        #expect((chain["wrappers"] as? [Any])?.count == 2)
        #expect(flat["wrappers"] == nil && flat["hop"] as? Int == 0)
        #expect(((flat["ad"] as? [String: Any])?["inLine"]) != nil)
        let chainMerged = try #require(chain["merged"] as? [String: Any])
        let flatMerged = try #require(flat["merged"] as? [String: Any])
        #expect(flatMerged.keys.sorted() == chainMerged.keys.sorted())
        #expect(
            chainMerged.keys.sorted() == [
                "clickThrough", "clickTracking", "companionClickTracking", "companionTracking", "companions",
                "customClicks", "errors",
                "extensions", "iconClickTracking", "iconViewTracking", "impressions", "linearTracking", "verifications",
                "viewUndetermined", "viewable",
            ])
        // Companions are compared below by what they show: the flattened document holds them in its InLine,
        // so their hop and creative index differ by design.
        let skipped: Set = ["clickThrough", "verifications", "extensions", "companions"]
        for key in chainMerged.keys.sorted() where !skipped.contains(key) {
            let expected = (chainMerged[key] as? [[String: Any]])?.map(Self.withoutHop)
            let actual = (flatMerged[key] as? [[String: Any]])?.map(Self.withoutHop)
            #expect(actual == expected, "\(key)")
        }
        #expect(
            Self.withoutHop(try #require(flatMerged["clickThrough"] as? [String: Any]))
                == Self.withoutHop(try #require(chainMerged["clickThrough"] as? [String: Any])))
        func shown(_ merged: [String: Any]) -> [String] {
            (merged["companions"] as? [[String: Any]] ?? []).map { item in
                let companion = item["companion"] as? [String: Any] ?? [:]
                return "\(companion["width"] ?? "")x\(companion["height"] ?? "") \(companion["clickThrough"] ?? "-")"
            }
        }
        #expect(!shown(chainMerged).isEmpty)
        #expect(shown(flatMerged) == shown(chainMerged))
        // What the chain's lists hold, by hop, so the comparison above is not between two empty lists.
        let impressions = try #require(chainMerged["impressions"] as? [[String: Any]])
        #expect(impressions.map { $0["hop"] as? Int } == [0, 1, 2])
        let linear = try #require(chainMerged["linearTracking"] as? [[String: Any]])
        #expect(
            linear.map { "\($0["event"] ?? "")@\($0["hop"] ?? "")" } == [
                "start@0", "progress@0", "firstQuartile@1", "progress@1", "start@2", "complete@2",
            ])
        #expect(
            ((flatMerged["verifications"] as? [[String: Any]])?.first?["verification"] as? [String: Any])?["vendor"]
                as? String == "measure.example")
        #expect(
            ((flatMerged["extensions"] as? [[String: Any]])?.first?["extension"] as? [String: Any])?["xml"]
                as? String == #"<Hint level="2">keep</Hint>"#)

        let (validate, valid) = await run(["validate", "--json", file])
        #expect(valid == .success)
        let document = try #require((try validate.json()["documents"] as? [[String: Any]])?.first)
        #expect((document["findings"] as? [[String: Any]])?.filter { $0["severity"] as? String == "error" }.count == 0)
        #expect(try server.beacons().isEmpty, "flatten sends nothing")
    }

    @Test func withoutOutputTheDocumentGoesToStandardOutput() async throws {
        let tag = try server.registerChain("plain", hops: 3)
        let (captured, code) = await run(["flatten", tag])
        #expect(code == .success)
        #expect(captured.out.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<VAST version="4.2""#))
        #expect(captured.out.components(separatedBy: "<InLine>").count == 2)
        #expect(!captured.out.contains("<Wrapper"))
        #expect(captured.out.contains("<Impression><![CDATA[\(server.baseURL)/beacon/impression/hop0]]></Impression>"))
        let (again, _) = await run(["validate", "-"], stdin: Data(captured.out.utf8))
        #expect(again.out.contains("valid"), "\(again.out)")
    }

    @Test func theJSONListsWhatTheInLineHadNoPlaceFor() async throws {
        let nonLinear = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="nl"><InLine><AdSystem>s</AdSystem>
            <Impression><![CDATA[{{BASE_URL}}/beacon/impression/hop1]]></Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>
            <Creatives><Creative><NonLinearAds><NonLinear width="300" height="50">
            <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/files/o.png]]></StaticResource></NonLinear>
            </NonLinearAds><UniversalAdId idRegistry="Ad-ID">NL</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>
            """
        let tag = try server.registerChain("omit", hops: 2, last: nonLinear)
        let (captured, code) = await run(["flatten", "--json", tag])
        #expect(code == .success)
        let object = try captured.json()
        #expect(object["version"] as? String == "4.2" && object["ads"] as? Int == 1)
        let omitted = try #require(object["omitted"] as? [[String: Any]])
        #expect(
            omitted.map { "\($0["what"] ?? "") \($0["hop"] ?? "") \($0["url"] ?? "")" } == [
                "linearTracking start 0 \(server.baseURL)/beacon/start/hop0",
                "linearTracking progress@00:00:02.000 0 \(server.baseURL)/beacon/progress/hop0",
                "clickTracking 0 \(server.baseURL)/beacon/click/hop0",
            ])
        #expect((object["xml"] as? String)?.contains("<NonLinearAds>") == true)
        let (human, _) = await run(["flatten", tag])
        #expect(human.err.hasPrefix("vastcheck: warning: 3 URLs of the chain had no place in the InLine"))
        #expect(human.err.contains("  ad 1  hop 0  clickTracking  \(server.baseURL)/beacon/click/hop0\n"))
    }

    @Test func aFileSourceHasItsWrappersFetched() async throws {
        try server.register("file-inline", body: ChainDocuments.inLine(hop: 1))
        let source = folder.appendingPathComponent("wrapper.xml")
        try Data(ChainDocuments.wrapper(hop: 0, next: server.docURL("file-inline")).utf8).write(to: source)
        let (captured, code) = await run(["flatten", "--json", source.path])
        #expect(code == .success)
        let object = try captured.json()
        #expect((object["chain"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["wrapper", "inline"])
        let xml = try #require(object["xml"] as? String)
        // The Wrapper's file held the template {{BASE_URL}} as written; the InLine's came filled in.
        #expect(xml.contains("<![CDATA[{{BASE_URL}}/beacon/impression/hop0]]>"))
        #expect(xml.contains("<![CDATA[\(server.baseURL)/beacon/impression/hop1?ad=inline]]>"))
    }

    @Test func aChainWithNoAdExitsOneAndWritesNothing() async throws {
        try server.register("dead-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("missing")))
        let file = folder.appendingPathComponent("none.xml").path
        let (captured, code) = await run(["flatten", "--output", file, server.docURL("dead-0")])
        #expect(code == .invalid)
        #expect(captured.out.isEmpty)
        #expect(captured.err.contains("nothing to flatten, VAST error 301"), "\(captured.err)")
        #expect(!FileManager.default.fileExists(atPath: file))
        let (json, jsonCode) = await run(["flatten", "--json", server.docURL("dead-0")])
        #expect(jsonCode == .invalid)
        #expect(try json.json()["errorCode"] as? Int == 301)
        #expect(try server.beacons().isEmpty, "error pixels are not sent by flatten")
    }

    @Test func theDepthLimitIsTheOneValidateUses() async throws {
        let tag = try server.registerChain("deep", hops: 3)
        let (captured, code) = await run(["flatten", "--json", "--max-depth", "1", tag])
        #expect(code == .invalid)
        #expect(try captured.json()["errorCode"] as? Int == 302)
    }

    @Test func anUnreadableSourceOrOutputExitsTwo() async throws {
        let (missing, code) = await run(["flatten", "/nonexistent/tag.xml"])
        #expect(code == .unreadable)
        #expect(
            missing.err == "vastcheck: cannot read /nonexistent/tag.xml: no such file or directory (check the path)\n")
        let (directory, directoryCode) = await run(["flatten", folder.path])
        #expect(directoryCode == .unreadable)
        #expect(directory.err.contains("is a folder, not a file"))
        let tag = try server.registerChain("out", hops: 2)
        let (unwritable, writeCode) = await run(["flatten", "--output", "/nonexistent/folder/flat.xml", tag])
        #expect(writeCode == .unreadable)
        #expect(unwritable.err.hasPrefix("vastcheck: cannot write /nonexistent/folder/flat.xml"))
    }

    @Test(arguments: [
        ([], "flatten needs a SOURCE"),
        (["a.xml", "b.xml"], "flatten takes one SOURCE, not 2"),
        (["--output", "", "a.xml"], "--output needs a file name"),
        (["--max-depth", "99", "a.xml"], "--max-depth takes a whole number from 0 to 50"),
        (["--timeout", "0", "a.xml"], "--timeout takes a number of seconds from 0.001 to 600"),
        (["--max-bytes", "-1", "a.xml"], "--max-bytes takes a whole number"),
        (["--fire", "a.xml"], "unknown option --fire"),
    ])
    func usageErrorsExit64SayingWhatIsWrong(_ arguments: [String], _ message: String) async {
        let (captured, code) = await run(["flatten"] + arguments)
        #expect(code == .usage)
        #expect(captured.err.contains(message), "\(captured.err)")
        #expect(captured.err.hasSuffix("See 'vastcheck flatten --help' for more information.\n"))
        #expect(captured.out.isEmpty)
    }

    static func withoutHop(_ entry: [String: Any]) -> [String: String] {
        entry.filter { $0.key != "hop" }.mapValues { "\($0)" }
    }
}

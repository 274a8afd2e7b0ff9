import Foundation
import TestSupport
import Testing
import VASTCheck

/// What the CLI says about a resolution that does not play whole: a pod with a dead ad is invalid,
/// and inspect lists the buffet ads left over.
@Suite(.serialized) struct ResolutionVerdictTests {
    let server: TestServer

    init() throws {
        server = try TestServer()
    }

    @Test func validateFollowOnAPodWithADeadWrapperSaysInvalidAndExitsOne() async throws {
        try server.register("verdict-gone", body: "gone", status: 404)
        let pod = ChainDocuments.vast(
            ChainDocuments.inLineAd(hop: 0, id: "one", sequence: 1),
            ChainDocuments.wrapperAd(hop: 0, id: "dead", sequence: 2, next: server.docURL("verdict-gone")))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pod-\(UUID().uuidString).xml")
        try pod.replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL).write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let plain = CapturedConsole()
        #expect(await plain.run(["validate", "--json", file.path]) == .success)
        let followed = CapturedConsole()
        #expect(await followed.run(["validate", "--json", "--follow", file.path]) == .invalid)
        let document = try #require((try followed.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["valid"] as? Bool == false)
        let failed = (document["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "ad.failed" }
        #expect(failed.map { $0["location"] as? String } == ["hop 0: /VAST/Ad[2]"])
        #expect(failed.first?["vastErrorCode"] as? Int == 301)
        let human = CapturedConsole()
        #expect(await human.run(["validate", "--follow", file.path]) == .invalid)
        #expect(human.out.contains("\n\(file.path): error: this ad will not play (VAST error 301 at hop 1: "))
        #expect(human.out.contains("its error pixels were fired (at /VAST/Ad[2]) [ad.failed]\n"))
        #expect(human.out.contains("  (2 hops; 1 ad, "), "the ads that play, not the <Ad> elements written")
    }

    /// The pod of the test above, served: its second ad's Wrapper leads to a 404.
    private func deadPod(_ name: String) throws -> String {
        try server.register("\(name)-gone", body: "gone", status: 404)
        try server.register(
            name,
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "one", sequence: 1),
                ChainDocuments.wrapperAd(hop: 0, id: "dead", sequence: 2, next: server.docURL("\(name)-gone"))))
        return server.docURL(name)
    }

    @Test func aTagURLOfAPodWithADeadWrapperIsInvalidAndExitsOne() async throws {
        let tag = try deadPod("verdict-tag")
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", tag]) == .invalid)
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["valid"] as? Bool == false)
        let summary = CapturedConsole()
        _ = await summary.run(["validate", "--json", tag, tag])
        let outcomes = (try summary.json()["breakdown"] as? [String: Any])?["outcomes"] as? [String: Int]
        #expect(outcomes?["adFailed"] == 2)
    }

    @Test func reportOnAPodWithADeadWrapperSaysInvalidWithTheCodeAndExitsOne() async throws {
        let tag = try deadPod("verdict-report")
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("verdict-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let captured = CapturedConsole()
        #expect(await captured.run(["report", tag, "-o", page.path]) == .invalid)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<span class=\"badge invalid\">invalid</span>"))
        #expect(html.contains("<dt>error code</dt><dd>301 (Wrapper VASTAdTagURI timed out or unavailable)</dd>"))
        #expect(html.contains("Ad &quot;dead&quot; at hop 0 /VAST/Ad[2] will not play: VAST error 301 at hop 1"))
        #expect(
            captured.out.hasPrefix(
                "wrote \(page.path): VAST 4.2, invalid, error 301 (Wrapper VASTAdTagURI timed out "
                    + "or unavailable), 1 ad, 2 hops"))
        #expect(captured.out.contains("\n    why: ad \"dead\" at hop 0 /VAST/Ad[2] will not play"))
    }

    @Test func inspectOnAPodWithADeadWrapperListsItAndExitsOne() async throws {
        let tag = try deadPod("verdict-inspect")
        let text = CapturedConsole()
        #expect(await text.run(["inspect", tag]) == .invalid)
        #expect(
            text.out.contains(
                "\nAds that will not play:\n  hop 0 /VAST/Ad[2] \"dead\"  error 301 (Wrapper VASTAdTagURI "
                    + "timed out or unavailable) at hop 1: "))
        let json = CapturedConsole()
        #expect(await json.run(["inspect", "--json", tag]) == .invalid)
        let failed = try #require(try json.json()["failed"] as? [[String: Any]])
        #expect(
            failed.map {
                "\($0["id"] as? String ?? "") \($0["location"] as? String ?? "") \($0["errorCode"] as? Int ?? 0)"
            }
                == ["dead /VAST/Ad[2] 301"])
    }

    @Test func simulateOnAPodWithADeadWrapperPlaysTheAdThatPlaysAndExitsOne() async throws {
        let tag = try deadPod("verdict-simulate")
        let captured = CapturedConsole()
        #expect(await captured.run(["simulate", "--json", tag]) == .invalid)
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [[String: Any]])
        #expect(timeline.first?["event"] as? String == "impression")
        #expect(
            captured.err.hasPrefix("vastcheck: ad dead at hop 0 /VAST/Ad[2] will not play: VAST error 301, "),
            "\(captured.err)")
    }

    @Test func inspectListsTheBuffetAdsLeftOver() async throws {
        try server.register(
            "leftover-0",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "first"), ChainDocuments.inLineAd(hop: 0, id: "second"),
                ChainDocuments.inLineAd(hop: 0, id: "third")))
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", server.docURL("leftover-0")]) == .success)
        let remaining = try #require(try captured.json()["remaining"] as? [[String: Any]])
        #expect(
            remaining.map { "\($0["id"] as? String ?? "") \($0["hop"] as? Int ?? -1) \($0["kind"] as? String ?? "")" }
                == ["second 0 inline", "third 0 inline"])
        let text = CapturedConsole()
        #expect(await text.run(["inspect", server.docURL("leftover-0")]) == .success)
        #expect(
            text.out.hasSuffix(
                "Remaining stand-alone ads (not resolved):\n  second  inline  hop 0\n  third  inline  hop 0\n"))
    }
}

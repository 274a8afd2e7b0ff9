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
        try pod.replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL).write(to: file, atomically: true, encoding: .utf8)
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
        #expect(human.out.contains("ad.failed  hop 0: /VAST/Ad[2]"))
    }

    @Test func inspectListsTheBuffetAdsLeftOver() async throws {
        try server.register("leftover-0", body: ChainDocuments.vast(
            ChainDocuments.inLineAd(hop: 0, id: "first"), ChainDocuments.inLineAd(hop: 0, id: "second"),
            ChainDocuments.inLineAd(hop: 0, id: "third")))
        let captured = CapturedConsole()
        #expect(await captured.run(["inspect", "--json", server.docURL("leftover-0")]) == .success)
        let remaining = try #require(try captured.json()["remaining"] as? [[String: Any]])
        #expect(remaining.map { "\($0["id"] as? String ?? "") \($0["hop"] as? Int ?? -1) \($0["kind"] as? String ?? "")" }
            == ["second 0 inline", "third 0 inline"])
        let text = CapturedConsole()
        #expect(await text.run(["inspect", server.docURL("leftover-0")]) == .success)
        #expect(text.out.hasSuffix("Remaining stand-alone ads (not resolved):\n  second  inline  hop 0\n  third  inline  hop 0\n"))
    }
}

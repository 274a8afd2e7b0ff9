import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck validate` on tag URLs served by the loopback server.
@Suite(.serialized) struct ValidateURLTests {
    let server: TestServer

    init() throws {
        server = try TestServer()
    }

    private func document(_ captured: CapturedConsole) throws -> [String: Any] {
        try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
    }

    @Test func aTagURLIsFollowedAndItsChainReported() async throws {
        try server.register("ok-1", body: ChainDocuments.inLine(hop: 1))
        try server.register("ok-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("ok-1")))
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", server.docURL("ok-0")]) == .success)
        let document = try document(captured)
        #expect(document["valid"] as? Bool == true)
        #expect(document["errorCode"] == nil)
        #expect(document["vastVersion"] as? String == "4.2")
        let chain = try #require(document["chain"] as? [[String: Any]])
        #expect(chain.map { $0["url"] as? String } == [server.docURL("ok-0"), server.docURL("ok-1")])
        #expect(chain.map { $0["status"] as? Int } == [200, 200])
        #expect(chain.map { $0["kind"] as? String } == ["wrapper", "inline"])
        #expect(chain.allSatisfy { ($0["bytes"] as? Int ?? 0) > 500 && $0["ms"] is Int })
    }

    @Test func aFailingChainHasItsErrorCodeAndExitsOne() async throws {
        try server.register("bad-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("missing")))
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", server.docURL("bad-0")]) == .invalid)
        let document = try document(captured)
        #expect(document["valid"] as? Bool == false)
        #expect(document["errorCode"] as? Int == 301)
        let chain = try #require(document["chain"] as? [[String: Any]])
        #expect(chain.map { $0["kind"] as? String } == ["wrapper", "error"])
        #expect(chain.last?["status"] as? Int == 404)
        #expect(try server.beacons().isEmpty, "error pixels are only listed unless --fire-errors")
        #expect((document["errorPixels"] as? [[String: Any]])?.first?["code"] as? Int == 301)
    }

    @Test func fireErrorsSendsTheChainsErrorPixels() async throws {
        try server.register("fire-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("missing")))
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--fire-errors", server.docURL("fire-0")])
        #expect(try server.beacons().map(\.target) == ["/beacon/error/hop0?code=301"])
    }

    @Test func maxDepthAndTimeoutOverrideTheDefaults() async throws {
        for hop in 0..<3 {
            try server.register(
                "d-\(hop)",
                body: hop == 2
                    ? ChainDocuments.inLine(hop: hop)
                    : ChainDocuments.wrapper(hop: hop, next: server.docURL("d-\(hop + 1)")))
        }
        let shallow = CapturedConsole()
        #expect(await shallow.run(["validate", "--json", "--max-depth", "1", server.docURL("d-0")]) == .invalid)
        #expect(try document(shallow)["errorCode"] as? Int == 302)
        let slow = CapturedConsole()
        #expect(
            await slow.run(["validate", "--json", "--timeout", "0.3", server.docURL("d-0") + "?delay_ms=1000"])
                == .invalid)
        // The tag's own request timing out has no IAB code (301 is a Wrapper's): it is named for what happened.
        #expect(try document(slow)["errorCode"] == nil)
        #expect((try document(slow)["failure"] as? String)?.contains("failed: timeout: ") == true)
    }

    @Test func everyHopsFindingsAreReportedWithTheHopInTheirLocation() async throws {
        try server.register(
            "f-1",
            body: ChainDocuments.inLine(hop: 1).replacingOccurrences(
                of: "<Duration>00:00:10</Duration>", with: "<Duration>10</Duration>"))
        try server.register("f-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("f-1")))
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", server.docURL("f-0")])
        let findings = try #require(try document(captured)["findings"] as? [[String: Any]])
        let lenient = try #require(findings.first { $0["rule"] as? String == "time.lenient" })
        #expect(lenient["location"] as? String == "hop 1: /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration")
    }

    @Test func aWrapperFileIsFollowedOnlyWithFollow() async throws {
        try server.register("file-1", body: ChainDocuments.inLine(hop: 1))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wrapper-\(UUID().uuidString).xml")
        try ChainDocuments.wrapper(hop: 0, next: server.docURL("file-1"))
            .replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL).write(
                to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let plain = CapturedConsole()
        #expect(await plain.run(["validate", "--json", file.path]) == .success)
        #expect(try document(plain)["chain"] == nil)
        #expect(try server.stats().requests == 0)
        let followed = CapturedConsole()
        #expect(await followed.run(["validate", "--json", "--follow", file.path]) == .success)
        let chain = try #require(try document(followed)["chain"] as? [[String: Any]])
        #expect(chain.map { $0["kind"] as? String } == ["wrapper", "inline"])
        #expect(chain.first?["url"] as? String == file.path)
    }
}

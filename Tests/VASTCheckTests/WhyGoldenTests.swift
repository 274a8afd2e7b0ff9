import Foundation
import TestSupport
import Testing
import VASTCheck

/// Golden tests of what `validate` tells a person about each source: the verdict, the VAST error code
/// with its name, the failing hop and the reason, the resolved ad of a chain, findings as
/// `FILE:LINE:COL: severity: message [rule-id]`, and names shown escaped. Each of these printed
/// `invalid` with no reason, described the first hop, or printed a name raw on the base commit.
/// Server URLs become `{{BASE}}` and times `N ms` in the goldens (the port and the clock vary).
@Suite(.serialized) struct WhyGoldenTests {
    let server: TestServer

    init() throws {
        server = try TestServer()
    }

    private func human(_ arguments: [String], replacing extra: [(String, String)] = []) async -> (String, ExitCode) {
        let captured = CapturedConsole()
        let code = await captured.run(["validate"] + arguments)
        var text = captured.out.replacingOccurrences(of: server.baseURL, with: "{{BASE}}")
        for (from, to) in extra { text = text.replacingOccurrences(of: from, with: to) }
        text = text.replacingOccurrences(of: #"\b\d+ ms\b"#, with: "N ms", options: .regularExpression)
            .replacingOccurrences(of: #"\b\d+ milliseconds\b"#, with: "N milliseconds", options: .regularExpression)
        return (text, code)
    }

    @Test func aTagWhoseWrapperAnswers404SaysTheCodeTheHopAndTheStatus() async throws {
        try server.register("why-404-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("why-404-gone")))
        let (text, code) = await human([server.docURL("why-404-0")])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-http-status.txt")
    }

    /// VAST 4.3's table gives 301 to a Wrapper's VASTAdTagURI that timed out or was unavailable; the tag's own
    /// request has no Wrapper, and no code: it is named for what happened (it was "error 301 (Wrapper
    /// VASTAdTagURI timed out or unavailable)" on the base commit).
    @Test func aTagWhoseOwnRequestAnswers404IsNamedForItWithoutAnIABCode() async throws {
        let tag = server.docURL("why-own-404-gone")
        let (text, code) = await human([tag])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-own-request-404.txt")
        let json = CapturedConsole()
        #expect(await json.run(["validate", "--json", tag]) == .invalid)
        let document = try #require((try json.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["valid"] as? Bool == false)
        #expect(document["errorCode"] == nil)
        #expect(document["failure"] as? String == "the tag's own request to \(tag) failed: HTTP 404")
        let hop = try #require((document["chain"] as? [[String: Any]])?.first)
        #expect(hop["status"] as? Int == 404 && hop["kind"] as? String == "error" && hop["errorCode"] == nil)
        #expect(hop["outcome"] as? String == "badStatus: HTTP 404")
        let breakdown = try #require(try json.json()["breakdown"] as? [String: Any])
        #expect((breakdown["outcomes"] as? [String: Int])?["chainError"] == 1)
        #expect((breakdown["errorCodes"] as? [String: Int])?.isEmpty == true)
    }

    @Test func aTagWhoseOwnRequestTimesOutOrIsRefusedIsNamedForIt() async throws {
        let (slow, slowCode) = await human(["--timeout", "0.3", server.url("/hang")])
        #expect(slowCode == .invalid)
        #expect(
            slow.hasPrefix(
                "✗ {{BASE}}/hang  VAST ?  invalid  timeout on the tag's own request (no IAB code)  (1 hop; no ad)\n"))
        #expect(
            slow.contains(
                "\n    why: hop 0 {{BASE}}/hang (no response, N ms): the tag's own request to {{BASE}}/hang failed: timeout: "
            ))
        let (refused, refusedCode) = await human(["http://127.0.0.1:1/vast.xml"])
        #expect(refusedCode == .invalid)
        #expect(refused.contains("invalid  connect on the tag's own request (no IAB code)"))
        #expect(!slow.contains("301") && !refused.contains("301"))
    }

    @Test func aTagWhoseWrapperTimesOutSaysSo() async throws {
        try server.register("why-slow-1", body: ChainDocuments.inLine(hop: 1))
        try server.register(
            "why-slow-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("why-slow-1") + "?delay_ms=2000"))
        let (text, code) = await human(["--timeout", "0.3", server.docURL("why-slow-0")])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-timeout.txt")
    }

    @Test func aTagThatEndsWithoutAnAdSays303() async throws {
        try server.register("why-noad-1", body: ChainDocuments.noAd(hop: 1))
        try server.register("why-noad-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("why-noad-1")))
        let (text, code) = await human([server.docURL("why-noad-0")])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-no-ad.txt")
    }

    @Test func aLoopingTagNamesTheURLItCameBackTo() async throws {
        try server.register("why-loop-1", body: ChainDocuments.wrapper(hop: 1, next: server.docURL("why-loop-0")))
        try server.register("why-loop-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("why-loop-1")))
        let (text, code) = await human([server.docURL("why-loop-0")])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-loop.txt")
    }

    @Test func aTooDeepTagSays302AndTheLimit() async throws {
        let tag = try server.registerChain("why-deep", hops: 4)
        let (text, code) = await human(["--max-depth", "1", tag])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-depth.txt")
    }

    @Test func aTwoHopChainDescribesTheInLineThatPlaysAndVerboseAddsTheChain() async throws {
        let inLine = ChainDocuments.vast(ChainDocuments.inLineAd(hop: 1, id: "plays"), version: "4.1")
        try server.register("why-two-1", body: inLine)
        try server.register("why-two-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("why-two-1")))
        let (text, code) = await human([server.docURL("why-two-0")])
        #expect(code == .success)
        // The wrapper has no MediaFile and is 4.2; the line says 4.1 and the InLine's media file.
        GoldenFile.check(text, "why-two-hops.txt")
        let (verbose, _) = await human(["-v", server.docURL("why-two-0")])
        GoldenFile.check(
            verbose.replacingOccurrences(of: #"\b\d+ bytes\b"#, with: "N bytes", options: .regularExpression),
            "why-two-hops-verbose.txt")
    }

    @Test func aPodWithADeadAdIsInvalidAndSaysWhichAdAndWhy() async throws {
        try server.register(
            "why-pod-0",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "first", sequence: 1),
                ChainDocuments.wrapperAd(hop: 0, id: "dead", sequence: 2, next: server.docURL("why-pod-gone"))))
        let (text, code) = await human([server.docURL("why-pod-0")])
        #expect(code == .invalid)
        GoldenFile.check(text, "why-pod-dead-ad.txt")
    }

    @Test func findingsAreFileLineColumnSeverityMessageAndRuleID() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Columns counted by hand: <Pricing> after "é" (two bytes, one character) and a <MediaFile> whose
        // start tag runs over two lines (the finding points at its '<').
        let xml = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine>
            <AdSystem>s</AdSystem><AdTitle>é</AdTitle> <Pricing model="CPX" currency="USD">1</Pricing>
            <Impression>https://t.example/i</Impression><AdServingId>x</AdServingId>
            <Creatives><Creative><UniversalAdId idRegistry="r">u</UniversalAdId><Linear><Duration>00:00:05</Duration>
            <MediaFiles>  <MediaFile delivery="download" type="video/mp4"
               width="640" height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let file = folder.appendingPathComponent("columns.xml")
        try Data(xml.utf8).write(to: file)
        let (text, code) = await human([file.path], replacing: [(file.path, "{{FILE}}")])
        #expect(code == .invalid)
        #expect(text.contains("\n{{FILE}}:2:44: warning: model=\"CPX\" is not one of"))
        #expect(text.contains("\n{{FILE}}:5:15: error: delivery=\"download\" is not one of"))
        GoldenFile.check(text, "why-file-line-column.txt")
        // The JSON has the same line and column, and the finer rule id beside the family.
        let json = CapturedConsole()
        _ = await json.run(["validate", "--json", file.path])
        let document = try #require((try json.json()["documents"] as? [[String: Any]])?.first)
        let delivery = try #require(
            (document["findings"] as? [[String: Any]])?.first {
                $0["subrule"] as? String
                    == "attribute.enumeration.MediaFile.delivery"
            })
        #expect(delivery["rule"] as? String == "attribute.enumeration")
        #expect(delivery["line"] as? Int == 5 && delivery["column"] as? Int == 15)
    }

    @Test func aNameHoldingAnEscapeSequenceIsShownEscapedAndKeptExactInJSON() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "tag\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}lmx.xml"
        let file = folder.appendingPathComponent(name)
        // The document's own text carries controls too (XML 1.0 allows C1 controls such as CSI, U+009B,
        // and bidi overrides, not ESC), quoted back in a finding's message.
        let xml = ChainDocuments.inLine(hop: 0).replacingOccurrences(of: "{{BASE_URL}}", with: "https://ads.example")
            .replacingOccurrences(
                of: "<MediaFile delivery=\"progressive\"", with: "<MediaFile delivery=\"\u{9B}31mred\u{202E}\"")
        try Data(xml.utf8).write(to: file)
        let (text, code) = await human([file.path], replacing: [(folder.path, "{{FOLDER}}")])
        #expect(code == .invalid)
        #expect(!text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) })
        #expect(text.contains("delivery=\"\\x9b31mred\\u{202E}\" is not one of"))
        GoldenFile.check(text, "why-escaped-name.txt")
        let json = CapturedConsole()
        _ = await json.run(["validate", "--json", file.path])
        let document = try #require((try json.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["source"] as? String == file.path, "JSON keeps the name exact")
    }
}

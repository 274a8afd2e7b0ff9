import AdResolution
import Foundation
import TestSupport
import Testing
import VAST

/// URLs judged by libcurl's parser through the VAST parser's seam (issue 10, item 3).
@Suite struct CurlURLValidatorTests {
    static func wrapper(tag: String) -> String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>\
        <Impression>https://t.example/i</Impression><VASTAdTagURI><![CDATA[\(tag)]]></VASTAdTagURI></Wrapper></Ad></VAST>
        """
    }

    @Test func aTagURIWithABracketInItsHostIsUnparseableWithCode300() throws {
        let parser = VASTParser(urlValidator: CurlURLValidator.validator)
        let result = try parser.parse(Self.wrapper(tag: "http://host]"))
        let findings = result.findings.filter { $0.rule == "url.unparseable" }
        #expect(findings.map(\.location) == ["/VAST/Ad[1]/Wrapper/VASTAdTagURI"])
        #expect(findings.first?.severity == .error && findings.first?.vastErrorCode == .wrapper)
        #expect(findings.first?.message.contains("hostname") == true, "\(findings)")
        #expect(!result.isValid)
    }

    @Test func theBuiltInChecksAloneDoNotJudgeTheHost() throws {
        let result = try VASTParser().parse(Self.wrapper(tag: "http://host]"))
        #expect(!result.findings.contains { $0.rule == "url.unparseable" })
    }

    @Test(arguments: [
        "https://ads.example/vast?cb=[CACHEBUSTING]&ts=[TIMESTAMP]",
        "https://ads.example/vast?cb=%%CACHEBUSTING%%",
        "https://[DOMAIN]/vast",
        "https://ads.example:443/[PLAYERSIZE]/vast",
        "https://ads.example/vast?u=[UNKNOWNMACRO]",
        "http://[::1]:8080/vast",
        "https://ads.example/e?code=%5BERRORCODE%5D",
        "https://%5BDOMAIN%5D/vast",
        "https://%5bDOMAIN%5d/vast?cb=%%CACHEBUSTING%%",
    ])
    func urlsThatWorkOnceMacrosAreExpandedAreAccepted(_ url: String) {
        #expect(CurlURLValidator.problem(with: url) == nil, "\(url)")
    }

    /// Each refusal says what libcurl's parser found wrong (its `curl_url_strerror` text), not only that
    /// something was.
    @Test(arguments: [
        ("http://host]", "hostname"),
        ("https://[NOTAMACRO]/vast", "IPv6"),
        ("https://ads.example:99999/vast", "Port number"),
        ("https://ads.example/a b", "Bad path"),
        ("http://", "No host part"),
    ])
    func urlsCurlCannotUseAreRefusedWithItsReason(_ url: String, _ reason: String) {
        let problem = CurlURLValidator.problem(with: url)
        #expect(problem?.contains(reason) == true, "\(url): \(problem ?? "accepted")")
    }

    @Test func everyURLElementIsJudgedNotOnlyTheTag() throws {
        let text = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine><AdSystem>s</AdSystem>\
            <Impression>https://t.example:70000/i</Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>\
            <Creatives><Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear>\
            <Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" \
            height="360">https://cdn.example]/m.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let result = try VASTParser(urlValidator: CurlURLValidator.validator).parse(text)
        #expect(
            result.findings.filter { $0.rule == "url.unparseable" }.map(\.location) == [
                "/VAST/Ad[1]/InLine/Impression[1]",
                "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[1]",
            ])
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func videojsWrappersWithABrokenTagURIAreCaught() throws {
        for name in ["wrapper.xml", "wrapper2.xml"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.videojs + "/" + name))
            let result = try VASTParser(urlValidator: CurlURLValidator.validator).parse(data)
            #expect(
                result.findings.filter { $0.rule == "url.unparseable" }.map(\.location)
                    == ["/VAST/Ad[1]/Wrapper/VASTAdTagURI"], "\(name)")
        }
    }

    /// `other/videojs-vast-vpaid` of the outside corpus.
    static let videojs = Corpus.other.appendingPathComponent("videojs-vast-vpaid").path
}

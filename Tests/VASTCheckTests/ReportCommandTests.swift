import Foundation
import Testing

@testable import VASTCheck

/// `vastcheck report SOURCE --html FILE`: a self-contained page with the chain, the findings, the
/// beacon timeline and the tracking; nothing loaded, everything escaped.
@Suite struct ReportCommandTests {
    let full = Repository.path("vast-samples/v42-inline-linear-full.xml")
    let invalid = Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml")
    let noAd = Repository.path("vast-samples/v42-no-ad-response.xml")
    let malformed = Repository.path("vast-samples/v42-malformed-truncated.xml")

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("report-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `report SOURCE --html TMP/page.html` and returns the exit code, the page and the console.
    private func report(_ source: String, _ extra: [String] = []) async throws -> (ExitCode, String?, CapturedConsole) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        let captured = CapturedConsole()
        let code = await captured.run(["report", source, "--html", page.path] + extra)
        return (code, try? String(contentsOf: page, encoding: .utf8), captured)
    }

    /// Every way a page could load or run something: in its tags (every `<` of text is escaped, so each
    /// real `<` starts a tag), a src/href/... attribute, an event handler, or a loading element; in its CSS,
    /// url() or @import.
    private func resourceLoads(in html: String) -> [String] {
        var found: [String] = []
        for tag in matches(#"<[^>]*>"#, in: html) {
            let lower = tag.lowercased()
            let attribute = #"\s(src|href|srcset|action|formaction|poster|data|background|xlink:href)\s*="#
            let handler = #"\son[a-z]+\s*="#
            let element =
                #"^<\s*(script|iframe|img|link|object|embed|frame|base|video|audio|image|use|foreignobject)\b"#
            if !matches(attribute, in: lower).isEmpty || !matches(handler, in: lower).isEmpty
                || !matches(element, in: lower).isEmpty
            {
                found.append(tag)
            }
        }
        for style in matches(#"(?s)<style>.*?</style>"#, in: html) {
            found += matches(#"(?i)url\s*\(|@import"#, in: style)
        }
        return found
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text.startIndex..<text.endIndex
        while let range = text.range(of: pattern, options: .regularExpression, range: rest) {
            found.append(String(text[range]))
            guard range.upperBound < text.endIndex else { break }
            rest = (range.isEmpty ? text.index(after: range.upperBound) : range.upperBound)..<text.endIndex
        }
        return found
    }

    @Test func theResourceCheckCatchesLoads() {
        #expect(resourceLoads(in: #"<img src="https://x/a.png">"#).count == 1)
        #expect(resourceLoads(in: #"<a href=http://x>x</a>"#).count == 1)
        #expect(resourceLoads(in: #"<div onclick="x()">"#).count == 1)
        #expect(resourceLoads(in: "<style>a { background: url(http://x) }</style>").count == 1)
        #expect(resourceLoads(in: "<p>&lt;img src=x onerror=alert(1)&gt;</p>").isEmpty)
    }

    @Test func writesTheChainFindingsTimelineAndTracking() async throws {
        let (code, html, captured) = try await report(full)
        #expect(code == .success)
        let page = try #require(html)
        #expect(captured.out.hasPrefix("wrote "))
        #expect(captured.out.hasSuffix(": VAST 4.2, valid, 1 ad, 1 hop, 0 findings, 5 beacons\n"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<span class=\"badge valid\">valid</span>"))
        // The chain: hop 0 is the file itself.
        #expect(page.contains("<section id=\"chain\">"))
        #expect(page.contains("<span class=\"hopno\">hop 0</span><span class=\"kind\">inline</span>"))
        #expect(page.contains("<div class=\"url\">\(full)</div>"))
        #expect(page.contains("<section id=\"findings\">"))
        // The timeline: an SVG with a mark per beacon, titled with the time, hop and URL.
        #expect(page.contains("<svg class=\"timeline\""))
        #expect(page.contains("<title>start at 0.000 s\nhop 0: https://ads.example.com/v42/t?e=start</title>"))
        #expect(page.contains("<title>complete at 30.000 s\nhop 0: https://ads.example.com/v42/t?e=complete</title>"))
        #expect(page.contains("progress@75%"))
        #expect(page.components(separatedBy: "<g class=\"mark\"").count - 1 == 5)
        // The tracking, grouped by event.
        #expect(page.contains("<th scope=\"rowgroup\" rowspan=\"1\">iconClickTracking</th>"))
        #expect(page.contains("https://ads.example.com/v42/custom?what=recipe"))
        #expect(resourceLoads(in: page) == [])
    }

    @Test func findingsAreColouredBySeverity() async throws {
        let (code, html, _) = try await report(invalid)
        #expect(code == .invalid, "an invalid document exits 1 even when it has an ad to play")
        let page = try #require(html)
        #expect(page.contains("<span class=\"badge invalid\">invalid</span>"))
        #expect(
            page.contains(
                "<tr class=\"sev-error\"><td><span class=\"sev\">error</span></td>"
                    + "<td class=\"rule\">required-element</td><td class=\"loc\">/VAST/Ad[1]/InLine"))
        #expect(page.contains("tr.sev-error { background"))
        #expect(resourceLoads(in: page) == [])
    }

    @Test func aSourceWithoutAnAdStillGetsItsPageAndExitsOne() async throws {
        let (code, html, captured) = try await report(noAd)
        #expect(code == .invalid)
        let page = try #require(html)
        #expect(captured.out.contains("invalid, error 303 (no ads after one or more Wrappers), no ad"))
        #expect(page.contains("<span class=\"badge noad\">no ad</span>"))
        #expect(page.contains("<dt>error code</dt><dd>303 (no ads after one or more Wrappers)</dd>"))
        #expect(page.contains("<span class=\"kind\">noAd</span>"))
        #expect(page.contains("No ad, so no playback to simulate."))
        #expect(resourceLoads(in: page) == [])
    }

    @Test func aMalformedDocumentShowsTheParseError() async throws {
        let (code, html, _) = try await report(malformed)
        #expect(code == .invalid)
        let page = try #require(html)
        #expect(page.contains("<p class=\"failure\">The document could not be read as VAST (error 100)"))
        #expect(page.contains("<span class=\"code\">error 100</span>"))
    }

    @Test func hostileURLsAndNamesAreEscaped() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let attack = #"https://evil.example/i?<script>alert(1)</script>&q="><img src=x onerror=alert(2)>"#
        let xml = """
            <VAST version="4.2"><Ad id="x&lt;b&gt;"><InLine>
              <AdSystem>Evil</AdSystem><AdTitle><![CDATA[</title><script>alert(3)</script>]]></AdTitle>
              <Impression><![CDATA[\(attack)]]></Impression>
              <Creatives><Creative><UniversalAdId idRegistry="x">u</UniversalAdId><Linear>
                <Duration>00:00:10</Duration>
                <TrackingEvents><Tracking event="start"><![CDATA[\(attack)&e=start]]></Tracking></TrackingEvents>
                <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
                  <![CDATA[https://cdn.example/a.mp4?<script>]]></MediaFile></MediaFiles>
              </Linear></Creative></Creatives>
            </InLine></Ad></VAST>
            """
        let source = directory.appendingPathComponent("tag<script>alert(4)<\\script>.xml")
        try Data(xml.utf8).write(to: source)
        let (code, html, _) = try await report(source.path)
        #expect(code == .invalid, "its URLs are not URLs a player can fetch")
        let page = try #require(html)
        #expect(page.range(of: "<script", options: .caseInsensitive) == nil)
        #expect(page.range(of: "<img", options: .caseInsensitive) == nil)
        #expect(page.components(separatedBy: "</title>").count == page.components(separatedBy: "<title>").count)
        #expect(
            page.contains(
                "https://evil.example/i?&lt;script&gt;alert(1)&lt;/script&gt;&amp;q=&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"
            ))
        #expect(page.contains("Ad &quot;x&lt;b&gt;&quot;: &lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
        #expect(page.contains("tag&lt;script&gt;alert(4)&lt;\\script&gt;.xml"))
        // The hover titles in the SVG escape the same way.
        #expect(page.contains("<title>impression at 0.000 s\nhop 0: https://evil.example/i?&lt;script&gt;"))
        #expect(resourceLoads(in: page) == [])
    }

    @Test func theEscaperCoversTextAndAttributes() {
        #expect(
            HTML.escape(#"<a href="x" title='y'>&amp;</a>"#)
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
        #expect(HTML.escape("tab\tline\nbell\u{7}del\u{7F}") == "tab\tline\nbell\u{FFFD}del\u{FFFD}")
    }

    @Test func htmlDashWritesThePageToStandardOutput() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["report", full, "--html", "-"]) == .success)
        #expect(captured.out.hasPrefix("<!DOCTYPE html>"))
        #expect(captured.out.hasSuffix("</html>\n"))
    }

    @Test func standardInputIsASource() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        let captured = CapturedConsole(stdin: bytes)
        #expect(await captured.run(["report", "-", "--html", "-"]) == .success)
        #expect(captured.out.contains("<p class=\"source\">-</p>"))
        #expect(captured.out.contains("<svg class=\"timeline\""))
    }

    @Test func anUnreadableSourceExitsTwoAndWritesNothing() async throws {
        let (code, html, captured) = try await report("/no/such/tag.xml")
        #expect(code == .unreadable)
        #expect(html == nil)
        #expect(captured.err == "vastcheck: cannot read /no/such/tag.xml: no such file or directory (check the path)\n")
    }

    @Test func anUnwritablePageExitsTwo() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["report", full, "--html", "/no/such/dir/page.html"]) == .unreadable)
        #expect(captured.err.hasPrefix("vastcheck: cannot write /no/such/dir/page.html"))
    }

    @Test(arguments: [
        (["report"], "report needs a SOURCE"),
        (["report", "tag.xml"], "report needs -o FILE"),
        (["report", "a.xml", "b.xml", "--html", "x.html"], "report takes one SOURCE, got 2"),
        (["report", "tag.xml", "--html"], "--html needs a value"),
        (["report", "tag.xml", "--html", "x.html", "--timeout", "0"], "--timeout takes a number of seconds"),
        (["report", "tag.xml", "--html", "x.html", "--duration", "soon"], "--duration takes a number of seconds"),
        (["report", "tag.xml", "--html", "x.html", "--json"], "unknown option --json"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(arguments) == .usage)
        #expect(captured.err.contains(message))
        #expect(captured.err.contains("See 'vastcheck report --help' for more information."))
        #expect(captured.out.isEmpty)
    }
}

/// The report's tracking table lists what `inspect` lists: no empty URL rows, and NonLinear and Companion
/// events apart from the Linear's.
@Suite struct ReportTrackingTableTests {
    @Test func theTrackingTableKeepsOverlayEventsApartAndLeavesEmptyURLsOut() async throws {
        let xml = """
            <VAST version="3.0"><Ad id="t"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression></Impression><Impression><![CDATA[https://i.example/imp]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><TrackingEvents>
            <Tracking event="creativeView"><![CDATA[https://l.example/view]]></Tracking>
            <Tracking event="start"> </Tracking></TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
            <![CDATA[https://m.example/v.mp4]]></MediaFile></MediaFiles></Linear></Creative>
            <Creative><NonLinearAds><NonLinear width="300" height="50"><StaticResource creativeType="image/png">
            <![CDATA[https://n.example/o.png]]></StaticResource></NonLinear><TrackingEvents>
            <Tracking event="creativeView"><![CDATA[https://n.example/view]]></Tracking></TrackingEvents>
            </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let captured = CapturedConsole(stdin: Data(xml.utf8))
        _ = await captured.run(["report", "-", "--html", page.path])
        let html = try String(contentsOf: page, encoding: .utf8)
        let table = try #require(html.range(of: "<section id=\"tracking\">").map { String(html[$0.lowerBound...]) })
        let heads = table.matches(of: /<th scope="rowgroup"[^>]*>([^<]+)/).map {
            String($0.1).trimmingCharacters(in: .whitespaces)
        }
        #expect(heads == ["impression", "creativeView", "nonLinear creativeView"])
        #expect(!table.contains("<td class=\"url\"></td>"))
    }
}

import Testing
import VAST

/// The one XML escaper (XML 1.0, sections 2.4 and 3.3.3): what must be escaped in character data and in a
/// double-quoted attribute value so that a parser reads back the value that went in.
@Suite struct XMLEscapingTests {
    @Test func characterDataEscapesMarkupAndCarriageReturnButKeepsTabsNewlinesAndQuotes() {
        #expect(
            XMLEscaping.escaped("a & b < c > d \"e\" 'f'\tg\nh\ri", in: .text)
                == "a &amp; b &lt; c &gt; d \"e\" 'f'\tg\nh&#13;i")
    }

    @Test func attributeValuesAlsoEscapeQuotesAndTheWhiteSpaceNormalisationWouldTurnIntoSpaces() {
        #expect(
            XMLEscaping.escaped("a & \"b\" <c>\td\ne\rf", in: .attribute)
                == "a &amp; &quot;b&quot; &lt;c&gt;&#9;d&#10;e&#13;f")
    }

    @Test func textWithNothingToEscapeIsReturnedAsItIs() {
        #expect(XMLEscaping.escaped("plain ünïcode 🎬 text", in: .attribute) == "plain ünïcode 🎬 text")
    }

    @Test func charactersXMLCannotCarryAreFoundAndCanBeReplaced() {
        #expect(XMLEscaping.firstUnrepresentable(in: "ok\t\n\r") == nil)
        #expect(XMLEscaping.firstUnrepresentable(in: "a\u{1}b") == "\u{1}")
        #expect(XMLEscaping.firstUnrepresentable(in: "a\u{FFFE}") == "\u{FFFE}")
        #expect(XMLEscaping.replacingUnrepresentable("a\u{0}b\u{FFFF}c\u{7F}") == "a\u{FFFD}b\u{FFFD}c\u{7F}")
    }

    /// An extension's raw XML is written by the escaper and must read back as itself: a newline or tab
    /// that a character reference put into an attribute value survives a second parse.
    @Test func anExtensionsRawXMLReadsBackAsItselfWithWhiteSpaceInAttributes() throws {
        func extensionXML(_ content: String) throws -> String {
            let xml = """
                <VAST version="4.2"><Ad id="a"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
                <Extensions><Extension type="t">\(content)</Extension></Extensions>
                <Creatives><Creative><Linear><Duration>00:00:10</Duration></Linear></Creative></Creatives>
                </InLine></Ad></VAST>
                """
            let ad = try #require(try VASTParser().parse(xml).document.ads.first)
            return try #require(ad.inLine?.common.extensions.first).rawXML
        }
        let first = try extensionXML(#"<Data note="line&#10;next&#9;tab &quot;q&quot;">x &amp; y&#13;z</Data>"#)
        #expect(first == #"<Data note="line&#10;next&#9;tab &quot;q&quot;">x &amp; y&#13;z</Data>"#)
        #expect(try extensionXML(first) == first)
    }
}

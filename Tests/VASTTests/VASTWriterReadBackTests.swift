import Testing
import VAST

/// What the writer relies on the parser to read back as written: escaped ampersands in attribute
/// values. libxml2, which the parser runs with entities unreplaced, hands `&amp;` over as `&#38;`.
@Suite struct VASTWriterReadBackTests {
    @Test func ampersandsInAttributesAreReadAsAmpersands() throws {
        let xml = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a&amp;b"><InLine>
            <AdSystem version="1&amp;2&#38;3&lt;4&quot;">x</AdSystem>
            <Category authority="https://cat.example/?a=1&amp;b=2">IAB1</Category>
            <Extensions><Extension type="t&amp;u"><Segment u="1&amp;2" literal="&amp;#38;"/></Extension></Extensions>
            </InLine></Ad></VAST>
            """
        let ad = try #require(try VASTParser().parse(xml).document.ads.first)
        let inLine = try #require(ad.inLine)
        #expect(ad.id == "a&b")
        #expect(inLine.common.adSystem?.version == "1&2&3<4\"")
        #expect(inLine.categories.first?.authority == "https://cat.example/?a=1&b=2")
        let extensionXML = try #require(inLine.common.extensions.first)
        #expect(extensionXML.type == "t&u")
        #expect(extensionXML.attributes == [VASTAttribute(name: "type", value: "t&u")])
        // Re-serialised once, not twice: "&amp;#38;" (the text &#38;) stays what it was.
        #expect(extensionXML.rawXML == #"<Segment u="1&amp;2" literal="&amp;#38;"></Segment>"#)
    }
}

import Foundation
import VAST

/// Documents that trigger the validation rules, for the catalogue's coverage test: two templates
/// holding every element and attribute a requirement row names, a mutation that removes one, and
/// small documents for the rules no sample or corpus document breaks.
enum RuleTriggers {
    /// An InLine with every element that a requirement row of an InLine names, each with its
    /// required attributes, in VAST `version` (namespaced from 4.0).
    static func inLineTemplate(version: VASTVersion) -> String {
        """
        <VAST version="\(version.rawValue)"\(namespace(version))><Ad id="a"><InLine><AdSystem>s</AdSystem>\
        <Impression>https://t.example/i</Impression><Pricing model="CPM" currency="USD">1.5</Pricing>\
        <AdServingId>x</AdServingId><AdTitle>t</AdTitle><AdVerifications><Verification vendor="v.example-omid">\
        <JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example/v.js</JavaScriptResource>\
        <ExecutableResource apiFramework="omid" type="application/x-bin">https://v.example/v.bin</ExecutableResource>\
        </Verification></AdVerifications><Category authority="https://iabtechlab.com">IAB1</Category><Creatives>\
        <Creative id="c1"><UniversalAdId idRegistry="Ad-ID" idValue="c1">c1</UniversalAdId><Linear><Duration>00:00:15</Duration>\
        <TrackingEvents><Tracking event="start">https://t.example/s</Tracking></TrackingEvents>\
        <VideoClicks><ClickThrough>https://shop.example/</ClickThrough></VideoClicks>\
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile>\
        <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://cdn.example/m.mov</Mezzanine></MediaFiles>\
        <Icons><Icon program="AdChoices" width="20" height="20" xPosition="left" yPosition="top">\
        <StaticResource creativeType="image/png">https://cdn.example/i.png</StaticResource><IconClicks>\
        <IconClickThrough>https://privacy.example/</IconClickThrough><IconClickFallbackImages>\
        <IconClickFallbackImage width="300" height="250"><StaticResource>https://cdn.example/f.png</StaticResource>\
        </IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative>\
        <Creative id="c2"><UniversalAdId idRegistry="Ad-ID" idValue="c2">c2</UniversalAdId><NonLinearAds>\
        <NonLinear width="300" height="50"><StaticResource creativeType="image/png">https://cdn.example/n.png</StaticResource>\
        </NonLinear></NonLinearAds></Creative><Creative id="c3"><UniversalAdId idRegistry="Ad-ID" idValue="c3">c3</UniversalAdId>\
        <CompanionAds><Companion width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example/c.png\
        </StaticResource><CompanionClickTracking id="cc">https://t.example/cc</CompanionClickTracking></Companion>\
        </CompanionAds></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    /// A Wrapper with every element a requirement row of a Wrapper names.
    static func wrapperTemplate(version: VASTVersion) -> String {
        """
        <VAST version="\(version.rawValue)"\(namespace(version))><Ad id="w"><Wrapper><AdSystem>s</AdSystem>\
        <Impression>https://t.example/i</Impression><BlockedAdCategories authority="https://iabtechlab.com">IAB25\
        </BlockedAdCategories><Creatives><Creative><CompanionAds><Companion width="300" height="250">\
        <CompanionClickTracking id="cc">https://t.example/cc</CompanionClickTracking></Companion></CompanionAds></Creative>\
        <Creative><NonLinearAds><NonLinear width="300" height="50"><NonLinearClickTracking>https://t.example/nc\
        </NonLinearClickTracking></NonLinear></NonLinearAds></Creative></Creatives>\
        <VASTAdTagURI>https://ads.example/next</VASTAdTagURI></Wrapper></Ad></VAST>
        """
    }

    static func namespace(_ version: VASTVersion) -> String {
        version.isVAST4 ? #" xmlns="http://www.iab.com/VAST""# : ""
    }

    /// The range of the first `<name ...>` start tag (not a longer name that starts the same) at or after `from`.
    static func startTag(_ name: String, in text: String, from: String.Index) -> Range<String.Index>? {
        var search = from
        while let found = text.range(of: "<" + name, range: search..<text.endIndex) {
            let next = text[found.upperBound]
            if next == " " || next == ">" || next == "/" {
                guard let close = text.range(of: ">", range: found.upperBound..<text.endIndex) else { return nil }
                return found.lowerBound..<close.upperBound
            }
            search = found.upperBound
        }
        return nil
    }

    /// `text` without any `child` element inside the first `parent` element.
    static func removingChild(_ child: String, of parent: String, in text: String) -> String? {
        guard let parentTag = startTag(parent, in: text, from: text.startIndex),
            startTag(child, in: text, from: parentTag.upperBound) != nil
        else { return nil }
        var result = text
        while let parentEnd = result.range(of: "</\(parent)>", range: parentTag.upperBound..<result.endIndex),
            let childTag = startTag(child, in: result, from: parentTag.upperBound),
            childTag.upperBound <= parentEnd.lowerBound
        {
            if result[childTag].hasSuffix("/>") {
                result.removeSubrange(childTag)
                continue
            }
            guard let end = result.range(of: "</\(child)>", range: childTag.upperBound..<result.endIndex) else {
                return nil
            }
            result.removeSubrange(childTag.lowerBound..<end.upperBound)
        }
        return result
    }

    /// `text` without attribute `name` on the first `element` start tag.
    static func removingAttribute(_ name: String, of element: String, in text: String) -> String? {
        guard let tag = startTag(element, in: text, from: text.startIndex),
            let attribute = text.range(of: " \(name)=\"", range: tag),
            let quote = text.range(of: "\"", range: attribute.upperBound..<tag.upperBound)
        else { return nil }
        var result = text
        result.removeSubrange(attribute.lowerBound..<quote.upperBound)
        return result
    }

    /// Small documents for the rules the samples and corpora do not break, each with the rule or
    /// finer check it is for, and the parser that reads it.
    static let documents: [(rule: String, text: String, parser: VASTParser)] = {
        let plain = VASTParser()
        let inLine = inLineTemplate(version: .v4_2)
        func replacing(_ old: String, _ new: String) -> String { inLine.replacingOccurrences(of: old, with: new) }
        return [
            ("value.too-long", inLine, VASTParser(limits: .init(maxTextBytes: 8))),
            (
                "url.unparseable", inLine,
                VASTParser(urlValidator: VASTURLValidator { _ in "refused by the test's validator" })
            ),
            ("value.range", replacing(#"width="640""#, #"width="16385""#), plain),
            ("element.empty.AdSystem", replacing("<AdSystem>s</AdSystem>", "<AdSystem/>"), plain),
            ("element.empty.AdTitle", replacing("<AdTitle>t</AdTitle>", "<AdTitle> </AdTitle>"), plain),
            (
                "element.empty.AdServingId", replacing("<AdServingId>x</AdServingId>", "<AdServingId></AdServingId>"),
                plain
            ),
            (
                "element.empty.Impression", replacing("<Impression>https://t.example/i</Impression>", "<Impression/>"),
                plain
            ),
            (
                "resource.missing.Icon",
                replacing(#"<StaticResource creativeType="image/png">https://cdn.example/i.png</StaticResource>"#, ""),
                plain
            ),
            (
                "resource.missing.NonLinear",
                replacing(#"<StaticResource creativeType="image/png">https://cdn.example/n.png</StaticResource>"#, ""),
                plain
            ),
            (
                "resource.missing.Companion",
                replacing(#"<StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource>"#, ""),
                plain
            ),
            (
                "resource.missing.Verification",
                replacing(
                    #"<JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example/v.js</JavaScriptResource><ExecutableResource apiFramework="omid" type="application/x-bin">https://v.example/v.bin</ExecutableResource>"#,
                    ""), plain
            ),
            ("attribute.enumeration.Ad.adType", replacing(#"<Ad id="a">"#, #"<Ad id="a" adType="radio">"#), plain),
            ("attribute.enumeration.Pricing.model", replacing(#"model="CPM""#, #"model="CPX""#), plain),
            ("attribute.enumeration.Pricing.currency", replacing(#"currency="USD""#, #"currency="dollars""#), plain),
            (
                "attribute.enumeration.MediaFile.delivery",
                replacing(#"<MediaFile delivery="progressive""#, #"<MediaFile delivery="download""#), plain
            ),
            (
                "attribute.enumeration.Mezzanine.delivery",
                replacing(#"<Mezzanine delivery="progressive""#, #"<Mezzanine delivery="download""#), plain
            ),
            ("attribute.enumeration.Icon.xPosition", replacing(#"xPosition="left""#, #"xPosition="center""#), plain),
            ("attribute.enumeration.Icon.yPosition", replacing(#"yPosition="top""#, #"yPosition="middle""#), plain),
            (
                "attribute.enumeration.CompanionAds.required",
                replacing("<CompanionAds>", #"<CompanionAds required="some">"#), plain
            ),
            ("value.format", replacing("</AdTitle>", "</AdTitle><Expires>soon</Expires>"), plain),
            ("url.empty", replacing(">https://cdn.example/a.mp4<", "><"), plain),
            (
                "tracking.offset-ignored",
                replacing(#"<Tracking event="start">"#, #"<Tracking event="start" offset="00:00:05">"#), plain
            ),
            (
                "ad.content-ambiguous",
                replacing("</InLine></Ad>", "</InLine><Wrapper><AdSystem>s</AdSystem></Wrapper></Ad>"), plain
            ),
            ("creative.kind-multiple", replacing("</NonLinearAds>", "</NonLinearAds><CompanionAds/>"), plain),
            ("root.mixed", replacing("<Ad id=", "<Error>https://t.example/e</Error><Ad id="), plain),
            (
                "schema.legacy",
                """
                <VAST version="2.0"><Ad id="w"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURL><URL>https://ads.example/next\
                </URL></VASTAdTagURL><Impression>https://t.example/i</Impression><Creatives/></Wrapper></Ad></VAST>
                """, plain
            ),
            ("element.empty.UniversalAdId", replacing(#"idValue="c2">c2</UniversalAdId>"#, #"idValue="c2"/>"#), plain),
            (
                "element.empty.ClickThrough",
                replacing("<ClickThrough>https://shop.example/</ClickThrough>", "<ClickThrough></ClickThrough>"), plain
            ),
        ]
    }()
}

/// VAST documents for chains served by the loopback server. `{{BASE_URL}}` is filled in by the
/// server on each GET; every pixel goes to its `/beacon/<event>/hop<N>` route.
public enum ChainDocuments {
    public static func pixel(_ event: String, hop: Int) -> String { "{{BASE_URL}}/beacon/\(event)/hop\(hop)" }

    public static func wrapper(hop: Int, next: String, attributes: String = "", blocked: String = "") -> String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w\(hop)"><Wrapper\(attributes.isEmpty ? "" : " " + attributes)>
        <AdSystem>hop\(hop)</AdSystem>
        <Error><![CDATA[\(pixel("error", hop: hop))?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[\(pixel("impression", hop: hop))]]></Impression>
        \(blocked)<Creatives><Creative><Linear><TrackingEvents>
        <Tracking event="start"><![CDATA[\(pixel("start", hop: hop))]]></Tracking>
        <Tracking event="progress" offset="00:00:02"><![CDATA[\(pixel("progress", hop: hop))]]></Tracking>
        </TrackingEvents><VideoClicks><ClickTracking><![CDATA[\(pixel("click", hop: hop))]]></ClickTracking></VideoClicks>
        </Linear></Creative></Creatives>
        <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>
        </Wrapper></Ad></VAST>
        """
    }

    public static func inLineAd(hop: Int, id: String = "inline", sequence: Int? = nil, category: String = "") -> String
    {
        """
        <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine>
        <AdSystem>hop\(hop)</AdSystem>
        <Error><![CDATA[\(pixel("error", hop: hop))?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[\(pixel("impression", hop: hop))?ad=\(id)]]></Impression>
        <AdServingId>serving-\(id)</AdServingId><AdTitle>\(id)</AdTitle>\(category)
        <Creatives><Creative id="creative-\(id)"><UniversalAdId idRegistry="Ad-ID">\(id)</UniversalAdId><Linear>
        <Duration>00:00:10</Duration>
        <TrackingEvents>
        <Tracking event="start"><![CDATA[\(pixel("start", hop: hop))]]></Tracking>
        <Tracking event="complete"><![CDATA[\(pixel("complete", hop: hop))]]></Tracking>
        </TrackingEvents>
        <VideoClicks><ClickThrough><![CDATA[{{BASE_URL}}/landing/\(id)]]></ClickThrough>
        <ClickTracking><![CDATA[\(pixel("click", hop: hop))]]></ClickTracking></VideoClicks>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
        <![CDATA[{{BASE_URL}}/media/\(id).mp4]]></MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad>
        """
    }

    public static func inLine(hop: Int) -> String {
        "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">\(inLineAd(hop: hop))</VAST>"
    }

    public static func noAd(hop: Int) -> String {
        "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\"><Error><![CDATA[\(pixel("error", hop: hop))?code=[ERRORCODE]]]></Error></VAST>"
    }

    /// A whole document around `ads` (`<Ad>` elements).
    public static func vast(_ ads: String..., version: String = "4.2") -> String {
        let namespace = version.hasPrefix("4") ? " xmlns=\"http://www.iab.com/VAST\"" : ""
        return "<VAST version=\"\(version)\"\(namespace)>" + ads.joined() + "</VAST>"
    }

    /// One Wrapper `<Ad>` pointing at `next`, with the pixels of `wrapper(hop:next:)`; `creatives` replaces
    /// its tracking-only Linear (for companions, say).
    public static func wrapperAd(
        hop: Int, id: String? = nil, sequence: Int? = nil, next: String,
        attributes: String = "", creatives: String? = nil
    ) -> String {
        var ad = wrapper(hop: hop, next: next, attributes: attributes)
            .replacingOccurrences(of: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">", with: "")
            .replacingOccurrences(of: "</VAST>", with: "")
        ad = ad.replacingOccurrences(
            of: "<Ad id=\"w\(hop)\">",
            with: "<Ad id=\"\(id ?? "w\(hop)")\""
                + (sequence.map { " sequence=\"\($0)\"" } ?? "") + ">")
        if let creatives { ad = replacingCreatives(of: ad, with: creatives) }
        return ad
    }

    /// An InLine `<Ad>` like `inLineAd(hop:id:sequence:)` whose `<Creatives>` hold `creatives` instead.
    public static func inLineAd(hop: Int, id: String, sequence: Int? = nil, creatives: String) -> String {
        replacingCreatives(of: inLineAd(hop: hop, id: id, sequence: sequence), with: creatives)
    }

    /// A Companion creative with a static image resource, as VAST 2 to 4 write it.
    public static func companionCreative(id: String) -> String {
        """
        <Creative><CompanionAds><Companion id="\(id)" width="300" height="250">\
        <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/media/\(id).png]]></StaticResource>\
        <TrackingEvents><Tracking event="creativeView"><![CDATA[{{BASE_URL}}/beacon/companion/\(id)]]></Tracking>\
        </TrackingEvents></Companion></CompanionAds></Creative>
        """
    }

    private static func replacingCreatives(of ad: String, with creatives: String) -> String {
        guard let open = ad.range(of: "<Creatives>"), let close = ad.range(of: "</Creatives>") else { return ad }
        return String(ad[..<open.upperBound]) + creatives + String(ad[close.lowerBound...])
    }
}

extension TestServer {
    /// Registers `name-0` … `name-(hops-1)`: Wrappers, each pointing at the next with `query`
    /// appended (`?delay_ms=20`, for example), then `last` or an InLine.
    /// - Returns: the tag URL, `name-0` with `query`.
    public func registerChain(_ name: String, hops: Int, query: String = "", last: String? = nil) throws -> String {
        for hop in 0..<hops {
            let body =
                hop == hops - 1
                ? (last ?? ChainDocuments.inLine(hop: hop))
                : ChainDocuments.wrapper(hop: hop, next: docURL("\(name)-\(hop + 1)") + query)
            try register("\(name)-\(hop)", body: body)
        }
        return docURL("\(name)-0") + query
    }
}

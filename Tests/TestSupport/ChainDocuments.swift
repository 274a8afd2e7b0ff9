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

    public static func inLineAd(hop: Int, id: String = "inline", sequence: Int? = nil, category: String = "") -> String {
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
}

extension TestServer {
    /// Registers `name-0` … `name-(hops-1)`: Wrappers, each pointing at the next with `query`
    /// appended (`?delay_ms=20`, for example), then `last` or an InLine.
    /// - Returns: the tag URL, `name-0` with `query`.
    public func registerChain(_ name: String, hops: Int, query: String = "", last: String? = nil) throws -> String {
        for hop in 0..<hops {
            let body = hop == hops - 1
                ? (last ?? ChainDocuments.inLine(hop: hop))
                : ChainDocuments.wrapper(hop: hop, next: docURL("\(name)-\(hop + 1)") + query)
            try register("\(name)-\(hop)", body: body)
        }
        return docURL("\(name)-0") + query
    }
}

// The chain documents, as in Tests/AdEngineTests/Support/ChainDocuments.swift: VAST 4.2 Wrappers
// (impression, error, two trackings, a click tracking) leading to an InLine with one Linear
// creative. `{{BASE_URL}}` is filled in by the server on each GET.

enum ChainDocuments {
    static func pixel(_ event: String, hop: Int) -> String { "{{BASE_URL}}/beacon/\(event)/hop\(hop)" }

    static func wrapper(hop: Int, next: String) -> String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="w\(hop)"><Wrapper>
        <AdSystem>hop\(hop)</AdSystem>
        <Error><![CDATA[\(pixel("error", hop: hop))?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[\(pixel("impression", hop: hop))]]></Impression>
        <Creatives><Creative><Linear><TrackingEvents>
        <Tracking event="start"><![CDATA[\(pixel("start", hop: hop))]]></Tracking>
        <Tracking event="progress" offset="00:00:02"><![CDATA[\(pixel("progress", hop: hop))]]></Tracking>
        </TrackingEvents><VideoClicks><ClickTracking><![CDATA[\(pixel("click", hop: hop))]]></ClickTracking></VideoClicks>
        </Linear></Creative></Creatives>
        <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>
        </Wrapper></Ad></VAST>
        """
    }

    static func inLine(hop: Int, id: String = "inline") -> String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="\(id)"><InLine>
        <AdSystem>hop\(hop)</AdSystem>
        <Error><![CDATA[\(pixel("error", hop: hop))?code=[ERRORCODE]]]></Error>
        <Impression><![CDATA[\(pixel("impression", hop: hop))?ad=\(id)]]></Impression>
        <AdServingId>serving-\(id)</AdServingId><AdTitle>\(id)</AdTitle>
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
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    /// Registers `name-0` ... `name-(hops-1)` (wrappers, then an InLine), every link carrying
    /// `?delay_ms=latency`. Returns the tag URL (itself with the delay).
    static func registerChain(_ name: String, hops: Int, latencyMs: Int, on server: BenchServer) throws -> String {
        let query = "?delay_ms=\(latencyMs)"
        for hop in 0..<hops {
            let body = hop == hops - 1
                ? inLine(hop: hop)
                : wrapper(hop: hop, next: "{{BASE_URL}}/doc/\(name)-\(hop + 1)" + query)
            try server.register("\(name)-\(hop)", body: body)
        }
        return server.url("/doc/\(name)-0" + query)
    }
}

extension VASTRuleCatalog {
    private typealias R = VASTRule

    /// The rule families, in the order docs/rules.md lists them. Ids before this catalogue existed
    /// are unchanged (scripts read them from JSON).
    static let families: [VASTRule] = [
        R(
            id: "required-element", severity: .error, category: .content, section: "3.4",
            vastErrorCode: .schemaValidation,
            summary:
                "A child element the version requires is missing (errors where the text gives no default, warnings where it names a fallback or only the schema asks)",
            badExample:
                "<InLine><AdTitle>Spot</AdTitle><Impression>https://t.example/i</Impression><Creatives>…</Creatives></InLine>",
            goodExample:
                "<InLine><AdSystem>Acme</AdSystem><AdTitle>Spot</AdTitle><Impression>https://t.example/i</Impression><Creatives>…</Creatives></InLine>"
        ),
        R(
            id: "required-attribute", severity: .error, category: .content, section: "3.9.1",
            vastErrorCode: .schemaValidation,
            summary: "An attribute the version requires is missing or empty",
            badExample: #"<MediaFile type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile>"#,
            goodExample:
                #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile>"#
        ),
        R(
            id: "attribute.value", severity: .error, category: .content, section: "3.9.1",
            vastErrorCode: .schemaValidation,
            summary: "A number or boolean attribute that is not one (\"720.0\" is read with a tolerance warning)",
            badExample: #"<MediaFile delivery="progressive" type="video/mp4" width="wide" height="360">…</MediaFile>"#,
            goodExample: #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360">…</MediaFile>"#),
        R(
            id: "attribute.enumeration", severity: .error, category: .content, section: "3.9.1",
            vastErrorCode: .schemaValidation,
            summary:
                "An attribute outside its allowed values: delivery (error), adType, CompanionAds required, Pricing model and currency, icon positions (warnings)",
            badExample: #"<MediaFile delivery="download" type="video/mp4" width="640" height="360">…</MediaFile>"#,
            goodExample: #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360">…</MediaFile>"#),
        R(
            id: "value.format", severity: .error, category: .content, section: "3.4.10",
            vastErrorCode: .schemaValidation,
            summary: "<Expires> that is not a number of seconds, <Pricing> that is not a decimal number",
            badExample: "<Expires>soon</Expires>", goodExample: "<Expires>3600</Expires>"),
        R(
            id: "value.too-long", severity: .error, category: .content, section: nil, vastErrorCode: .schemaValidation,
            summary: "A value longer than the parser's maxTextBytes (1 MiB by default); the rest is dropped",
            badExample: "<AdParameters>(more than 1 MiB of text)</AdParameters>",
            goodExample: "<AdParameters>{\"id\": 7}</AdParameters>"),
        R(
            id: "value.range", severity: .error, category: .content, section: "3.9.1", vastErrorCode: .schemaValidation,
            summary:
                "A number outside the bounds real ads stay in (VASTValueBounds): the element is not used, a time is read as unknown",
            badExample:
                #"<MediaFile delivery="progressive" type="video/mp4" width="9223372036854775807" height="360">…</MediaFile>"#,
            goodExample: #"<MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">…</MediaFile>"#
        ),
        R(
            id: "time.format", severity: .error, category: .content, section: "3.8.1", vastErrorCode: .schemaValidation,
            summary: "A duration or offset that is not a time",
            badExample: "<Duration>00:75:00</Duration>", goodExample: "<Duration>00:00:30</Duration>"),
        R(
            id: "time.lenient", severity: .warning, category: .tolerance, section: "3.8.1",
            summary:
                "A time in a form players accept but the spec does not write (1:2:3, bare seconds, other fraction lengths)",
            badExample: "<Duration>30</Duration>", goodExample: "<Duration>00:00:30</Duration>"),
        R(
            id: "tracking.event-unknown", severity: .error, category: .content, section: "3.14.1",
            vastErrorCode: .schemaValidation,
            summary:
                "A tracking event no VAST version defines; a Verification event other than verificationNotExecuted",
            badExample: #"<Tracking event="halfway">https://t.example/h</Tracking>"#,
            goodExample: #"<Tracking event="midpoint">https://t.example/h</Tracking>"#),
        R(
            id: "tracking.event-version", severity: .warning, category: .content, section: "3.14.1",
            summary: "A tracking event defined by another version than the document's",
            badExample: #"<VAST version="2.0">…<Tracking event="skip">https://t.example/s</Tracking>"#,
            goodExample: #"<VAST version="3.0">…<Tracking event="skip">https://t.example/s</Tracking>"#),
        R(
            id: "tracking.progress-offset", severity: .error, category: .content, section: "3.14.3",
            vastErrorCode: .schemaValidation,
            summary: "A progress event without an offset",
            badExample: #"<Tracking event="progress">https://t.example/p</Tracking>"#,
            goodExample: #"<Tracking event="progress" offset="00:00:05">https://t.example/p</Tracking>"#),
        R(
            id: "tracking.offset-ignored", severity: .warning, category: .content, section: "3.14.3",
            summary: "An offset players ignore: on an event other than progress, or on tracking outside <Linear>",
            badExample: #"<Tracking event="start" offset="00:00:05">https://t.example/s</Tracking>"#,
            goodExample: #"<Tracking event="progress" offset="00:00:05">https://t.example/s</Tracking>"#),
        R(
            id: "url.invalid", severity: .error, category: .content, section: "2.3.3", vastErrorCode: .schemaValidation,
            summary:
                "Not an http(s) URL (error; 300 for a tag URI); protocol-relative, streaming, spaces or control characters (warnings)",
            badExample: "<MediaFile …>spot.mp4</MediaFile>",
            goodExample: "<MediaFile …>https://cdn.example/spot.mp4</MediaFile>"),
        R(
            id: "url.relative", severity: .warning, category: .tolerance, section: "2.3.3",
            summary:
                "A relative VASTAdTagURI: resolved against the URL of the document holding it (RFC 3986; a file's folder for a file), as players do; some players cannot",
            badExample: "<VASTAdTagURI>next-wrapper.xml</VASTAdTagURI>",
            goodExample: "<VASTAdTagURI>https://ads.example/next-wrapper.xml</VASTAdTagURI>"),
        R(
            id: "url.unparseable", severity: .error, category: .content, section: "2.3.3",
            vastErrorCode: .schemaValidation,
            summary:
                "An http(s) URL the URL validator (libcurl's parser, with CurlURLValidator) refuses, macros judged as their values; 300 for a tag URI",
            badExample: "<VASTAdTagURI>http://host]</VASTAdTagURI>",
            goodExample: "<VASTAdTagURI>https://ads.example/vast?cb=[CACHEBUSTING]</VASTAdTagURI>"),
        R(
            id: "url.empty", severity: .error, category: .content, section: "3.19.1", vastErrorCode: .schemaValidation,
            summary: "An empty VASTAdTagURI or MediaFile (error); other empty URIs but Impression and Error (warning)",
            badExample: "<VASTAdTagURI></VASTAdTagURI>",
            goodExample: "<VASTAdTagURI>https://ads.example/next</VASTAdTagURI>"),
        R(
            id: "url.split", severity: .warning, category: .tolerance, section: "2.3.3",
            summary: "A URI split across CDATA sections (joined)",
            badExample: "<Impression><![CDATA[https://t.example/]]><![CDATA[i]]></Impression>",
            goodExample: "<Impression><![CDATA[https://t.example/i]]></Impression>"),
        R(
            id: "url.whitespace", severity: .info, category: .tolerance, section: "2.3.3",
            summary: "Whitespace inside the CDATA or text around a URI (trimmed)",
            badExample: "<Impression><![CDATA[ https://t.example/i ]]></Impression>",
            goodExample: "<Impression><![CDATA[https://t.example/i]]></Impression>"),
        R(
            id: "url.macro-unencoded", severity: .info, category: .schema, section: "2.3.3",
            summary:
                "A [MACRO] in clear: players expand it, but the XSD's anyURI rejects it; %5BMACRO%5D is expanded alike",
            badExample: "<Error>https://t.example/e?c=[ERRORCODE]</Error>",
            goodExample: "<Error>https://t.example/e?c=%5BERRORCODE%5D</Error>"),
        R(
            id: "boolean.lenient", severity: .warning, category: .tolerance, section: "3.19",
            summary: "True, TRUE, yes and the like for a boolean (1 and 0 are valid xs:boolean)",
            badExample: #"<Wrapper followAdditionalWrappers="True">"#,
            goodExample: #"<Wrapper followAdditionalWrappers="true">"#),
        R(
            id: "attribute.name-case", severity: .warning, category: .tolerance, section: "3.7",
            summary: "An attribute name in another case than the version writes it (AdID in 4.x)",
            badExample: #"<VAST version="4.2">…<Creative AdID="SPOT-1">"#,
            goodExample: #"<VAST version="4.2">…<Creative adId="SPOT-1">"#),
        R(
            id: "element.empty", severity: .error, category: .content, section: "3.4.1",
            vastErrorCode: .schemaValidation,
            summary:
                "A required value present but empty: AdSystem, AdTitle, AdServingId, every Impression; "
                + "an empty UniversalAdId or InLine ClickThrough (warnings: the text gives a fallback)",
            badExample: "<AdSystem></AdSystem>", goodExample: "<AdSystem>Acme Ads</AdSystem>"),
        R(
            id: "resource.missing", severity: .error, category: .content, section: "3.15",
            summary:
                "An InLine Companion (604), NonLinear (503) or Icon with no resource (an empty one is none); "
                + "a Verification with no script (warning, 410)",
            badExample: #"<Companion width="300" height="250"><AltText>Shop</AltText></Companion>"#,
            goodExample:
                #"<Companion width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource></Companion>"#
        ),
        R(
            id: "ad.content-missing", severity: .error, category: .content, section: "3.3.2",
            vastErrorCode: .schemaValidation,
            summary: "An Ad with neither InLine nor Wrapper", badExample: #"<Ad id="a"></Ad>"#,
            goodExample: #"<Ad id="a"><InLine>…</InLine></Ad>"#),
        R(
            id: "ad.content-ambiguous", severity: .error, category: .content, section: "3.3.2",
            vastErrorCode: .schemaValidation,
            summary: "An Ad with both InLine and Wrapper (the last is used)",
            badExample: #"<Ad id="a"><InLine>…</InLine><Wrapper>…</Wrapper></Ad>"#,
            goodExample: #"<Ad id="a"><InLine>…</InLine></Ad>"#),
        R(
            id: "creative.kind-missing", severity: .error, category: .content, section: "3.7",
            vastErrorCode: .schemaValidation,
            summary: "A Creative with no Linear, NonLinearAds or CompanionAds (info in a Wrapper)",
            badExample: #"<Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId></Creative>"#,
            goodExample:
                #"<Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear>…</Linear></Creative>"#),
        R(
            id: "creative.kind-multiple", severity: .warning, category: .schema, section: "3.7",
            summary: "A Creative with more than one of Linear, NonLinearAds, CompanionAds (the last is used)",
            badExample: "<Creative><Linear>…</Linear><CompanionAds>…</CompanionAds></Creative>",
            goodExample: "<Creative><Linear>…</Linear></Creative><Creative><CompanionAds>…</CompanionAds></Creative>"),
        R(
            id: "pod.sequence-duplicate", severity: .error, category: .content, section: "3.3.1",
            vastErrorCode: .schemaValidation,
            summary: "Two ads with the same sequence", badExample: #"<Ad sequence="1">…</Ad><Ad sequence="1">…</Ad>"#,
            goodExample: #"<Ad sequence="1">…</Ad><Ad sequence="2">…</Ad>"#),
        R(
            id: "root.empty", severity: .warning, category: .content, section: "3.2.1",
            vastErrorCode: .noAdsAfterWrapper,
            summary: "A root with no Ad and no Error: a no-ad response without an error pixel",
            badExample: #"<VAST version="4.2"/>"#,
            goodExample: #"<VAST version="4.2"><Error>https://t.example/noad</Error></VAST>"#),
        R(
            id: "root.no-ad", severity: .info, category: .content, section: "3.2.1", vastErrorCode: .noAdsAfterWrapper,
            summary: "A no-ad response (root Errors only), fired with 303",
            badExample: #"<VAST version="4.2"><Error>https://t.example/noad</Error></VAST>"#,
            goodExample: #"<VAST version="4.2"><Ad id="a">…</Ad></VAST>"#),
        R(
            id: "root.mixed", severity: .warning, category: .schema, versions: .v4_0 ... .v4_3, section: "3.2",
            summary: "A 4.x root with both Ads and Errors",
            badExample: #"<VAST version="4.2"><Error>…</Error><Ad>…</Ad></VAST>"#,
            goodExample: #"<VAST version="4.2"><Ad>…</Ad></VAST>"#),
        R(
            id: "schema.namespace", severity: .warning, category: .schema, versions: .v4_0 ... .v4_3, section: "3.1",
            summary: "A 4.x document without xmlns=\"http://www.iab.com/VAST\"",
            badExample: #"<VAST version="4.2">"#, goodExample: #"<VAST version="4.2" xmlns="http://www.iab.com/VAST">"#),
        R(
            id: "schema.child-order", severity: .warning, category: .schema, section: "5",
            summary: "InLine or Wrapper children out of the version's schema order (players accept any order)",
            badExample:
                #"<VAST version="4.2">…<InLine><AdSystem>…</AdSystem><AdTitle>…</AdTitle><Impression>…</Impression>"#,
            goodExample:
                #"<VAST version="4.2">…<InLine><AdSystem>…</AdSystem><Impression>…</Impression><AdTitle>…</AdTitle>"#),
        R(
            id: "schema.unknown-element", severity: .warning, category: .schema, section: "5",
            summary:
                "An element that is not VAST or not allowed where it is (skipped); a foreign-namespace element outside Extensions (info)",
            badExample: "<InLine><Sponsor>Acme</Sponsor>…</InLine>",
            goodExample:
                #"<InLine>…<Extensions><Extension type="sponsor"><Sponsor>Acme</Sponsor></Extension></Extensions></InLine>"#
        ),
        R(
            id: "schema.legacy", severity: .warning, category: .schema, section: "3.19.1",
            summary: "The early VAST 2 spelling <VASTAdTagURL><URL>, read as <VASTAdTagURI> as players do",
            badExample: "<VASTAdTagURL><URL>https://ads.example/next</URL></VASTAdTagURL>",
            goodExample: "<VASTAdTagURI>https://ads.example/next</VASTAdTagURI>"),
        R(
            id: "version.element", severity: .warning, category: .schema, section: "3.1",
            summary: "An element newer than the declared version (AdServingId in 3.0)",
            badExample: #"<VAST version="3.0">…<AdServingId>x</AdServingId>"#,
            goodExample: #"<VAST version="4.1">…<AdServingId>x</AdServingId>"#),
        R(
            id: "schema.xsd", severity: .error, category: .schema, section: "5", vastErrorCode: .schemaValidation,
            origin: .schema,
            summary: "An error of the IAB XSD given with --schema",
            badExample: #"<VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad><InLine/></Ad></VAST>"#,
            goodExample:
                #"<VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad><InLine>… as the XSD orders it …</InLine></Ad></VAST>"#
        ),
        R(
            id: "findings.truncated", severity: .error, category: .content, section: nil,
            summary:
                "More findings than the parser's maxFindings; the last one counts the rest and carries the worst suppressed severity",
            badExample: "<VAST version=\"4.2\">(thousands of unknown elements)</VAST>",
            goodExample: #"<VAST version="4.2">…</VAST>"#),
        R(
            id: "wrapper.loop", severity: .error, category: .content, section: "2.3.5.1", vastErrorCode: .wrapper,
            origin: .chain,
            summary: "A chain that comes back to a tag it already fetched (A → A, A → B → A)",
            badExample: "<VASTAdTagURI>(this document's own URL)</VASTAdTagURI>",
            goodExample: "<VASTAdTagURI>https://ads.example/next</VASTAdTagURI>"),
        R(
            id: "wrapper.chain", severity: .error, category: .content, section: "3.19.1",
            vastErrorCode: .wrapperTimeout, origin: .chain,
            summary:
                "A chain that runs out of depth (302), of time or whose hop cannot be fetched (301), or ends without an ad (303)",
            badExample: "(a sixth Wrapper in a row)", goodExample: "(an InLine within five Wrappers)"),
        R(
            id: "hop.document", severity: .error, category: .content, section: "2.3.5", vastErrorCode: .xmlParsing,
            origin: .chain,
            summary: "A hop's document that cannot be read as VAST (100, 101 or 102)",
            badExample: "(a hop answering <html>…)", goodExample: #"(a hop answering <VAST version="4.2">…)"#),
        R(
            id: "beacon.not-stored", severity: .warning, category: .content, section: nil, origin: .engine,
            summary: "A chain's error pixels that the beacon store could not queue",
            badExample: "(a store that refuses the batch)", goodExample: "(a store that keeps it)"),
        R(
            id: "wrapper.uri", severity: .error, category: .content, section: "3.19.1", vastErrorCode: .wrapper,
            origin: .chain,
            summary:
                "A VASTAdTagURI (or tag URL) that is not a URL the resolver may request: not http(s), or a local file a network document names",
            badExample: "<VASTAdTagURI>ftp://ads.example/next</VASTAdTagURI>",
            goodExample: "<VASTAdTagURI>https://ads.example/next</VASTAdTagURI>"),
        R(
            id: "ad.failed", severity: .error, category: .content, section: "3.3.1", origin: .chain,
            summary:
                "An ad of a pod or buffet that will not play (its chain failed, or it has nothing to render) while others do; it carries the ad's own code",
            badExample:
                #"<Ad sequence="2"><Wrapper>…<VASTAdTagURI>https://gone.example/404</VASTAdTagURI></Wrapper></Ad>"#,
            goodExample:
                #"<Ad sequence="2"><Wrapper>…<VASTAdTagURI>https://ads.example/next</VASTAdTagURI></Wrapper></Ad>"#),
        R(
            id: "ad.no-usable-creative", severity: .error, category: .content, section: "3.6",
            vastErrorCode: .noAdsAfterWrapper,
            origin: .chain,
            summary: "An InLine with no creative a player can render (empty Creatives, or none usable): no ad, 303",
            badExample: "<InLine>…<Creatives></Creatives></InLine>",
            goodExample: "<InLine>…<Creatives><Creative><Linear>…</Linear></Creative></Creatives></InLine>"),
        R(
            id: "limits.fetches", severity: .error, category: .content, section: nil, vastErrorCode: .wrapperLimit,
            origin: .engine,
            summary: "A resolution that spent its budget of fetches (maxFetches) before every hop was fetched",
            badExample: "(a pod of 40 wrappers, each a chain of 5)", goodExample: "(a pod within the fetch budget)"),
        R(
            id: "limits.error-pixels", severity: .warning, category: .content, section: nil, origin: .engine,
            summary: "Error pixels past the resolution's maxErrorPixels, counted and not fired",
            badExample: "(a failing chain with thousands of Error URIs)", goodExample: "(a few Error URIs per document)"
        ),
        R(
            id: "limits.ads-per-response", severity: .warning, category: .content, section: nil, origin: .engine,
            summary: "A response with more ads than maxAdsPerResponse (50): the rest are not considered",
            badExample: "(a pod of 5,000 Wrapper ads)", goodExample: "(a pod of a few dozen ads)"),
        R(
            id: "limits.urls-per-event", severity: .warning, category: .content, section: nil, origin: .engine,
            summary: "A merged ad with more URLs for one event than maxURLsPerEvent (64): the rest are not fired",
            badExample: "(57,000 <Impression> elements in one ad)", goodExample: "(a few Impression URLs per hop)"),
        R(
            id: "limits.urls-per-ad", severity: .warning, category: .content, section: nil, origin: .engine,
            summary: "A merged ad with more tracking URLs in all than maxURLsPerAd (1,024): the rest are not fired",
            badExample: "(thousands of Tracking elements across a chain)", goodExample: "(tens of tracking URLs per ad)"
        ),
        R(
            id: "limits.progress-offsets", severity: .warning, category: .content, section: nil, origin: .engine,
            summary:
                "A merged ad with more distinct progress offsets than maxProgressOffsets (64): the later ones never fire",
            badExample: #"(a progress Tracking every 100 ms of a 30 s ad)"#,
            goodExample: "(a progress offset every few seconds)"),
    ]
}

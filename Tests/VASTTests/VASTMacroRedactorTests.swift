import Foundation
import Testing
import VAST

/// The redactor against what the expander really writes, the spellings servers rewrite URLs into,
/// and hostile texts.
@Suite struct VASTMacroRedactorTests {
    static let ifa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    static let consent = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    /// A GPP string embeds the TCF string: the two values overlap.
    static let gpp = "DBABMA~" + consent
    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"

    /// A request's context as `AdRequestInfo.applyingMacroValues` fills it.
    static func context() -> VASTMacroContext {
        var context = VASTMacroContext(now: { Date(timeIntervalSince1970: 1_700_000_000) }, random: { 7 })
        context.ifa = ifa
        context.deviceIP = "2001:db8::1"
        context.latLong = .init(latitude: 51.004, longitude: -0.1)
        context.gdprConsent = consent
        context.gppString = gpp
        context.deviceUA = userAgent
        context.clientUA = userAgent
        context.appBundle = "com.example.app"
        context.contentID = "clip-8472"
        return context
    }

    static let template =
        "https://ads.example/vast?ifa=[IFA]&ip=[DEVICEIP]&ll=[LATLONG]&gdpr=[GDPRCONSENT]"
        + "&gpp=%%GPPSTRING%%&ua=[DEVICEUA]&cua=[CLIENTUA]&app=[APPBUNDLE]&item=[CONTENTID]"

    @Test func everyIdentifyingValueIsHiddenInAnExpandedTagURL() {
        let expanded = VASTMacroExpander.expand(Self.template, context: Self.context(), usage: .vastAdTagURI).url
        // The expander's own output carries the values (RFC 3986 encoding: `:` is %3A, `/` %2F, ` ` %20).
        #expect(expanded.contains("ifa=\(Self.ifa)&ip=2001%3Adb8%3A%3A1&ll=51.004,-0.1&gdpr=\(Self.consent)"))
        #expect(
            expanded.contains("ua=Mozilla%2F5.0%20%28iPhone%3B%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X%29"))
        let redactor = VASTMacroRedactor(context: Self.context())
        #expect(
            redactor.redact(expanded) == "https://ads.example/vast?ifa=[redacted:IFA]&ip=[redacted:DEVICEIP]"
                + "&ll=[redacted:LATLONG]&gdpr=[redacted:GDPRCONSENT]&gpp=[redacted:GPPSTRING]&ua=[redacted:DEVICEUA]"
                + "&cua=[redacted:DEVICEUA]&app=com.example.app&item=clip-8472")
    }

    @Test func theSpellingsServersRewriteAValueIntoAreHiddenToo() {
        let redactor = VASTMacroRedactor(context: Self.context())
        let spellings = [
            "ua=Mozilla%2f5.0%20%28iPhone%3b%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X%29",
            "ua=Mozilla%2F5.0+%28iPhone%3B+CPU+iPhone+OS+17_4+like+Mac+OS+X%29",
            "ua=Mozilla%252F5.0%2520%2528iPhone%253B%2520CPU%2520iPhone%2520OS%252017_4%2520like%2520Mac%2520OS%2520X%2529",
            "ua=Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)",
        ]
        for spelling in spellings {
            #expect(redactor.redact(spelling) == "ua=[redacted:DEVICEUA]", "\(spelling)")
        }
        #expect(
            redactor.redact("ip=2001%253Adb8%253A%253A1 ll=51.004%2C-0.1")
                == "ip=[redacted:DEVICEIP] ll=[redacted:LATLONG]")
    }

    /// The spellings the third hostile campaign got through: each encoder's own choices, lower-case
    /// hex, another letter case, nested encodings, and HTML or JSON escaping around any of them.
    @Test(arguments: [
        // JavaScript's encodeURIComponent leaves ( ) ! * ' as they are.
        ("ua=Mozilla%2F5.0%20(iPhone%3B%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X)", "DEVICEUA"),
        // Java's URLEncoder: + for a space, ( ) encoded, * kept.
        ("ua=Mozilla%2F5.0+%28iPhone%3B+CPU+iPhone+OS+17_4+like+Mac+OS+X%29", "DEVICEUA"),
        // PHP's urlencode writes ~ as %7E; rawurlencode and the expander keep it.
        ("gpp=DBABMA%7E\(VASTMacroRedactorTests.consent)", "GPPSTRING"),
        ("gpp=DBABMA%7e\(VASTMacroRedactorTests.consent)", "GPPSTRING"),
        // Lower-case hex in a list separator, and mixed case inside one escape.
        ("ll=51.004%2c-0.1", "LATLONG"),
        ("ip=2001%3adb8%3A%3a1", "DEVICEIP"),
        // Another letter case.
        ("ifa=\(VASTMacroRedactorTests.ifa.lowercased())", "IFA"),
        ("ua=MOZILLA%2F5.0%20%28IPHONE%3B%20CPU%20IPHONE%20OS%2017_4%20LIKE%20MAC%20OS%20X%29", "DEVICEUA"),
        // Encoded three times, the middle time with lower-case hex.
        ("ip=2001%25253Adb8%25253A%25253A1", "DEVICEIP"),
        ("ip=2001%25253adb8%25253a%25253a1", "DEVICEIP"),
        // HTML-escaped, named, decimal and hex references, and mixed with percent-encoding.
        ("ua=Mozilla&sol;5.0 &lpar;iPhone&semi; CPU iPhone OS 17_4 like Mac OS X&rpar;", "DEVICEUA"),
        ("ua=Mozilla&#47;5.0&#32;&#x28;iPhone&#X3b; CPU iPhone OS 17_4 like Mac OS X&#41;", "DEVICEUA"),
        ("ua=Mozilla%2F5.0%20&#40;iPhone;+CPU+iPhone+OS+17_4+like+Mac+OS+X%29", "DEVICEUA"),
        // JSON's and the terminal's backslash escapes.
        ("ua=Mozilla\\/5.0 \\u0028iPhone; CPU iPhone OS 17_4 like Mac OS X\\u0029", "DEVICEUA"),
        ("ll=51.004\\x2c-0.1", "LATLONG"),
    ])
    func aValueIsFoundHoweverItIsSpelled(_ text: String, _ macro: String) {
        let redactor = VASTMacroRedactor(context: Self.context())
        let name = String(text.prefix { $0 != "=" })
        #expect(redactor.redact(text) == "\(name)=[redacted:\(macro)]")
    }

    @Test func theTextAroundAnEscapedValueIsKeptByteForByte() {
        let redactor = VASTMacroRedactor(context: Self.context())
        let html = "<td class=\"url\">https://t.example/i?a=%26&amp;ip=2001%3Adb8%3A%3A1&amp;x=%E2%82%AC</td>"
        #expect(
            redactor.redact(html)
                == "<td class=\"url\">https://t.example/i?a=%26&amp;ip=[redacted:DEVICEIP]&amp;x=%E2%82%AC</td>")
        let json = #"{"message": "the value \"6d92078a-8246-4ba4-ae5b-76104861e7dc\" was refused"}"#
        #expect(redactor.redact(json) == #"{"message": "the value \"[redacted:IFA]\" was refused"}"#)
    }

    @Test func aValueThatHoldsEscapesIsFoundAsGivenAndAsItsEscapesRead() {
        var context = VASTMacroContext()
        context.ifa = "id%2Bwith+plus&amp;"
        let redactor = VASTMacroRedactor(context: context)
        for text in [
            "x=id%2Bwith+plus&amp;", "x=id%252Bwith%2Bplus%26amp%3B", "x=id+with plus&", "x=ID%2bWITH+PLUS&AMP;",
        ] {
            #expect(redactor.redact(text) == "x=[redacted:IFA]", "\(text)")
        }
    }

    @Test func overlappingValuesBecomeOneReplacement() {
        var context = VASTMacroContext()
        context.ifa = "AAAA-BBBB"
        context.deviceIP = "BBBB-CCCC"
        #expect(
            VASTMacroRedactor(context: context).redact("x AAAA-BBBB-CCCC y") == "x [redacted:IFA][redacted:DEVICEIP] y")
    }

    @Test func hostileTextsAreRedactedInBoundedTime() {
        let redactor = VASTMacroRedactor(context: Self.context())
        let start = ContinuousClock.now
        // A megabyte of %25: one layer leaves a third of a megabyte of %, the next has nothing to read.
        let percents = String(repeating: "%25", count: 350_000)
        #expect(redactor.redact(percents) == percents)
        // A megabyte that unescapes on every layer, then a value encoded six times at its end.
        let nested =
            String(repeating: "%252525252525&amp;+\\u0025", count: 40_000) + "ip=2001%25252525253Adb8"
            + "%25252525253A%25252525253A1"
        #expect(redactor.redact(nested).hasSuffix("ip=[redacted:DEVICEIP]"))
        // Generous: debug builds on a loaded machine; the exact answers above are the real check.
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func aWithheldValueIsHiddenAndItsMinusTwoKept() {
        var context = Self.context()
        context.withheld.insert(.ifa)
        let expanded = VASTMacroExpander.expand("https://a.example/?ifa=[IFA]", context: context, usage: .impression)
            .url
        let redactor = VASTMacroRedactor(context: context)
        #expect(redactor.redact(expanded) == "https://a.example/?ifa=-2")
        #expect(redactor.redact("device \(Self.ifa) opted out") == "device [redacted:IFA] opted out")
    }

    @Test func aTenantCanMarkFurtherMacrosPrivate() {
        let text = "https://ads.example/vast?item=clip-8472&app=com.example.app"
        #expect(VASTMacroRedactor(context: Self.context()).redact(text) == text)
        let wider = VASTMacroRedactor(
            context: Self.context(),
            privateMacros: VASTMacroRedactor.identifyingMacros.union([.contentID]))
        #expect(wider.redact(text) == "https://ads.example/vast?item=[redacted:CONTENTID]&app=com.example.app")
    }

    @Test func valuesTooShortToIdentifyAnyoneAreLeftAlone() {
        var context = VASTMacroContext()
        context.deviceIP = "::1"
        context.latLong = .init(latitude: 0, longitude: 0)
        let redactor = VASTMacroRedactor(context: context)
        #expect(redactor.isEmpty)
        #expect(redactor.redact("ip=::1&ll=0,0 in 0,0 ms") == "ip=::1&ll=0,0 in 0,0 ms")
    }

    @Test func theDisabledRedactorAndAContextWithoutValuesHideNothing() {
        let expanded = VASTMacroExpander.expand(Self.template, context: Self.context(), usage: .vastAdTagURI).url
        #expect(VASTMacroRedactor.disabled.redact(expanded) == expanded)
        #expect(VASTMacroRedactor.disabled.isEmpty)
        #expect(VASTMacroRedactor(context: VASTMacroContext()).isEmpty)
        #expect(!VASTMacroRedactor(context: Self.context()).isEmpty)
    }

    @Test func redactingTwiceChangesNothingMore() {
        let redactor = VASTMacroRedactor(context: Self.context())
        let once = redactor.redact(
            VASTMacroExpander.expand(Self.template, context: Self.context(), usage: .impression).url)
        #expect(redactor.redact(once) == once)
        #expect(!once.contains(Self.ifa) && !once.contains(Self.consent) && !once.contains("Mozilla"))
    }

    @Test func aNearMissEverywhereStillFindsTheOneMatchInLinearTime() {
        var context = VASTMacroContext()
        context.ifa = String(repeating: "A", count: 2_000) + "B"
        let redactor = VASTMacroRedactor(context: context)
        // Every position starts a 2,000-byte partial match: a naive search would compare 2e9 bytes.
        let text = String(repeating: "A", count: 1 << 20) + "B!"
        #expect(redactor.redact(text) == String(repeating: "A", count: (1 << 20) - 2_000) + "[redacted:IFA]!")
    }

    @Test func everyOneOfManyOccurrencesIsReplaced() {
        var context = VASTMacroContext()
        context.gdprConsent = "COabc123"
        let redactor = VASTMacroRedactor(context: context)
        let text = Array(repeating: "gdpr=COabc123", count: 100_000).joined(separator: "&")
        let redacted = redactor.redact(text)
        #expect(redacted == Array(repeating: "gdpr=[redacted:GDPRCONSENT]", count: 100_000).joined(separator: "&"))
    }
}

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

import Foundation
import Testing
import VAST

@Suite struct VASTMacroTests {
    private let context = filledMacroContext()

    private func expand(_ url: String, _ usage: VASTMacroUsage = .impression) -> VASTMacroExpansion {
        VASTMacroExpander.expand(url, context: context, usage: usage)
    }

    @Test func bothFormsAreReplacedWithTheirDelimiters() {
        let expansion = expand("https://t.example/i?cb=[CACHEBUSTING]&n=%%ADCOUNT%%&x=[ADCOUNT]%%CACHEBUSTING%%")
        #expect(expansion.url == "https://t.example/i?cb=10012345&n=2&x=210012345")
        #expect(expansion.replacements == 4)
        #expect(expansion.findings.isEmpty)
    }

    /// VAST 4.x section 6.1 writes `[NAME]`; the XSD's `anyURI` wants it percent-encoded (`%5BNAME%5D`, hex
    /// in either case); ad servers still write `%%NAME%%`. Each is replaced, delimiters included, by the
    /// same value in the same encoding.
    @Test func everySpellingIsExpandedAlikeWithTheSameEncoding() {
        let spellings = [
            "[DEVICEUA]", "%5BDEVICEUA%5D", "%5bDEVICEUA%5d", "%5BDEVICEUA%5d", "%5bDEVICEUA%5D", "%%DEVICEUA%%",
        ]
        for spelling in spellings {
            let expansion = expand("https://t.example/i?ua=\(spelling)&n=1")
            print("expand \(spelling) -> \(expansion.url)")
            #expect(expansion.url == "https://t.example/i?ua=Mozilla%2F5.0%20%28iPhone%29&n=1", "\(spelling)")
            #expect(expansion.replacements == 1)
            #expect(expansion.findings.isEmpty)
            #expect(VASTMacroTemplate("ua=\(spelling)").macros == [.deviceUA])
        }
        let mixed = expand("a=[ADCOUNT]&b=%5BADCOUNT%5D&c=%%ADCOUNT%%&d=%5bCACHEBUSTING%5d")
        #expect(mixed.url == "a=2&b=2&c=2&d=10012345")
        #expect(mixed.replacements == 4)
    }

    /// What the rules say of `[NAME]` holds for every spelling: unknown names, macros tied to other
    /// URIs and macros without a value stay exactly as written, each reported.
    @Test(arguments: [("[", "]"), ("%5B", "%5D"), ("%5b", "%5d"), ("%%", "%%")])
    func macrosThatStayAreLeftAsWrittenInEverySpelling(_ open: String, _ close: String) {
        let url = "a=\(open)NOTAMACRO\(close)&e=\(open)ERRORCODE\(close)&i=\(open)IFA\(close)"
        let expansion = VASTMacroExpander.expand(url, context: VASTMacroContext(), usage: .impression)
        print("leave \(url) -> \(expansion.url)")
        #expect(expansion.url == url)
        #expect(expansion.findings.map(\.kind) == [.unknownMacro, .notAllowedHere, .notFilled])
        #expect(expansion.findings.map(\.macro.rawValue) == ["NOTAMACRO", "ERRORCODE", "IFA"])
        var context = VASTMacroContext()
        context.errorCode = .init(rawValue: 405)
        #expect(VASTMacroExpander.expand("e=\(open)ERRORCODE\(close)", context: context, usage: .error).url == "e=405")
    }

    /// `url.macro-unencoded` advises `%5BNAME%5D` for a macro in clear: the expander expands that spelling,
    /// the rule is quiet about it, and brackets that are no macro name (`a[0]=1`) are not called macros.
    @Test func theValidatorsAdviceIsASpellingTheExpanderExpands() throws {
        let rule = try #require(VASTRuleCatalog.all.first { $0.id == "url.macro-unencoded" })
        let advised = try #require(rule.goodExample.firstMatch(of: /https:[^<]+/)).output
        var context = VASTMacroContext()
        context.errorCode = .init(rawValue: 405)
        #expect(
            VASTMacroExpander.expand(String(advised), context: context, usage: .error).url
                == "https://t.example/e?c=405")
        func findings(_ error: String) throws -> [String] {
            let document = """
                <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine><AdSystem>s</AdSystem>\
                <Error><![CDATA[\(error)]]></Error><Impression>https://t.example/i</Impression>\
                <AdServingId>x</AdServingId><AdTitle>t</AdTitle><Creatives><Creative id="c">\
                <UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles>\
                <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://t.example/m.mp4\
                </MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
                """
            return try VASTParser().parse(Array(document.utf8)).findings.filter { $0.rule == rule.id }.map(\.message)
        }
        #expect(try findings("https://t.example/e?a[0]=1&c=[ERRORCODE]").count == 1)
        #expect(try findings("https://t.example/e?a[0]=1&c=[ERRORCODE]").first?.contains("[ERRORCODE]") == true)
        #expect(try findings(String(advised)).isEmpty)
        #expect(try findings("https://t.example/e?a[0]=1&b[_x]=2&c=%5bERRORCODE%5d").isEmpty)
    }

    @Test(arguments: [
        "%5BIFA]", "[IFA%5D", "%5BIFA%%", "%%IFA%5D", "%5Bifa%5D", "%5B_A%5D", "%5B%5D", "%5B", "%5BIFA%5", "%5BIFA%",
        "%5CIFA%5D", "%2BIFA%2B", "%255BIFA%255D",
    ])
    func encodedBracketsThatDoNotEncloseAMacroNameAreOrdinaryText(_ url: String) {
        let expansion = expand(url)
        #expect(expansion.url == url)
        #expect(expansion.findings.isEmpty)
        #expect(expansion.replacements == 0)
    }

    @Test(arguments: [
        (VASTMacro.errorCode, [VASTMacroUsage.error], "403"),
        (.reason, [.verificationNotExecuted, .tracking(.verificationNotExecuted)], "3"),
        (.clickPosition, [.clickTracking], "120,45"),
    ])
    func restrictedMacrosExpandOnlyInTheirOwnURIs(_ macro: VASTMacro, _ homes: [VASTMacroUsage], _ value: String) {
        let everyUsage: [VASTMacroUsage] = [
            .vastAdTagURI, .impression, .error, .tracking(.start), .tracking(.verificationNotExecuted),
            .verificationNotExecuted, .clickTracking, .clickThrough, .other,
        ]
        for usage in everyUsage {
            let expansion = expand("u=[\(macro.rawValue)]&v=%%\(macro.rawValue)%%", usage)
            if homes.contains(usage) {
                #expect(expansion.url == "u=\(value)&v=\(value)", "\(macro) in \(usage)")
                #expect(expansion.findings.isEmpty)
            } else {
                #expect(expansion.url == "u=[\(macro.rawValue)]&v=%%\(macro.rawValue)%%", "\(macro) in \(usage)")
                #expect(expansion.findings.map(\.kind) == [.notAllowedHere])
                #expect(expansion.findings.first?.occurrences == 2)
                #expect(expansion.findings.first?.macro == macro)
            }
        }
    }

    @Test func aDeclarationDoesNotMakeARestrictedMacroLegal() {
        var context = VASTMacroContext()
        context.withheld = [.errorCode]
        context.unknown = [.clickPosition]
        #expect(VASTMacroExpander.expand("[ERRORCODE]", context: context, usage: .impression).url == "[ERRORCODE]")
        #expect(VASTMacroExpander.expand("[ERRORCODE]", context: context, usage: .error).url == "-2")
        #expect(VASTMacroExpander.expand("[CLICKPOS]", context: context, usage: .clickThrough).url == "[CLICKPOS]")
        #expect(VASTMacroExpander.expand("[CLICKPOS]", context: context, usage: .clickTracking).url == "-1")
    }

    @Test func aMissingErrorCodeInAnErrorURIIsLeftAndReportedAsNotFilled() {
        let expansion = VASTMacroExpander.expand("e=[ERRORCODE]", context: VASTMacroContext(), usage: .error)
        #expect(expansion.url == "e=[ERRORCODE]")
        #expect(expansion.findings.map(\.kind) == [.notFilled])
        #expect(expansion.findings.first?.message.contains("-1") == true)
    }

    @Test func unknownMacrosAreLeftAsWrittenAndReportedOncePerName() {
        let expansion = expand("a=[FOO]&b=%%FOO%%&c=[BAR_2]&d=[CACHEBUSTING]")
        #expect(expansion.url == "a=[FOO]&b=%%FOO%%&c=[BAR_2]&d=10012345")
        #expect(expansion.findings.map(\.kind) == [.unknownMacro, .unknownMacro])
        #expect(expansion.findings.map(\.macro.rawValue) == ["FOO", "BAR_2"])
        #expect(expansion.findings.map(\.occurrences) == [2, 1])
        #expect(expansion.findings[0].description.hasPrefix("unknown-macro [FOO] (2 times): "))
    }

    @Test(arguments: [
        "https://[2001:db8::1]/p", "https://[FE80::1]/p", "a[]=1&a[0]=2", "q[index]=1", "[cachebusting]",
        "%%cachebusting%%", "%41%42", "[_A]", "[1A]", "[A B]", "[A-B]",
    ])
    func bracketsThatAreNotMacroNamesAreOrdinaryText(_ url: String) {
        let expansion = expand(url)
        #expect(expansion.url == url)
        #expect(expansion.findings.isEmpty)
        #expect(expansion.replacements == 0)
    }

    @Test(arguments: [
        ("[", "["), ("]]", "]]"), ("[[A]]", "[[A]]"), ("%%", "%%"), ("%%%", "%%%"), ("%%%%", "%%%%"), ("[]", "[]"),
        ("%%%%%%", "%%%%%%"), ("[[CACHEBUSTING]]", "[10012345]"), ("%%%CACHEBUSTING%%", "%10012345"),
        ("%%CACHEBUSTING%%%", "10012345%"), ("[CACHEBUSTING", "[CACHEBUSTING"), ("CACHEBUSTING]", "CACHEBUSTING]"),
        ("%%CACHEBUSTING%", "%%CACHEBUSTING%"), ("[CACHEBUSTING%%", "[CACHEBUSTING%%"),
        ("%%CACHEBUSTING]", "%%CACHEBUSTING]"), ("[[[ADCOUNT]]]", "[[2]]"), ("[ADCOUNT][ADCOUNT]", "22"),
        ("%%ADCOUNT%%%%ADCOUNT%%", "22"),
        (
            "[" + String(repeating: "A", count: 65) + "]",
            "[" + String(repeating: "A", count: 65) + "]"
        ),
    ])
    func malformedDelimitersNeverTrapAndExpandWhatTheyEnclose(_ url: String, _ expected: String) {
        #expect(expand(url).url == expected)
    }

    @Test func substitutedValuesAreNeverExpandedAgain() {
        var context = VASTMacroContext(random: { 7 })
        context.pageURL = "https://p.example/?cb=[CACHEBUSTING]&t=%%TIMESTAMP%%"
        context.contentID = "[FOO]"
        let expansion = VASTMacroExpander.expand(
            "u=[PAGEURL]&c=[CONTENTID]&n=[CACHEBUSTING]", context: context,
            usage: .vastAdTagURI)
        let page = "https%3A%2F%2Fp.example%2F%3Fcb%3D%5BCACHEBUSTING%5D%26t%3D%25%25TIMESTAMP%25%25"
        #expect(expansion.url == "u=\(page)&c=%5BFOO%5D&n=10000007")
        #expect(expansion.replacements == 3)
        #expect(expansion.findings.isEmpty)
    }

    @Test func theDeprecatedContentPlayheadIsExpandedAndNoted() {
        let expansion = expand("p=[CONTENTPLAYHEAD]")
        #expect(expansion.url == "p=01%3A02%3A03.004")
        #expect(expansion.findings.map(\.kind) == [.deprecated])
        #expect(expansion.isComplete)
    }

    @Test func usageDescriptionsNameTheURIKind() {
        #expect(VASTMacroUsage.tracking(.firstQuartile).description == "Tracking event=\"firstQuartile\"")
        #expect(VASTMacroUsage.error.description == "Error")
    }

    @Test func aOneMegabyteURLWithTenThousandMacrosExpandsInOnePass() {
        let segment = "k=" + String(repeating: "v", count: 83) + "[CACHEBUSTING]&"
        let url = String(repeating: segment, count: 10_000)
        #expect(url.utf8.count == 1_000_000)
        let expansion = expand(url)
        #expect(expansion.replacements == 10_000)
        #expect(expansion.url.utf8.count == 1_000_000 - 10_000 * ("[CACHEBUSTING]".utf8.count - 8))
        #expect(expansion.findings.isEmpty)
    }

    @Test func tenThousandUnfilledMacrosMakeOneFinding() {
        let url = String(repeating: "x=[IFA]&y=%%NOPE%%&", count: 10_000)
        let expansion = VASTMacroExpander.expand(url, context: VASTMacroContext(), usage: .impression)
        #expect(expansion.url == url)
        #expect(expansion.findings.map(\.kind) == [.notFilled, .unknownMacro])
        #expect(expansion.findings.map(\.occurrences) == [10_000, 10_000])
    }

    @Test(arguments: ["[", "%", "[A", "%%A", "[[A]", "%%A%", "%5B", "%5BA", "%5BA%5", "%5B%5BA%5D"])
    func pathologicalMegabyteInputsExpandInOnePass(_ unit: String) {
        let url = String(repeating: unit, count: 1_000_000 / unit.utf8.count)
        #expect(expand(url).url == url)
    }

    @Test func expansionStopsSubstitutingAtTheOutputLimit() {
        var context = VASTMacroContext()
        context.pageURL = String(repeating: "é", count: 50_000)
        let encodedLength = 50_000 * 6
        let url = String(repeating: "[PAGEURL]", count: 100)
        let expansion = VASTMacroExpander.expand(url, context: context, usage: .vastAdTagURI)
        let fitting = VASTMacroExpander.maximumExpandedBytes / encodedLength
        #expect(expansion.replacements == fitting)
        #expect(expansion.findings.map(\.kind) == [.outputLimitReached])
        #expect(expansion.findings.first?.occurrences == 100 - fitting)
        #expect(expansion.url.utf8.count == fitting * encodedLength + (100 - fitting) * "[PAGEURL]".utf8.count)
        #expect(!expansion.isComplete)
    }
}

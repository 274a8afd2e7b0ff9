import Foundation
import TestSupport
import Testing
import VAST

/// The redactor against generated private values in every spelling encoders give them, embedded in
/// URLs and messages, written as each of the library's outputs writes text (as is, a JSON string, XML
/// text and attribute values): no spelling may read back out (``LeakOracle``), each is replaced
/// exactly where it stood, and what is not private stays. `VASTCheckTests.RedactionPropertyTests` does
/// the same through the CLI's outputs.
@Suite struct VASTMacroRedactorPropertyTests {
    static let seed: UInt64 = 0x2025_1202_5EED

    static let outputs: [(name: String, write: @Sendable (String) -> String)] = [
        ("text", { $0 }),
        ("json", { OrderedJSON.string($0).serialized() }),
        ("xml-text", { XMLEscaping.escaped($0, in: .text) }),
        ("xml-attribute", { XMLEscaping.escaped($0, in: .attribute) }),
    ]

    static let embeddings: [(prefix: String, suffix: String)] = [
        ("https://t.example/p?id=42&v=", "&next=%2Fhome&cb=12345678"),
        ("the server answered 404 for ", " (retry later)."),
    ]

    @Test func noSpellingOfAPrivateValueSurvivesAnyOutput() {
        var speller = ValueSpeller(seed: Self.seed)
        var values = 0
        var spellings = 0
        var checks = 0
        var leaks: [String] = []
        var misplaced: [String] = []
        for _ in 0..<6 {
            let (context, privateValues) = Self.context(&speller)
            let redactor = VASTMacroRedactor(
                context: context,
                privateMacros: VASTMacroRedactor.identifyingMacros.union([.contentID, .blockedAdCategories]))
            for (macro, value) in privateValues {
                values += 1
                for spelling in speller.spellings(of: value, count: 24) {
                    spellings += 1
                    for (prefix, suffix) in Self.embeddings {
                        let text = prefix + spelling.text + suffix
                        let placed = redactor.redact(text)
                        if placed != prefix + VASTMacroRedactor.placeholder(for: macro) + suffix {
                            misplaced.append("\(macro) \(spelling.name): \(text) -> \(placed)")
                        }
                        for output in Self.outputs {
                            checks += 1
                            let written = redactor.redact(output.write(text))
                            if LeakOracle.leaks(value, in: written) || !written.contains("[redacted:") {
                                leaks.append("\(macro) \(spelling.name) \(output.name): \(written)")
                            }
                        }
                    }
                }
            }
        }
        print(
            "redaction property (library): \(values) values x \(spellings / values) spellings x "
                + "\(Self.outputs.count) outputs x \(Self.embeddings.count) embeddings = \(checks) checks, "
                + "leaks=\(leaks.count) misplaced=\(misplaced.count) seed=\(Self.seed)")
        #expect(leaks.isEmpty, "\(leaks.prefix(5))")
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
    }

    @Test func whatIsNotPrivateStays() {
        var speller = ValueSpeller(seed: Self.seed ^ 1)
        for _ in 0..<20 {
            var (context, _) = Self.context(&speller)
            // Too short to identify anyone: never searched for, in any spelling.
            context.deviceIP = "::1"
            context.latLong = .init(latitude: 0, longitude: 0)
            let redactor = VASTMacroRedactor(context: context)
            let ordinary = [
                "ip=::1&ll=0,0 in 0,0 ms", "ip=%3A%3A1&ll=0%2C0", "https://t.example/p?id=42&v=%2Fhome&amp;x=1",
                "VAST error 303 at hop 1: no ad (\\u0022empty\\u0022)", "café &eacute; 50% + 1 &#43; 2",
                "a[IFA]b %5BIFA%5D %%IFA%% [redacted:IFA]",
            ]
            for text in ordinary {
                #expect(redactor.redact(text) == text)
                for output in Self.outputs { #expect(redactor.redact(output.write(text)) == output.write(text)) }
            }
        }
    }

    /// A context with generated values for the identifying macros and two a tenant marks private
    /// (`CONTENTID`, and `BLOCKEDADCATEGORIES`: a list whose items hold commas), and each private
    /// value as the redactor must hide it (a list's items joined with commas).
    static func context(_ speller: inout ValueSpeller) -> (VASTMacroContext, [(VASTMacro, String)]) {
        var context = VASTMacroContext()
        context.ifa = speller.value(.identifier)
        context.deviceUA = speller.value(.userAgent)
        context.gdprConsent = speller.value(.consent)
        context.gppString = "DBABMA~" + speller.value(.consent)
        context.deviceIP = speller.value(.address)
        context.contentID = speller.value(.freeText)
        let categories = [speller.value(.freeText), "IAB7-39,IAB8"]
        context.blockedAdCategories = categories
        // Four decimals, so the expected text is exact: the expander writes up to six, no trailing zeros.
        let latitude = speller.number(below: 1_800_000) - 900_000
        let longitude = speller.number(below: 3_600_000) - 1_800_000
        context.latLong = .init(latitude: Double(latitude) / 10_000, longitude: Double(longitude) / 10_000)
        let values: [(VASTMacro, String)] = [
            (.ifa, context.ifa ?? ""), (.deviceUA, context.deviceUA ?? ""), (.gdprConsent, context.gdprConsent ?? ""),
            (.gppString, context.gppString ?? ""), (.deviceIP, context.deviceIP ?? ""),
            (.contentID, context.contentID ?? ""), (.blockedAdCategories, categories.joined(separator: ",")),
            (.latLong, ValueSpeller.degrees(latitude) + "," + ValueSpeller.degrees(longitude)),
        ]
        return (context, values)
    }
}

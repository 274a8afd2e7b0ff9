import Foundation
import Testing
import VAST

/// A template expands exactly as the expander does (bytes, replacements, findings), over every URL of
/// the corpus and the test fixtures, with and without values encoded ahead of time.
@Suite struct VASTMacroTemplateTests {
    /// The repository root: this file is Tests/VASTTests/VASTMacroTemplateTests.swift.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every http(s) URL written in vast-samples/ and Tests/Hostile/ (up to a quote, `<`, or white
    /// space; a CDATA end is cut off), and the same URLs with every IAB macro appended in each spelling.
    private static func corpusURLs() throws -> [String] {
        var urls: Set<String> = []
        for folder in ["vast-samples", "Tests/Hostile"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "xml", let text = try? String(contentsOf: file, encoding: .utf8) else {
                    continue
                }
                for match in text.matches(of: /https?:\/\/[^<"'\s]+/) {
                    var url = String(match.output)
                    if let end = url.range(of: "]]>") { url = String(url[..<end.lowerBound]) }
                    urls.insert(url)
                }
            }
        }
        let every =
            VASTMacro.all.map { "[\($0.rawValue)]" }.joined() + VASTMacro.all.map { "%%\($0.rawValue)%%" }.joined()
            + VASTMacro.all.map { "%5B\($0.rawValue)%5D" }.joined()
            + VASTMacro.all.map { "%5b\($0.rawValue)%5d" }.joined()
        let sorted = urls.sorted()
        return sorted + sorted.prefix(50).map { $0 + "&all=" + every }
    }

    /// Hand-made edge cases: stray and doubled delimiters, unknown and overlong names, repeats.
    private static let edgeCases = [
        "", "[", "]", "%%", "%%%", "[[A]]", "[]", "[a]", "[A", "%%A%", "%%%CACHEBUSTING%%%",
        "x[CACHEBUSTING][CACHEBUSTING]%%CACHEBUSTING%%", "[TIMESTAMP][TIMESTAMP]",
        "[" + String(repeating: "A", count: 64) + "]", "[" + String(repeating: "A", count: 65) + "]",
        "u=[NOTAMACRO]&v=[NOTAMACRO]&w=%%NOT_ONE_2%%", "é[IFA]ü[DEVICEUA]",
        "e=[ERRORCODE]&c=[CLICKPOS]&r=[REASON]&p=[ADPLAYHEAD]&x=[CONTENTPLAYHEAD]",
        "%5B", "%5BIFA]", "[IFA%5D", "%5Bifa%5D", "%5B%5BCACHEBUSTING%5D%5D", "e=%5bERRORCODE%5D&u=%5BNOTAMACRO%5d",
    ]

    private static let usages: [VASTMacroUsage] = [
        .vastAdTagURI, .impression, .error, .tracking(.start), .tracking(.verificationNotExecuted),
        .verificationNotExecuted, .clickTracking, .clickThrough, .other,
    ]

    /// Contexts that fill everything, nothing, or declare macros withheld and unknown.
    private static func contexts() -> [VASTMacroContext] {
        var declared = filledMacroContext()
        declared.withheld = [.ifa, .deviceUA, .timestamp]
        declared.unknown = [.ifa, .latLong, .cacheBusting, .adPlayhead]
        declared.latLong = .init(latitude: 91, longitude: 0)
        let empty = VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 7 })
        return [filledMacroContext(), empty, declared]
    }

    @Test func everyCorpusURLExpandsByteForByteAsTheExpanderExpandsIt() throws {
        let urls = try Self.corpusURLs() + Self.edgeCases
        #expect(urls.count > 500, "the corpus was not found: \(urls.count) URLs")
        var compared = 0
        for context in Self.contexts() {
            let templates = urls.map(VASTMacroTemplate.init)
            let values = VASTMacroValues(context: context, templates: templates, excluding: [.adPlayhead])
            for (url, template) in zip(urls, templates) {
                for usage in Self.usages {
                    let expected = VASTMacroExpander.expand(url, context: context, usage: usage)
                    #expect(template.expand(context: context, usage: usage) == expected, "\(url) as \(usage)")
                    #expect(
                        template.expand(context: context, usage: usage, values: values) == expected,
                        "\(url) as \(usage), values ahead of time")
                    compared += 1
                }
            }
        }
        #expect(compared == 3 * urls.count * Self.usages.count)
    }

    @Test func theClockAndTheRandomSourceAreReadOnEveryExpansionNeverAheadOfTime() {
        let template = VASTMacroTemplate("t=[TIMESTAMP]&cb=[CACHEBUSTING]&n=[ADCOUNT]")
        var context = filledMacroContext()
        let values = VASTMacroValues(context: context, templates: [template])
        #expect(values.macros == [.adCount])
        #expect(
            template.expand(context: context, usage: .impression, values: values).url
                == "t=2016-01-17T08%3A15%3A07.127Z&cb=10012345&n=2")
        context.now = { Date(timeIntervalSince1970: 1_453_018_508.5) }
        context.random = { 1 }
        #expect(
            template.expand(context: context, usage: .impression, values: values).url
                == "t=2016-01-17T08%3A15%3A08.500Z&cb=10000001&n=2")
    }

    @Test func aTemplateListsItsMacrosInOrderWithRepeatsAndLeavesExcludedOnesToEachExpansion() {
        let template = VASTMacroTemplate("a=[IFA]&b=%%ADCOUNT%%&c=[IFA]&d=[NOTAMACRO]&e=[ADPLAYHEAD]")
        #expect(template.macros == [.ifa, .adCount, .ifa, VASTMacro(rawValue: "NOTAMACRO"), .adPlayhead])
        let values = VASTMacroValues(context: filledMacroContext(), templates: [template], excluding: [.adPlayhead])
        #expect(values.macros == [.adCount, .ifa])
    }
}

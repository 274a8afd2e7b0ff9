import AdResolution
import Foundation
import TestSupport
import Testing
import VAST

@testable import VASTCheck

/// Generated private values in every spelling encoders give them, carried into each output of the CLI
/// (inspect, simulate, report, flatten and validate in every format, getad), with the values given as
/// `--macro` or in getad's request: no spelling may read back out of any output (``LeakOracle``). The
/// same runs with `--no-redact` show each spelling, so each output really carried every one of them.
@Suite(.serialized) final class RedactionPropertyTests: Sendable {
    static let seed: UInt64 = 0x2025_1202_C11

    let server: TestServer
    let folder: URL

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try server.register("clean", body: ChainDocuments.inLine(hop: 0))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// One private value and its spellings.
    struct Spelled {
        var macro: VASTMacro
        var value: String
        var spellings: [(name: String, text: String)]
    }

    /// An output's name and what it wrote, redacted and not.
    struct Output {
        var name: String
        var redacted: String
        var shown: String
        /// The spellings it carried.
        var spellings: [(value: Spelled, spelling: String)]
    }

    @Test func noSpellingOfAPrivateValueSurvivesAnyCLIOutput() async throws {
        var speller = ValueSpeller(seed: Self.seed)
        var checks = 0
        var leaks: [String] = []
        var missing: [String] = []
        var checksByOutput: [(name: String, checks: Int)] = []
        var values = 0
        for round in 0..<2 {
            let spelled = Self.values(&speller)
            values += spelled.count
            var outputs = try await documentOutputs(spelled, round: round)
            outputs += await validateOutputs(spelled)
            outputs += try await getAdOutputs(spelled, round: round)
            for output in outputs {
                if let index = checksByOutput.firstIndex(where: { $0.name == output.name }) {
                    checksByOutput[index].checks += output.spellings.count
                } else {
                    checksByOutput.append((output.name, output.spellings.count))
                }
                if !output.redacted.contains("[redacted:") { leaks.append("\(output.name): nothing hidden") }
                for (value, spelling) in output.spellings {
                    checks += 1
                    if !Self.carries(output.shown, spelling) {
                        missing.append("\(output.name) \(value.macro): \(spelling)")
                    }
                }
                // Every spelling of a value reads back to the value itself: one look per value and output.
                for value in spelled where LeakOracle.leaks(value.value, in: output.redacted) {
                    leaks.append("\(output.name) \(value.macro): \(output.redacted)")
                }
            }
        }
        let full = checksByOutput.filter { $0.checks == values * Self.spellingsPerValue }
        let partial = checksByOutput.filter { $0.checks != values * Self.spellingsPerValue }
        print(
            "redaction property (CLI): \(values) values x \(Self.spellingsPerValue) spellings x \(full.count) outputs ("
                + full.map(\.name).joined(separator: " ") + ") + "
                + partial.map { "\($0.name) \($0.checks)" }.joined(separator: " + ")
                + " (the URL-safe spellings of the request's values) = \(checks) checks, leaks=\(leaks.count) "
                + "seed=\(Self.seed)")
        #expect(leaks.isEmpty, "\(leaks.prefix(5))")
        #expect(missing.isEmpty, "\(missing.prefix(5))")
    }

    /// The escapes and leftovers of every control character reach no output: the HTML report and
    /// JUnit replace them with U+FFFD, so they hide values before escaping.
    @Test func theLossyEscapersHideValuesBeforeTheyEscape() {
        var context = VASTMacroContext()
        context.deviceUA = "Agent\u{7}With\u{1B}Controls/1.0"
        let redactor = VASTMacroRedactor(context: context)
        let text = "ua=Agent\u{7}With\u{1B}Controls/1.0 end"
        #expect(HTMLEscaper(redactor: redactor)(text) == "ua=[redacted:DEVICEUA] end")
        #expect(redactor.redact(HTML.escape(text)) == HTML.escape(text), "escaped first, the value is lost")
        let report = DocumentReport(
            source: text, sourceError: SourceError(.unreadable, source: text, "cannot read \(text)"), strict: false)
        let junit = JUnitReport.testCase(report, seconds: 0, redactor: redactor)
        #expect(!junit.contains("Agent") && junit.contains("ua=[redacted:DEVICEUA] end"))
    }

    // MARK: Values

    /// Ten per value: the six values' sixty fit the 64 Impressions a document may carry.
    static let spellingsPerValue = 10

    /// Values for the six identifying macros, each with its spellings.
    static func values(_ speller: inout ValueSpeller) -> [Spelled] {
        let latitude = speller.number(below: 1_700_000) - 850_000
        let longitude = speller.number(below: 3_500_000) - 1_750_000
        let raw: [(VASTMacro, String)] = [
            (.ifa, speller.value(.identifier)), (.deviceUA, speller.value(.userAgent)),
            (.gdprConsent, speller.value(.consent)), (.gppString, "DBABMA~" + speller.value(.consent)),
            (.deviceIP, speller.value(.address)),
            (.latLong, ValueSpeller.degrees(latitude) + "," + ValueSpeller.degrees(longitude)),
        ]
        return raw.map { macro, value in
            Spelled(macro: macro, value: value, spellings: speller.spellings(of: value, count: spellingsPerValue))
        }
    }

    static func profile(_ spelled: [Spelled]) -> [String] {
        spelled.flatMap { ["--macro", "\($0.macro.rawValue)=\($0.value)"] }
    }

    /// True when `output` holds `spelling` as one of the outputs writes it (as is, JSON-, HTML- or
    /// XML-escaped, or escaped for a terminal).
    static func carries(_ output: String, _ spelling: String) -> Bool {
        let json = String(OrderedJSON.quoted(spelling).dropFirst().dropLast())
        return [
            spelling, json, HTML.escape(spelling), XMLEscaping.escaped(spelling, in: .text),
            XMLEscaping.escaped(spelling, in: .attribute), Terminal.escape(spelling),
        ].contains { output.contains($0) }
    }

    // MARK: Outputs

    private func run(_ name: String, _ arguments: [String], redacted: Bool) async -> String {
        let captured = CapturedConsole()
        _ = await captured.run(redacted ? arguments : arguments + ["--no-redact"])
        return captured.out + captured.err
    }

    /// inspect, simulate, report and flatten on a document whose Impressions carry every spelling.
    private func documentOutputs(_ spelled: [Spelled], round: Int) async throws -> [Output] {
        var impressions = ""
        var carried: [(value: Spelled, spelling: String)] = []
        for value in spelled {
            for (index, spelling) in value.spellings.enumerated() {
                impressions +=
                    "<Impression><![CDATA[https://t.example/i?n=\(index)&v=\(spelling.text)]]></Impression>\n"
                carried.append((value, spelling.text))
            }
        }
        let document = """
            <VAST version="4.2"><Ad id="r"><InLine><AdSystem>x</AdSystem><AdTitle>r</AdTitle>
            \(impressions)<Creatives><Creative><Linear><Duration>00:00:08</Duration>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
            <![CDATA[https://e.example/m.mp4]]></MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let path = folder.appendingPathComponent("doc-\(round).xml").path
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let profile = Self.profile(spelled)
        var outputs: [Output] = []
        let commands: [(String, [String])] = [
            ("inspect", ["inspect", path]), ("inspect-json", ["inspect", "--json", path]),
            ("simulate", ["simulate", path]), ("simulate-json", ["simulate", "--json", path]),
            ("report-html", ["report", path, "-o", "-"]), ("flatten-xml", ["flatten", path]),
        ]
        for (name, arguments) in commands {
            outputs.append(
                Output(
                    name: name, redacted: await run(name, arguments + profile, redacted: true),
                    shown: await run(name, arguments + profile, redacted: false), spellings: carried))
        }
        // The files report and flatten write themselves.
        for (name, command) in [("report-file", "report"), ("flatten-file", "flatten")] {
            var texts: [String] = []
            for redacted in [true, false] {
                let file = folder.appendingPathComponent("\(name)-\(round)-\(redacted)").path
                _ = await run(name, [command, path, "-o", file, "--quiet"] + profile, redacted: redacted)
                texts.append(try String(contentsOfFile: file, encoding: .utf8))
            }
            outputs.append(Output(name: name, redacted: texts[0], shown: texts[1], spellings: carried))
        }
        return outputs
    }

    /// validate in every format, with each spelling in a source's name (a tag URL on the loopback
    /// server, or a name that is no URL at all and is reported unreadable).
    private func validateOutputs(_ spelled: [Spelled]) async -> [Output] {
        var sources: [String] = []
        var carried: [(value: Spelled, spelling: String)] = []
        for value in spelled {
            for spelling in value.spellings {
                sources.append(server.docURL("clean") + "?v=" + spelling.text)
                carried.append((value, spelling.text))
            }
        }
        var outputs: [Output] = []
        for format in ["human", "json", "jsonl", "junit", "sarif"] {
            let arguments = ["validate", "--format", format, "--jobs", "8"] + Self.profile(spelled) + sources
            outputs.append(
                Output(
                    name: "validate-\(format)", redacted: await run(format, arguments, redacted: true),
                    shown: await run(format, arguments, redacted: false), spellings: carried))
        }
        return outputs
    }

    /// getad in human output and JSON: the request holds the values, failing sources' tag URLs and the
    /// winner's media URL carry the spellings that make a valid URL.
    private func getAdOutputs(_ spelled: [Spelled], round: Int) async throws -> [Output] {
        let fromRequest = spelled.filter { [.ifa, .deviceUA, .gdprConsent, .gppString].contains($0.macro) }
        var carried: [(value: Spelled, spelling: String)] = []
        for value in fromRequest {
            for spelling in value.spellings.map(\.text) where Self.isURLSafe(spelling) {
                carried.append((value, spelling))
            }
        }
        var outputs: [Output] = []
        for (batch, start) in stride(from: 0, to: carried.count, by: 8).enumerated() {
            let group = Array(carried[start..<min(start + 8, carried.count)])
            let media = group[0]
            let document = ChainDocuments.inLine(hop: 0).replacingOccurrences(
                of: "{{BASE_URL}}/media/inline.mp4", with: "https://cdn.example/m.mp4?ua=" + media.spelling)
            let name = "media-\(round)-\(batch)"
            try server.register(name, body: document)
            var sources = group.dropFirst().enumerated().map { index, carried in
                "{\"name\": \"s\(index)\", \"tier\": \(index), \"kind\": \"tag\", \"timeoutMs\": 2000, "
                    + "\"url\": \(OrderedJSON.quoted(server.url("/echo?status=404&v=" + carried.spelling)))}"
            }
            sources.append(
                "{\"name\": \"win\", \"tier\": \(group.count), \"kind\": \"tag\", \"timeoutMs\": 2000, "
                    + "\"url\": \(OrderedJSON.quoted(server.docURL(name)))}")
            let settings = folder.appendingPathComponent("settings-\(name).json").path
            try
                "{\"placements\": {\"storiesBetweenPages\": {\"enabled\": true, \"sources\": [\(sources.joined(separator: ", "))]}}}"
                .write(toFile: settings, atomically: true, encoding: .utf8)
            let value = { (macro: VASTMacro) in OrderedJSON.quoted(fromRequest.first { $0.macro == macro }?.value ?? "")
            }
            let request = folder.appendingPathComponent("request-\(name).json").path
            try """
            {"placement": "storiesBetweenPages", "itemId": "story-1",
             "device": {"ifa": \(value(.ifa)), "userAgent": \(value(.deviceUA))},
             "consent": {"gdprConsent": \(value(.gdprConsent)), "gppString": \(value(.gppString))}}
            """.write(toFile: request, atomically: true, encoding: .utf8)
            for json in [false, true] {
                let arguments = ["getad", "--settings", settings, "--request", request] + (json ? ["--json"] : [])
                outputs.append(
                    Output(
                        name: json ? "getad-json" : "getad", redacted: await run("getad", arguments, redacted: true),
                        shown: await run("getad", arguments, redacted: false), spellings: group))
            }
        }
        return outputs
    }

    /// Only bytes a URL may hold, every `%` an escape: what a tag template or a media URL can carry.
    static func isURLSafe(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?".utf8)
        for (index, byte) in bytes.enumerated() where !allowed.contains(byte) {
            guard byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                bytes[(index + 1)...(index + 2)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
            else { return false }
        }
        return true
    }
}

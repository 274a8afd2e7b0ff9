import Foundation
import Testing
import VASTCheck

/// Golden tests: the help of `vastcheck` and of every subcommand, and the human output of `validate` on
/// bundled samples, compared with the files in `Golden/`. After an intended change, rewrite them with
/// `UPDATE_GOLDEN=1 swift test --filter HelpGoldenTests` and review the diff.
@Suite struct HelpGoldenTests {
    static let commands = ["validate", "getad", "inspect", "simulate", "replay", "report", "flatten", "rules"]

    @Test func mainHelp() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["--help"]) == .success)
        #expect(captured.err.isEmpty)
        GoldenFile.check(captured.out, "help-main.txt")
    }

    @Test func mainHelpListsEveryCommand() async {
        let captured = CapturedConsole()
        _ = await captured.run(["--help"])
        for command in Self.commands {
            #expect(captured.out.contains("\n  \(command) "), "vastcheck --help does not list \(command)")
        }
    }

    @Test(arguments: commands)
    func commandHelp(_ command: String) async throws {
        let captured = CapturedConsole()
        #expect(await captured.run([command, "--help"]) == .success)
        #expect(captured.err.isEmpty)
        #expect(captured.out.hasPrefix("USAGE: vastcheck \(command)"))
        #expect(captured.out.contains("\nEXAMPLES:\n"), "vastcheck \(command) --help has no examples")
        #expect(captured.out.contains("\n  vastcheck \(command) ") || captured.out.contains(" | vastcheck \(command) "))
        #expect(captured.out.contains("EXIT CODES:"))
        GoldenFile.check(captured.out, "help-\(command).txt")
        // -h is the same help.
        let short = CapturedConsole()
        #expect(await short.run([command, "-h"]) == .success)
        #expect(short.out == captured.out)
    }

    @Test(arguments: commands)
    func anUnknownOptionIsAUsageErrorWithTheUsageLineAndAHint(_ command: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run([command, "--no-such-option"]) == .usage)
        #expect(captured.out.isEmpty)
        let lines = captured.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Error: unknown option --no-such-option")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: vastcheck \(command) ") == true)
        #expect(captured.err.hasSuffix("\n  See 'vastcheck \(command) --help' for more information.\n"))
        // The usage line is the help's, word for word.
        let help = CapturedConsole()
        _ = await help.run([command, "--help"])
        let usage = help.out.components(separatedBy: "\n\n").first ?? ""
        #expect(captured.err.contains("Usage: " + usage.dropFirst("USAGE: ".count) + "\n"))
    }

    @Test func aMistypedOptionIsNamedWithTheNearestOne() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--timout", "2", "x.xml"]) == .usage)
        #expect(captured.err.contains("\n  Did you mean --timeout?\n"))
    }

    /// Every option of a help's OPTIONS section by long name: its spelling (`-j, --jobs N`) and its whole text.
    static func optionLines(_ help: String) -> [(name: String, label: String, text: String)] {
        guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
        let section = help[start.upperBound...].components(separatedBy: "\n\n").first ?? ""
        var found: [(String, String, String)] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("  -") {
                let label = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
                let name =
                    label.split(separator: " ").map { $0.trimmingCharacters(in: [","]) }.first { $0.hasPrefix("--") }
                    ?? label
                let text = line.dropFirst(2 + label.count).trimmingCharacters(in: .whitespaces)
                found.append((name, label, text))
            } else if var last = found.popLast() {
                last.2 += (last.2.isEmpty ? "" : " ") + line.trimmingCharacters(in: .whitespaces)
                found.append(last)
            }
        }
        return found
    }

    @Test func everySharedOptionIsSpelledAndDescribedTheSameInEveryHelp() async throws {
        var seen: [String: (command: String, line: String)] = [:]
        var commandsOf: [String: [String]] = [:]
        for command in Self.commands {
            let captured = CapturedConsole()
            _ = await captured.run([command, "--help"])
            let lines = Self.optionLines(captured.out)
            #expect(!lines.isEmpty, "\(command) --help has no options")
            for (name, label, text) in lines {
                commandsOf[name, default: []].append(command)
                // --format lists the formats of its command; everything else is word for word the declaration.
                // An older spelling kept for one command (report's --html) is named after the shared text.
                let shared = text.components(separatedBy: " Also spelled ").first ?? text
                let described = name == "--format" ? label : label + "  " + shared
                if let earlier = seen[name] {
                    #expect(
                        earlier.line == described,
                        "\(name): \(earlier.command) says \"\(earlier.line)\", \(command) says \"\(described)\"")
                } else {
                    seen[name] = (command, described)
                }
            }
        }
        // The vocabulary the issue names is there wherever it applies.
        for resolving in ["validate", "inspect", "simulate", "report", "flatten"] {
            for name in ["--timeout", "--max-depth", "--max-bytes", "--macro", "--follow"] {
                #expect(commandsOf[name]?.contains(resolving) == true, "\(resolving) does not take \(name)")
            }
        }
        for command in Self.commands {
            #expect(commandsOf["--no-redact"]?.contains(command) == true, "\(command) --help does not list --no-redact")
            #expect(commandsOf["--output"]?.contains(command) == true, "\(command) does not take --output")
        }
        #expect(seen["--jobs"]?.line.hasPrefix("-j, --jobs N  ") == true)
        #expect(seen["--output"]?.line.hasPrefix("-o, --output FILE  ") == true)
        #expect(seen["--quiet"]?.line.hasPrefix("-q, --quiet  ") == true)
        #expect(seen["--verbose"]?.line.hasPrefix("-v, --verbose  ") == true)
        #expect(seen["--help"]?.line.hasPrefix("-h, --help  ") == true)
    }

    static let validateSamples = [
        "v42-inline-linear-full", "v42-invalid-inline-missing-adsystem", "v42-malformed-truncated",
        "v42-messy-no-namespace", "v41-invalid-attribute-values", "v42-no-ad-response",
    ]

    @Test(arguments: validateSamples)
    func validateHumanOutput(_ sample: String) async throws {
        let captured = CapturedConsole()
        let code = await captured.run(["validate", "--verbose", Repository.path("vast-samples/\(sample).xml")])
        #expect(code == .success || code == .invalid)
        let output = captured.out.replacingOccurrences(of: Repository.root.path + "/", with: "")
        GoldenFile.check(output, "validate-\(sample).txt")
    }
}

/// The golden files beside this test file, in `Golden/`.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file `name` (or rewrites it under `UPDATE_GOLDEN=1`), recording
    /// the first differing line when they differ.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if updating {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
            } catch {
                Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "no golden file \(name); create it with UPDATE_GOLDEN=1 swift test --filter HelpGoldenTests",
                sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let common = min(expectedLines.count, actualLines.count)
        let line = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
        let want = line < expectedLines.count ? expectedLines[line] : "(end of file)"
        let got = line < actualLines.count ? actualLines[line] : "(end of output)"
        Issue.record(
            """
            \(name) differs at line \(line + 1) (rewrite with UPDATE_GOLDEN=1 if intended):
            - \(want)
            + \(got)
            """, sourceLocation: sourceLocation)
    }
}

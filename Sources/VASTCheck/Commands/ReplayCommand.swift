import AdResolution
import FoundationEssentials
import LifecycleFixtures
import VAST

/// `vastcheck replay [options] FIXTURE...`: runs lifecycle fixtures (the data files QA
/// writes, see `Tests/Fixtures/lifecycle/README.md`) and says which pass; a failing one is shown with the
/// runner's diff of expected against actual outputs.
struct ReplayCommand: Command {
    static let name = "replay"
    static let root = Option(
        "--root", value: "DIR",
        help:
            "The directory the fixtures' \"ad\" and \"wrappers\" paths start from (default: the nearest directory above "
            + "the fixture holding Package.swift, else the current one).")
    static let options: [Option] = [.json, .format(OutputFormat.textOrJSON), .output, .quiet, root]

    let paths: [String]
    let json: Bool
    let quiet: Bool
    let root: String?

    init(_ arguments: Arguments) throws(UsageError) {
        guard !arguments.positional.isEmpty else {
            throw UsageError("replay needs at least one FIXTURE (a fixture .json file or a directory of them)")
        }
        if let dash = arguments.positional.first(where: { $0 == "-" }) {
            throw UsageError("replay reads fixture files, not standard input (got \(dash))")
        }
        paths = arguments.positional
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        quiet = arguments.flags.contains(Option.quiet.name)
        root = arguments.value(Self.root.name)
        if let root {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory else {
                throw UsageError(
                    "--root takes a directory (the repository root that fixtures' ad paths start from), "
                        + "and \"\(root)\" is not one")
            }
        }
    }

    func run(_ console: Console) async -> ExitCode {
        let (files, unreadable) = ReplayInput.collect(paths)
        var outcomes: [ReplayOutcome] = unreadable.map { path, reason in
            .error(file: path, FixtureError(.unreadable, file: path, path: "", message: reason))
        }
        for file in files {
            outcomes.append(replay(file))
        }
        let summary = ReplaySummary(outcomes)
        if json {
            console.out(
                JSON.object([
                    ("fixtures", .array(outcomes.map(\.json))),
                    ("summary", summary.json),
                ]).pretty() + "\n")
        } else {
            let printer = ReplayPrinter(color: console.usesColor)
            for outcome in outcomes where !(quiet && outcome.passed) { console.out(printer.render(outcome)) }
            console.out(printer.render(summary))
        }
        if summary.unreadable > 0 { return .unreadable }
        return summary.failed > 0 ? .invalid : .success
    }

    /// Reads and runs one fixture, from the repository root its ad paths start from.
    private func replay(_ file: URL) -> ReplayOutcome {
        let base =
            root.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FixtureRunner.root(containing: file.absoluteURL)
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        do {
            return .ran(try FixtureRunner(root: base).run(contentsOf: file))
        } catch {
            return .error(file: file.path, error)
        }
    }
}

extension ReplayCommand {
    static let helpText = CommandHelp(
        positional: "FIXTURE...",
        summary: """
            Runs lifecycle fixtures: each drives a unit, video or MRAID state machine, or a whole ad
            session ("controller": "session": unit, video, MRAID, exposure and clock on one timeline), with
            its inputs and checks the exact, ordered callbacks and beacons (or the typed error) of every
            step. Prints PASS or FAIL per fixture; a failure shows the failing step and a diff of the
            expected against the actual outputs (- expected, + actual). The format is in
            Tests/Fixtures/lifecycle/README.md.
            """,
        arguments: """
              FIXTURE      A fixture .json file, or a directory (every *.json below it, in name order).
            """,
        notes: """
            With --json, one JSON document on stdout: {"fixtures": [...], "summary": {...}}.
            """,
        examples: [
            "vastcheck replay Tests/Fixtures/lifecycle/",
            "vastcheck replay Tests/Fixtures/lifecycle/video-full-play.json",
            "vastcheck replay -q Tests/Fixtures/lifecycle/session/",
            "vastcheck replay --root . /tmp/my-fixture.json",
            "vastcheck replay --json Tests/Fixtures/lifecycle/ | jq '.summary'",
        ],
        exitCodes: "0 every fixture passed, 1 any failed, 2 a fixture could not be read or is malformed (the error "
            + "names the file and the field), 64 usage error.")
}

/// The fixture files named on the command line.
enum ReplayInput {
    /// Files as given; directories walked recursively for `*.json`, in name order.
    /// - Returns: the files, and the paths that could not be read with the reason.
    static func collect(_ paths: [String]) -> (files: [URL], unreadable: [(String, String)]) {
        var files: [URL] = []
        var unreadable: [(String, String)] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                unreadable.append((path, "no such file or directory"))
                continue
            }
            guard isDirectory else {
                files.append(URL(fileURLWithPath: path))
                continue
            }
            guard let found = SourceLoader.files(under: path, suffix: ".json") else {
                unreadable.append((path, "cannot list the directory"))
                continue
            }
            guard !found.isEmpty else {
                unreadable.append((path, "no *.json fixture in the directory"))
                continue
            }
            for relative in found.sorted() {
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                files.append(URL(fileURLWithPath: full))
            }
        }
        return (files, unreadable)
    }
}

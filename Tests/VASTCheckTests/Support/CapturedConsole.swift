import AdResolution
import Foundation
import Synchronization
import TestSupport
import VASTCheck

/// A console whose output the test reads back: runs the CLI in-process, no subprocess.
final class CapturedConsole: Sendable {
    private let state = Mutex<(out: String, err: String)>(("", ""))
    private let asked = Mutex<[Int]>([])
    let stdin: Data
    let isTerminal: Bool
    let environment: [String: String]

    init(stdin: Data = Data(), isTerminal: Bool = false, environment: [String: String] = [:]) {
        self.stdin = stdin
        self.isTerminal = isTerminal
        self.environment = environment
    }

    var out: String { state.withLock { $0.out } }
    var err: String { state.withLock { $0.err } }
    /// How many bytes each read of standard input asked for, in order.
    var standardInputRequests: [Int] { asked.withLock { $0 } }

    var console: Console {
        Console(
            out: { text in self.state.withLock { $0.out += text } },
            err: { text in self.state.withLock { $0.err += text } },
            standardInput: StandardInput { maxBytes in
                self.asked.withLock { $0.append(maxBytes) }
                return Array(self.stdin.prefix(maxBytes))
            },
            outputIsTerminal: isTerminal,
            environment: environment)
    }

    /// Runs `vastcheck ARGUMENTS` and returns its exit code.
    func run(_ arguments: [String]) async -> ExitCode {
        await VASTCheck.run(arguments, console: console)
    }

    /// The stdout of the last run, parsed as a JSON object.
    func json() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(out.utf8))
        guard let object = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return object
    }
}

/// Paths in the repository and beside it, found from this file's location.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The IAB corpus of the outside corpus (`Corpus`: `VAST_CORPUS_DIR`, default `../shared/corpus`).
    static let iabCorpus = Corpus.iab.path
    /// Other players' test tags in the outside corpus.
    static let otherPlayersCorpus = Corpus.other.path
    /// The IAB's XSDs in the outside corpus.
    static let xsdFolder = Corpus.xsd.path

    static var hasSharedCorpus: Bool { Corpus.isPresent }
}

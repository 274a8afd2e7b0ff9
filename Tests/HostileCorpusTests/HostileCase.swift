import Foundation
import VAST

/// One case of the hostile corpus, as `Tests/Hostile/<layer>/cases.json` writes it (see Tests/Hostile/README.md).
struct HostileCase: Decodable, Sendable {
    /// Unique within its layer.
    var name: String
    /// What makes it hostile: the attack, or the review finding it replays.
    var note: String
    /// The executable: `vastcheck` (default), `beacons` (`hostile-beacons`) or `media` (`hostile-media`).
    var run: String?
    /// The arguments, with placeholders (see ``CaseWorkspace``).
    var args: [String]
    /// Standard input, a placeholder naming a file (`{file:x.xml}`, `{gen:big}`); `/dev/null` when absent.
    var stdin: String?
    /// Documents registered on the loopback server before the run: name -> data file of the layer.
    var docs: [String: String]?
    /// Large inputs made at test time: name -> recipe.
    var generate: [String: Recipe]?
    /// Symbolic links made in the case's folder: name -> target (placeholders expanded), so a case can
    /// aim an output at `/dev/full` without ever naming the device itself.
    var links: [String: String]?
    /// The typed outcome.
    var expect: Expectation
    /// Bounds tighter or looser than the corpus's defaults.
    var limits: Limits?

    /// The layer (folder) it belongs to, set when it is read.
    var layer = ""

    private enum CodingKeys: String, CodingKey {
        case name, note, run, args, stdin, docs, generate, links, expect, limits
    }

    var id: String { "\(layer)/\(name)" }
}

/// A generated input: `prefix`, then `repeat` written `times` times (`{i}` in it is the repetition's
/// index), then `suffix`; `prefixFile` (a data file of the layer) goes before the prefix. `utf16`
/// (`"le"` or `"be"`) writes the prefix, repetitions and suffix as UTF-16 in that byte order, no BOM.
struct Recipe: Decodable, Sendable {
    var prefixFile: String?
    var prefix: String?
    var `repeat`: String
    var times: Int
    var suffix: String?
    var utf16: String?

    /// `text` as the recipe writes it.
    func encoded(_ text: String) -> Data {
        guard let utf16 else { return Data(text.utf8) }
        let bigEndian = utf16 == "be"
        return Data(
            text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }
}

/// What a case must end with. Every field given is asserted; signals are always asserted to be none.
struct Expectation: Decodable, Sendable {
    /// The exit code.
    var exit: Int32
    /// Values at paths of the JSON on stdout (`documents[0].parseError.kind`); `null` means absent or null.
    var json: [String: JSONValue]?
    /// The exact set of rule ids of error-severity findings in every document of a `--json` output.
    var errorRules: [String]?
    /// Texts stderr must contain (the field or option a message names).
    var stderr: [String]?
    /// Texts stdout must contain.
    var stdout: [String]?
    /// Texts stdout must not contain (a `<script` the HTML report must have escaped).
    var absent: [String]?
    /// Texts stderr must not contain (a file's contents, a stack trace).
    var absentStderr: [String]?
    /// The most bytes stdout may hold: output a hostile input must not inflate.
    var stdoutMaxBytes: Int?
    /// The most bytes stderr may hold.
    var stderrMaxBytes: Int?
    /// HTTP requests the loopback server must have received during the case, exactly (0: nothing was fetched).
    var requests: Int?
    /// Beacons the loopback server must have logged during the case, exactly (0: no pixel was fired).
    var beacons: Int?
    /// Paths in the case's folder (`{tmp}`) that must not exist afterwards: nothing was written there.
    var notCreated: [String]?
}

/// Per-case bounds.
struct Limits: Decodable, Sendable {
    /// Wall time, in milliseconds.
    var ms: Double?
    /// Peak RSS above the runner's baseline, in MiB.
    var rssMiB: Double?
}

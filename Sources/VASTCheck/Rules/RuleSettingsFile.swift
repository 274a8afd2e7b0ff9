import AdResolution
import FoundationEssentials
import Glibc
import VAST

/// `.vastcheck.json`: a team's rule settings, found from the current folder up (the nearest wins), or
/// named with `--config FILE`:
///
/// ```json
/// {"disable": ["schema.namespace"], "severity": {"time.lenient": "error"}, "strict": false}
/// ```
///
/// Every member is optional; any other member, an unknown rule id or a level other than error,
/// warning or info is an error that names it. Flags given on the command line win over the file.
enum RuleSettingsFile {
    /// The file's name.
    static let name = ".vastcheck.json"

    /// The nearest `.vastcheck.json` in `folder` or a folder above it (a relative `folder` is taken
    /// from the process's current folder; `.` and `..` are resolved by name, as `URL`'s
    /// `standardizedFileURL` does, without following links). Names are bytes: a folder whose name is not
    /// UTF-8 is carried as ``FileName`` carries it and looked in under its own bytes.
    ///
    /// Plain path strings and `stat`: this runs in every command that reads rule settings, before
    /// the first document, and `URL`'s path handling cost more than the walk itself.
    static func find(from folder: String) -> String? {
        let absolute = FileName.absolute(folder)
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        while true {
            // `String.append(contentsOf: Substring)`, not `+` of a `Substring`: that is the stdlib's generic
            // entry, whose first call costs a process a type lookup before the first document.
            var candidate = ""
            for part in parts {
                candidate.append("/")
                candidate.append(contentsOf: part)
            }
            candidate.append("/")
            candidate.append(name)
            var info = stat()
            if FileName.withPlatformPath(candidate, { stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFDIR {
                return candidate
            }
            guard parts.popLast() != nil else { return nil }
        }
    }

    /// What the file may hold.
    private struct Contents: Decodable {
        var disable: [String]?
        var severity: [String: String]?
        var strict: Bool?
    }

    /// Reads the settings in `bytes`.
    /// - Throws: a message saying which member is wrong and how.
    static func tuning(from bytes: [UInt8]) throws(RuleSettingsError) -> RuleTuning {
        guard let object = JSONObjectReader.object(bytes) else {
            throw RuleSettingsError("not a JSON object such as {\"disable\": [\"schema.namespace\"]}")
        }
        if let unknown = object.keys.sorted().first(where: { !["disable", "severity", "strict"].contains($0) }) {
            throw RuleSettingsError("the member \"\(unknown)\" is not one of disable, severity and strict")
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            throw RuleSettingsError(
                "\"disable\" must be a list of rule ids, \"severity\" an object of rule ids "
                    + "to \"error\", \"warning\" or \"info\", and \"strict\" true or false")
        }
        var tuning = RuleTuning()
        tuning.strict = contents.strict ?? false
        do throws(RuleTuningError) {
            for id in contents.disable ?? [] { try tuning.set(id, .disabled) }
            for (id, level) in (contents.severity ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let parsed = VASTFinding.Severity(rawValue: level) else {
                    throw RuleTuningError.badLevel(id, level)
                }
                try tuning.set(id, .severity(parsed))
            }
        } catch {
            throw RuleSettingsError(error.message)
        }
        return tuning
    }
}

/// Why a rule settings file cannot be used.
struct RuleSettingsError: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

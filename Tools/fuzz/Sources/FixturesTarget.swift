import Foundation
import LifecycleFixtures

/// Lifecycle and session fixtures (QA's data files), decoded and run as `vastcheck replay` runs them.
///
/// The input is one fixture's JSON. A fixture that decodes runs only when every sample it names is a
/// regular file of at most 1 MiB inside the repository, named without `..` (the fuzzer mutates paths:
/// it must not read `/dev/zero` or the rest of the disk; hostile paths are the hostile corpus's job).
/// A fixture that cannot be read fails with a ``FixtureError`` whose message is not empty; a fixture
/// that runs passes or fails with a step and a summary, and its trace never outgrows its steps.
enum FixturesTarget {
    /// The repository this harness was built from: fixtures' `ad` paths are relative to it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let runner = FixtureRunner(root: root)
        do {
            if isSession(data) {
                let fixture = try SessionFixture(json: data, file: "fuzz.json")
                guard ([fixture.ad] + fixture.wrappers).allSatisfy(isSafeSample) else { return }
                check(try runner.run(fixture), steps: nil)
            } else {
                let fixture = try LifecycleFixture(json: data, file: "fuzz.json")
                let samples = (fixture.ad.map { [$0] } ?? []) + fixture.wrappers
                guard samples.allSatisfy(isSafeSample) else { return }
                check(try runner.run(fixture), steps: fixture.steps.count)
            }
        } catch {
            Invariant.check(
                !error.message.isEmpty, "a fixture error without a message (\(error.code) at \(error.path))")
            Invariant.sink(error.description.utf8.count)
        }
    }

    /// The same choice `FixtureFile` makes: a top-level `"controller": "session"`.
    private static func isSession(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["controller"] as? String == "session"
    }

    private static func isSafeSample(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), !path.contains("\0")
        else {
            return false
        }
        let url = root.appendingPathComponent(path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= 1 << 20
        else { return false }
        return true
    }

    private static func check(_ result: FixtureResult, steps: Int?) {
        if let failure = result.failure {
            Invariant.check(!failure.summary.isEmpty, "a failing fixture without a summary")
            Invariant.sink(failure.report.utf8.count)
        }
        if let steps {
            Invariant.check(result.trace.count <= steps, "a trace of \(result.trace.count) for \(steps) steps")
        }
        Invariant.sink(result.description.utf8.count &+ result.trace.count)
    }
}

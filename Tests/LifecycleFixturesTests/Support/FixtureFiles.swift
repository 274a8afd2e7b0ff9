import Foundation
import LifecycleFixtures

/// The checked-in fixtures, found from this file's path so the tests run from any directory.
enum FixtureFiles {
    /// The repository root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures/lifecycle`.
    static let directory = root.appendingPathComponent("Tests/Fixtures/lifecycle")

    /// Every `*.json` file name, sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static let runner = FixtureRunner(root: root)

    /// `Tests/Fixtures/lifecycle/session`: the session fixtures.
    static let sessionDirectory = directory.appendingPathComponent("session")

    /// Every session fixture file name, sorted.
    static let sessionNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sessionDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Every session fixture with its run.
    static func runAllSessions() throws -> [(fixture: SessionFixture, result: FixtureResult)] {
        try sessionNames.map { name in
            let data = try Data(contentsOf: sessionDirectory.appendingPathComponent(name))
            let fixture = try SessionFixture(json: data, file: name)
            return (fixture, try runner.run(fixture))
        }
    }

    /// Every fixture with its pure run, for the coverage checks.
    static func runAll() throws -> [(fixture: LifecycleFixture, result: FixtureResult)] {
        try names.map { name in
            let fixture = try LifecycleFixture(contentsOf: url(name))
            return (fixture, try runner.run(fixture))
        }
    }
}

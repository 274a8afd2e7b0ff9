import Foundation
import LifecycleFixtures
import Testing

/// Every fixture under Tests/Fixtures/lifecycle passes, on the pure lifecycle and through its controller.
@Suite struct LifecycleFixtureTests {
    @Test(arguments: FixtureFiles.names)
    func fixturePassesOnThePureLifecycle(_ name: String) throws {
        let result = try FixtureFiles.runner.run(contentsOf: FixtureFiles.url(name))
        #expect(result.passed, "\(result)")
    }

    @Test(arguments: FixtureFiles.names)
    @MainActor
    func fixturePassesThroughItsControllerWithEveryActionObserved(_ name: String) async throws {
        let fixture = try LifecycleFixture(contentsOf: FixtureFiles.url(name))
        let result: FixtureResult
        do {
            result = try await FixtureFiles.runner.replayThroughController(fixture)
        } catch {
            #expect(
                error.code == .notReplayable && fixture.setup.startsExpanded,
                "only a player starting expanded is not replayable: \(error)")
            return
        }
        #expect(result.passed, "\(result)")
    }

    @Test(arguments: FixtureFiles.names)
    func fixtureIsNamedAfterItsFileAndController(_ name: String) throws {
        let fixture = try LifecycleFixture(contentsOf: FixtureFiles.url(name))
        #expect(fixture.name + ".json" == name)
        #expect(fixture.name.hasPrefix(fixture.controller.rawValue + "-"))
        #expect(!fixture.covers.isEmpty, "say which ordering decisions the fixture demonstrates")
    }
}

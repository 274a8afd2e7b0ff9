import Foundation
import LifecycleFixtures
import Testing

/// Every part fixture under Tests/Fixtures/lifecycle passes on its pure lifecycle (the controllers are views
/// of a session: `SessionFixtureTests` replays every session fixture through them).
@Suite struct LifecycleFixtureTests {
    @Test(arguments: FixtureFiles.names)
    func fixturePassesOnThePureLifecycle(_ name: String) throws {
        let result = try FixtureFiles.runner.run(contentsOf: FixtureFiles.url(name))
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

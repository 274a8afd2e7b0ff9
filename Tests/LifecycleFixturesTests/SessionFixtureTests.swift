import AdLifecycle
import Foundation
import LifecycleFixtures
import Testing

/// The session fixtures (`Tests/Fixtures/lifecycle/session`): they all pass through a real `AdSession`,
/// there are at least 30, and together they send every session input and expect every session callback
/// (the lists come from the codec the runner reads them with, so a new input or callback fails here until
/// a fixture shows it).
@Suite struct SessionFixtureTests {
    static let all = Result { try FixtureFiles.runAllSessions() }

    @Test func thereAreAtLeastThirtySessionFixturesAndAllPass() throws {
        let all = try Self.all.get()
        #expect(all.count >= 30)
        for run in all where !run.result.passed { Issue.record("\(run.result)") }
    }

    @Test func everySessionFixtureIsNamedAfterItsFile() throws {
        for run in try Self.all.get() {
            #expect(run.fixture.file == run.fixture.name + ".json")
            #expect(run.fixture.name.hasPrefix("session-"))
        }
    }

    @Test func everySessionInputIsSentByAFixture() throws {
        let sent = Set(try Self.all.get().flatMap { $0.fixture.steps.map(\.input.name) })
        let missing = FixtureFile.sessionInputNames.filter { !sent.contains($0) }
        #expect(missing.isEmpty, "no session fixture sends \(missing)")
    }

    @Test func everySessionCallbackIsExpectedByAFixture() throws {
        let expected = Set(
            try Self.all.get().flatMap { run in
                run.fixture.steps.flatMap { step -> [String] in
                    guard case .outputs(let outputs) = step.expectation else { return [] }
                    return outputs.compactMap(\.callbackName)
                }
            })
        let missing = FixtureFile.sessionCallbackNames.filter { !expected.contains($0) }
        #expect(missing.isEmpty, "no session fixture expects \(missing)")
    }

    @Test func everyViewabilityVerdictIsExpectedByAFixture() throws {
        let verdicts = Set(
            try Self.all.get().flatMap { run in
                run.fixture.steps.flatMap { step -> [ViewabilityVerdict] in
                    guard case .outputs(let outputs) = step.expectation else { return [] }
                    return outputs.compactMap { output in
                        if case .session(.callback(.viewability(let verdict))) = output { return verdict }
                        return nil
                    }
                }
            })
        #expect(verdicts == Set(ViewabilityVerdict.allCases))
    }

    @Test func aMistypedSessionInputIsAnErrorNamingTheField() throws {
        let json = """
            {"name": "session-bad", "description": "d", "controller": "session",
             "ad": "Tests/Fixtures/lifecycle/ads/session-every-part.xml",
             "steps": [{"at": 0, "input": {"exposureChanged": {"percnt": 50}}, "expect": []}]}
            """
        #expect(throws: FixtureError.self) { try SessionFixture(json: Data(json.utf8), file: "bad.json") }
        do {
            _ = try SessionFixture(json: Data(json.utf8), file: "bad.json")
        } catch {
            #expect(error.path == "steps[0].input.exposureChanged.percent")
        }
    }

    @Test func aFailingSessionStepShowsTheActualOutputsAsADiff() throws {
        let json = """
            {"name": "session-wrong", "description": "d", "controller": "session",
             "ad": "Tests/Fixtures/lifecycle/ads/session-every-part.xml",
             "steps": [{"at": 0, "input": "impressionRendered", "expect": [{"callback": "impressionWillBeLogged"}]}]}
            """
        let result = try FixtureFiles.runner.run(try SessionFixture(json: Data(json.utf8), file: "wrong.json"))
        #expect(result.failure?.step == 0)
        #expect(
            result.failure?.diff == [
                #"  {"callback":"impressionWillBeLogged"}"#,
                #"+ {"beacon":"impression","url":"https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A00.000Z","hop":0}"#,
            ])
    }
}

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

    /// One way to play an ad (ORDERING.md `controller-views`): every session fixture played again through
    /// the unit, video and MRAID controllers gives the same outcome at every step, the same beacons in the
    /// same order, and each part callback at its part's delegate, in order.
    @Test @MainActor func everySessionFixturePlaysTheSameThroughTheControllers() throws {
        var replayed = 0
        for run in try Self.all.get() where !run.fixture.pod {
            let result = try FixtureFiles.runner.replayThroughControllers(run.fixture)
            #expect(result.passed, "\(result)")
            replayed += 1
        }
        #expect(replayed >= 30)
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

    /// The play steps: each fixture's steps with their index, for the checks below.
    static func plays() throws -> [(fixture: SessionFixture, index: Int, play: FixturePlay, outputs: [FixtureOutput]?)]
    {
        try all.get().flatMap { run in
            run.fixture.steps.enumerated().compactMap { index, step in
                guard case .play(let play) = step.input else { return nil }
                var outputs: [FixtureOutput]?
                if case .outputs(let expected) = step.expectation { outputs = expected }
                return (run.fixture, index, play, outputs)
            }
        }
    }

    /// The playhead each `progressed` output reports, in order.
    static func positions(_ outputs: [FixtureOutput]) -> [Int] {
        outputs.compactMap { output in
            if case .session(.callback(.video(.progressed(let position, _)))) = output { return position }
            return nil
        }
    }

    @Test func playStepsShowEachSituationTheFormatDocuments() throws {
        let plays = try Self.plays()
        func callbacks(_ outputs: [FixtureOutput]?) -> [String] { (outputs ?? []).compactMap(\.callbackName) }
        // A play with no player duration that reaches the VAST Duration and completes.
        #expect(
            plays.contains {
                !$0.fixture.pod && $0.play.durationMs == nil && callbacks($0.outputs).contains("completed")
            })
        // A play that moves nothing because the player is paused, and one after a resume.
        #expect(
            plays.contains { play in
                guard play.outputs == [], play.index > 0 else { return false }
                return play.fixture.steps[play.index - 1].input.name == "paused"
            })
        #expect(plays.contains { $0.index > 0 && $0.fixture.steps[$0.index - 1].input.name == "resumed" })
        // A play past the skip offset followed by a skip that is taken.
        #expect(
            plays.contains { play in
                play.fixture.steps.dropFirst(play.index + 1).contains { step in
                    guard step.input.name == "skipRequested", case .outputs(let outputs) = step.expectation else {
                        return false
                    }
                    return callbacks(outputs).first == "skipped"
                }
            })
        // A pod played ad by ad: at least two play steps of one fixture, each ending its ad.
        let podPlays = plays.filter { $0.fixture.pod && callbacks($0.outputs).contains("adEnded") }
        #expect(
            Set(podPlays.map(\.fixture.name)).contains { name in podPlays.filter { $0.fixture.name == name }.count >= 2
            })
        // A refusal of a play.
        #expect(plays.contains { $0.outputs == nil })
    }

    /// The virtual player reports progress only where something can happen: every report but the play's
    /// first (the start, or the count restarting) and its last (the target, or the end) is followed by
    /// something it caused, and the playhead never goes back within a play.
    @Test func playStepsReportProgressOnlyWhereSomethingHappens() throws {
        for (fixture, index, play, outputs) in try Self.plays() {
            guard let outputs else { continue }
            let place = "\(fixture.name) step \(index)"
            let positions = Self.positions(outputs)
            #expect(positions == positions.sorted(), "\(place): the playhead went back")
            #expect(positions.allSatisfy { $0 <= play.toMs }, "\(place): a report past toMs")
            let reports = outputs.indices.filter { Self.positions([outputs[$0]]).count == 1 }
            for (rank, offset) in reports.enumerated() where rank > 0 && rank < reports.count - 1 {
                let next = outputs.index(after: offset)
                #expect(
                    next < outputs.endIndex && Self.positions([outputs[next]]).isEmpty,
                    "\(place): the report at \(positions[rank]) ms caused nothing")
            }
        }
    }

    @Test func aPlayToAnOutOfRangeTimeIsAnErrorNamingTheField() throws {
        for input in [
            #"{"play": {"toMs": -1}}"#, #"{"play": {"toMs": 1e18}}"#, #"{"play": {"toMs": 5, "durationMs": 0}}"#,
            #"{"play": {"toMs": 1.5}}"#, #"{"play": {"tooMs": 5}}"#,
        ] {
            let json = """
                {"name": "session-bad", "description": "d", "controller": "session",
                 "ad": "Tests/Fixtures/lifecycle/ads/session-every-part.xml",
                 "steps": [{"at": 0, "input": \(input), "expect": []}]}
                """
            #expect(throws: FixtureError.self, "\(input)") {
                try SessionFixture(json: Data(json.utf8), file: "bad.json")
            }
            do {
                _ = try SessionFixture(json: Data(json.utf8), file: "bad.json")
            } catch {
                #expect(error.path.hasPrefix("steps[0].input.play."), "\(input): \(error.path)")
            }
        }
    }

    @Test func aStepBeforeTheClockAPlayLeftFailsSayingWhichTimeToWrite() throws {
        let json = """
            {"name": "session-late", "description": "d", "controller": "session",
             "ad": "Tests/Fixtures/lifecycle/ads/session-every-part.xml",
             "steps": [{"at": 1000, "input": "impressionRendered", "expect": [
                         {"callback": "impressionWillBeLogged"},
                         {"beacon": "impression", "url": "https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A01.000Z", "hop": 0}]},
                       {"input": {"play": {"toMs": 1000}}, "expect": [
                         {"callback": "started"},
                         {"beacon": "creativeView", "url": "https://inline.example.com/t?e=creativeView", "hop": 0},
                         {"beacon": "start", "url": "https://inline.example.com/t?e=start&asset=[ASSETURI]", "hop": 0},
                         {"callback": "progressed", "positionMs": 0, "durationMs": null},
                         {"callback": "progressed", "positionMs": 1000, "durationMs": null}]},
                       {"input": "paused", "expect": []}]}
            """
        let result = try FixtureFiles.runner.run(try SessionFixture(json: Data(json.utf8), file: "late.json"))
        #expect(result.failure?.step == 2)
        #expect(
            result.failure?.summary
                == "the step's time (1000 ms) is before the clock a play moved to (2000 ms): give it an `at` of at least 2000"
        )
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

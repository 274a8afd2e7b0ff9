import AdLifecycle
import AdSimulation
import Foundation
import Synchronization
import VAST

extension FixtureRunner {
    /// Runs a session fixture through a real `AdSession`: its ad merged with its wrappers, the setup's
    /// clock, zone and random values, a clock set to each step's time, and a beacon sink and observer that
    /// record everything. A `play` step goes through AdSimulation's `VirtualPlayer`, which moves the clock
    /// with the playhead; a later step's time must not be before where it left the clock. Each step passes
    /// only when the returned events are exactly the expected list (or the error has the same code, action
    /// and message when pinned) and a refused input left the whole session state as it was; at the end the
    /// observer must have seen every event in order and the sink exactly the beacons, in order (contract:
    /// session-stream).
    /// - Throws: ``FixtureError`` when the ad is unusable or the creative is not in it.
    public func run(_ fixture: SessionFixture) throws(FixtureError) -> FixtureResult {
        let setup = fixture.setup
        let random = RandomSequence(setup.random)
        let start = setup.clock
        let clock = VirtualClock(start)
        let recorder = SessionRecorder()
        let configuration = AdSessionConfiguration(
            adInstanceID: setup.adInstanceID,
            macros: VASTMacroContext(now: { start }, timeZone: setup.timeZone, random: { random.next() }),
            startsMuted: setup.startsMuted, mraid: fixture.mraid)
        let driven: DrivenSession
        if fixture.pod {
            let (pod, buffet) = try podAndBuffet(fixture.ad, wrappers: fixture.wrappers, file: fixture.file)
            let adBreak = AdBreak(
                pod: pod, buffet: buffet, configuration: configuration, clock: clock.read,
                beaconSink: { [recorder] in recorder.sink($0) }, observer: { [recorder] in recorder.observe($0) })
            driven = DrivenSession(
                played: adBreak, start: { adBreak.start() }, snapshot: { SessionSnapshot.of(adBreak.lifecycle) })
        } else {
            let resolved = try resolvedAd(fixture.ad, wrappers: fixture.wrappers, file: fixture.file)
            let creative =
                fixture.creative
                ?? .linear(
                    creative: resolved.inLine.creatives.firstIndex { $0.linear != nil } ?? 0, assetURI: setup.assetURI)
            let session: AdSession
            do throws(SessionError) {
                session = try AdSession(
                    ad: resolved, creative: creative, configuration: configuration, clock: clock.read,
                    beaconSink: { [recorder] in recorder.sink($0) }, observer: { [recorder] in recorder.observe($0) })
            } catch {
                throw FixtureError(.unusableAd, file: fixture.file, path: "creative", message: error.message)
            }
            driven = DrivenSession(played: session, start: { [] }, snapshot: { SessionSnapshot(session.lifecycle) })
        }
        var player = VirtualPlayer(playing: driven.played, clock: clock)
        var result = FixtureResult(name: fixture.name, file: fixture.file, failure: nil, trace: [])
        let id = setup.adInstanceID
        var executed: [FixtureOutput] = []
        for (index, step) in fixture.steps.enumerated() {
            let reached = Simulation.milliseconds(clock.now.timeIntervalSince(start))
            guard reached <= step.at else {
                result.failure = FixtureFailure(
                    step: index,
                    summary: "the step's time (\(step.at) ms) is before the clock a play moved to (\(reached) ms): "
                        + "give it an `at` of at least \(reached)",
                    input: step.input.description, diff: [])
                return result
            }
            clock.now = setup.date(at: step.at)
            // A pod's break starts right before its first step: its events lead that step's outputs.
            let opening = index == 0 ? driven.start().map(FixtureOutput.session) : []
            let before = driven.snapshot()
            let outcome: StepOutcome
            switch Self.perform(step.input, on: driven.played, with: &player) {
            case .success(let events):
                let outputs = opening + events.map(FixtureOutput.session)
                executed += outputs
                outcome = .outputs(outputs)
            case .failure(let refusal):
                executed += opening
                outcome = .error(code: refusal.code, action: refusal.action, message: refusal.message)
            }
            let after = driven.snapshot()
            result.trace.append(
                StepTrace(
                    index: index, at: step.at, input: step.input, phaseBefore: before.phaseName,
                    phaseAfter: after.phaseName, outcome: outcome))
            result.failure = Self.check(step, index: index, outcome: outcome, adInstanceID: id)
            if result.failure == nil, case .error = outcome, after != before {
                result.failure = FixtureFailure(
                    step: index, summary: "a refused input changed the state (contract: refused-input)",
                    input: step.input.description,
                    diff: LineDiff.render(
                        expected: [JSONValue.object(before.json).rendered],
                        actual: [JSONValue.object(after.json).rendered]))
            }
            if result.failure != nil { return result }
        }
        result.failure =
            Self.checkStream(recorder, executed: executed, adInstanceID: id)
            ?? Self.checkSessionEnd(fixture, snapshot: driven.snapshot())
        return result
    }

    /// A step's input: a session input sent as is, or a play through the virtual player.
    private static func perform(_ input: FixtureInput, on played: any PlayedSession, with player: inout VirtualPlayer)
        -> Result<[SessionEvent], Refusal>
    {
        switch input {
        case .session(let input):
            do throws(SessionError) {
                return .success(try played.send(input))
            } catch {
                return .failure(Refusal(code: error.code.description, action: error.action, message: error.message))
            }
        case .play(let play):
            player.reportedDuration = play.durationMs.map(SessionTime.seconds)
            do throws(VirtualPlayerError) {
                return .success(try player.play(to: SessionTime.seconds(play.toMs)))
            } catch {
                let code = error.sessionError?.code.description ?? error.code.description
                return .failure(Refusal(code: code, action: error.sessionError?.action, message: error.message))
            }
        case .unit, .video, .mraid:
            // The session fixture parser reads only session inputs and plays: nothing else reaches here.
            return .success([])
        }
    }

    private static func checkStream(_ recorder: SessionRecorder, executed: [FixtureOutput], adInstanceID id: String)
        -> FixtureFailure?
    {
        let observed = recorder.observed.map(FixtureOutput.session)
        if observed != executed {
            return FixtureFailure(
                step: nil,
                summary: "the observer saw other events than the session returned (contract: session-stream)",
                input: "",
                diff: LineDiff.render(
                    expected: executed.map { $0.rendered(adInstanceID: id) },
                    actual: observed.map { $0.rendered(adInstanceID: id) }))
        }
        let beacons = executed.compactMap(\.beacon)
        let sunk = recorder.batches.flatMap { $0 }
        guard sunk != beacons else { return nil }
        return FixtureFailure(
            step: nil, summary: "the beacon sink received other beacons than the session fired", input: "",
            diff: LineDiff.render(
                expected: beacons.map { FixtureOutput.render($0, adInstanceID: id).rendered },
                actual: sunk.map { FixtureOutput.render($0, adInstanceID: id).rendered }))
    }

    private static func checkSessionEnd(_ fixture: SessionFixture, snapshot: SessionSnapshot) -> FixtureFailure? {
        let actual = snapshot.json
        let mismatched = fixture.expectState.keys.sorted().filter { fixture.expectState[$0] != (actual[$0] ?? .null) }
        guard !mismatched.isEmpty else { return nil }
        return FixtureFailure(
            step: nil, summary: "expectState differs", input: "",
            diff: mismatched.flatMap { key in
                [
                    "- \(key): \(fixture.expectState[key]?.rendered ?? "null")",
                    "+ \(key): \((actual[key] ?? .null).rendered)",
                ]
            })
    }
}

/// An `AdSession` or `AdBreak` as the runner drives it.
private struct DrivenSession {
    var played: any PlayedSession
    var start: () -> [SessionEvent]
    var snapshot: () -> SessionSnapshot
}

/// A step's refusal, as the fixture's `expectError` names it.
private struct Refusal: Error {
    var code: String
    var action: String?
    var message: String
}

/// The session runner's clock, beacon sink and observer.
private final class SessionRecorder: Sendable {
    private struct Record {
        var batches: [[BeaconRequest]] = []
        var observed: [SessionEvent] = []
    }

    private let record = Mutex(Record())

    var batches: [[BeaconRequest]] { record.withLock { $0.batches } }
    var observed: [SessionEvent] { record.withLock { $0.observed } }

    func sink(_ batch: [BeaconRequest]) { record.withLock { $0.batches.append(batch) } }
    func observe(_ event: SessionEvent) { record.withLock { $0.observed.append(event) } }
}

import AdErrors
import AdLifecycle
import AdSimulation
import FoundationEssentials
import Synchronization
import VAST

/// A session fixture's subject: an `AdSession` or `AdBreak` made from the fixture, the virtual player
/// that performs its `play` steps, the clock they share, and a recorder standing in for the host's beacon
/// sink and observer.
///
/// The clock is set to each step's time before the step; a play moves it with the playhead, so a later
/// step may not be before where a play left it (``prepare(_:index:)`` says which `at` to write). A pod's
/// break starts right before its first step: its events lead that step's outputs.
struct SessionSubject: FixtureSubject {
    /// What is played, its start (a break's opening events) and its snapshot.
    struct Driven {
        var played: any PlayedSession
        var start: () -> [SessionEvent]
        var snapshot: () -> SessionSnapshot
    }

    let driven: Driven
    let setup: FixtureSetup
    let clock: VirtualClock
    let recorder: SessionRecorder
    private var player: VirtualPlayer
    private var started = false
    /// Every output the steps returned, in order, for the stream check at the end.
    private(set) var executed: [FixtureOutput] = []

    init(_ driven: Driven, setup: FixtureSetup, clock: VirtualClock, recorder: SessionRecorder) {
        self.driven = driven
        self.setup = setup
        self.clock = clock
        self.recorder = recorder
        player = VirtualPlayer(playing: driven.played, clock: clock)
    }

    var snapshot: SessionSnapshot { driven.snapshot() }
    var phaseName: String { snapshot.phaseName }

    mutating func prepare(_ step: FixtureStep, index: Int) -> FixtureFailure? {
        let reached = Simulation.milliseconds(clock.now.timeIntervalSince(setup.clock))
        guard reached <= step.at else {
            return FixtureFailure(
                step: index,
                summary: "the step's time (\(step.at) ms) is before the clock a play moved to (\(reached) ms): "
                    + "give it an `at` of at least \(reached)",
                input: step.input.description, diff: [])
        }
        clock.now = setup.date(at: step.at)
        return nil
    }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        let opening = started ? [] : driven.start().map(FixtureOutput.session)
        started = true
        executed += opening
        switch input {
        case .session(let input):
            do throws(SessionError) {
                let outputs = opening + (try driven.played.send(input)).map(FixtureOutput.session)
                executed += outputs.dropFirst(opening.count)
                return .outputs(outputs)
            } catch {
                return .error(code: error.code.description, action: error.action, message: error.message)
            }
        case .play(let play):
            player.reportedDuration = play.durationMs.map(SessionTime.seconds)
            do throws(VirtualPlayerError) {
                let outputs = opening + (try player.play(to: SessionTime.seconds(play.toMs))).map(FixtureOutput.session)
                executed += outputs.dropFirst(opening.count)
                return .outputs(outputs)
            } catch {
                let code = error.sessionError?.code.description ?? error.code.description
                return .error(code: code, action: error.sessionError?.action, message: error.message)
            }
        case .unit, .video, .mraid:
            return nil
        }
    }

    /// The checks after the last step: the observer saw every event the steps returned, in order, and the
    /// beacon sink exactly their beacons (contract: session-stream); then `expectState`.
    func finish(_ fixture: SessionFixture) -> FixtureFailure? {
        let id = setup.adInstanceID
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
        if sunk != beacons {
            return FixtureFailure(
                step: nil, summary: "the beacon sink received other beacons than the session fired", input: "",
                diff: LineDiff.render(
                    expected: beacons.map { FixtureOutput.render($0, adInstanceID: id).rendered },
                    actual: sunk.map { FixtureOutput.render($0, adInstanceID: id).rendered }))
        }
        return FixtureRunner.checkState(fixture.expectState, actual: snapshot.json)
    }
}

/// The session runner's beacon sink and observer.
final class SessionRecorder: Sendable {
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

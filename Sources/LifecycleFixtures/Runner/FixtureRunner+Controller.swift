import AdLifecycle
import Foundation
import Synchronization

extension FixtureRunner {
    /// Runs a fixture through the pure lifecycle (``run(_:)-(LifecycleFixture)``), then again through its `@MainActor`
    /// controller (`UnitController`, `VideoContentController`, `MRAIDContentController`) with a
    /// clock set to each step's time, and checks the ordering contract's `observer` decision: the controller
    /// returns the same outcome at every step, its `observations` stream holds every executed action in
    /// execution order, and its beacon sink received exactly the beacons, in order.
    ///
    /// Runs on the main actor, like the controllers; it suspends only to drain the observation stream.
    /// - Returns: the pure run's result when it failed; otherwise passed, or the first controller
    ///   difference with a diff.
    /// - Throws: ``FixtureError``: those of ``run(_:)-(LifecycleFixture)``, and `notReplayable` for a setup the controller
    ///   cannot express (a video player that starts expanded).
    @MainActor
    public func replayThroughController(_ fixture: LifecycleFixture) async throws(FixtureError) -> FixtureResult {
        var result = try run(fixture)
        guard result.passed else { return result }
        let replay: ControllerReplay
        switch fixture.controller {
        case .unit: replay = try await replayUnit(fixture)
        case .video: replay = try await replayVideo(fixture)
        case .mraid: replay = await replayMRAID(fixture)
        }
        result.failure = Self.compare(replay, with: result.trace, fixture: fixture)
        return result
    }

    private static func compare(_ replay: ControllerReplay, with trace: [StepTrace], fixture: LifecycleFixture)
        -> FixtureFailure?
    {
        let id = fixture.setup.adInstanceID
        for (step, outcome) in zip(trace, replay.outcomes) where step.outcome != outcome {
            return FixtureFailure(
                step: step.index, summary: "the controller's outcome differs from the lifecycle's",
                input: step.input.description,
                diff: LineDiff.render(
                    expected: step.outcome.lines(adInstanceID: id, showingMessage: true),
                    actual: outcome.lines(adInstanceID: id, showingMessage: true)))
        }
        let executed = trace.flatMap { step -> [FixtureOutput] in
            if case .outputs(let outputs) = step.outcome { return outputs }
            return []
        }
        if replay.observed != executed {
            return FixtureFailure(
                step: nil, summary: "the observations stream differs from the executed actions (contract: observer)",
                input: "",
                diff: LineDiff.render(
                    expected: executed.map { $0.rendered(adInstanceID: id) },
                    actual: replay.observed.map { $0.rendered(adInstanceID: id) }))
        }
        let beacons = executed.compactMap(\.beacon)
        guard replay.sunk != beacons else { return nil }
        return FixtureFailure(
            step: nil, summary: "the beacon sink received other beacons than the lifecycle fired", input: "",
            diff: LineDiff.render(
                expected: beacons.map { FixtureOutput.render($0, adInstanceID: id).rendered },
                actual: replay.sunk.map { FixtureOutput.render($0, adInstanceID: id).rendered }))
    }

    @MainActor
    private func replayUnit(_ fixture: LifecycleFixture) async throws(FixtureError) -> ControllerReplay {
        let clock = FixtureClock(fixture.setup.clock)
        let sink = BeaconLog()
        var controller: UnitController? = UnitController(
            plan: try plan(for: fixture), clock: { clock.now }, beaconSink: { sink.beacons.append($0) })
        let observations = controller?.observations
        var outcomes: [StepOutcome] = []
        for step in fixture.steps {
            clock.now = fixture.setup.date(at: step.at)
            guard case .unit(let input) = step.input, let current = controller else { continue }
            do {
                outcomes.append(.outputs(try current.send(input).map(FixtureOutput.unit)))
            } catch {
                outcomes.append(.error(code: error.code.description, action: nil, message: error.message))
            }
        }
        // Releasing the controller finishes its stream, so the loop below ends after the last action.
        controller = nil
        var observed: [FixtureOutput] = []
        if let observations { for await action in observations { observed.append(.unit(action)) } }
        return ControllerReplay(outcomes: outcomes, observed: observed, sunk: sink.beacons)
    }

    @MainActor
    private func replayVideo(_ fixture: LifecycleFixture) async throws(FixtureError) -> ControllerReplay {
        guard !fixture.setup.startsExpanded else {
            throw FixtureError(
                .notReplayable, file: fixture.file, path: "setup.startsExpanded",
                message: "VideoContentController cannot start expanded; this fixture runs on VideoLifecycle only")
        }
        let clock = FixtureClock(fixture.setup.clock)
        let sink = BeaconLog()
        var controller: VideoContentController? = VideoContentController(
            plan: try plan(for: fixture), startsMuted: fixture.setup.startsMuted, clock: { clock.now },
            beaconSink: { sink.beacons.append($0) })
        let observations = controller?.observations
        var outcomes: [StepOutcome] = []
        for step in fixture.steps {
            clock.now = fixture.setup.date(at: step.at)
            guard case .video(let input) = step.input, let current = controller else { continue }
            do {
                outcomes.append(.outputs(try current.send(input).map(FixtureOutput.video)))
            } catch {
                outcomes.append(.error(code: error.code.description, action: nil, message: error.message))
            }
        }
        controller = nil
        var observed: [FixtureOutput] = []
        if let observations { for await action in observations { observed.append(.video(action)) } }
        return ControllerReplay(outcomes: outcomes, observed: observed, sunk: sink.beacons)
    }

    @MainActor
    private func replayMRAID(_ fixture: LifecycleFixture) async -> ControllerReplay {
        guard let geometry = fixture.setup.geometry else {
            return ControllerReplay(outcomes: [], observed: [], sunk: [])
        }
        var controller: MRAIDContentController? = MRAIDContentController(
            placement: fixture.setup.placement, geometry: geometry)
        let observations = controller?.observations
        var outcomes: [StepOutcome] = []
        for step in fixture.steps {
            guard case .mraid(let input) = step.input, let current = controller else { continue }
            do {
                outcomes.append(.outputs(try current.send(input).map(FixtureOutput.mraid)))
            } catch {
                outcomes.append(.error(code: error.code.description, action: error.action, message: error.message))
            }
        }
        controller = nil
        var observed: [FixtureOutput] = []
        if let observations { for await action in observations { observed.append(.mraid(action)) } }
        return ControllerReplay(outcomes: outcomes, observed: observed, sunk: [])
    }
}

/// What a controller did over a whole fixture.
private struct ControllerReplay {
    var outcomes: [StepOutcome]
    var observed: [FixtureOutput]
    var sunk: [BeaconRequest]
}

/// The controller's clock: set to each step's time before the step is sent.
private final class FixtureClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) { instant = Mutex(start) }

    var now: Date {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }
}

/// The beacons a controller handed to its sink, in order.
@MainActor
private final class BeaconLog {
    var beacons: [BeaconRequest] = []
}

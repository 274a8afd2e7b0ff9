import AdLifecycle
import AdSimulation
import FoundationEssentials
import VAST

extension FixtureRunner {
    /// Runs a session fixture through a real `AdSession` (or `AdBreak` for a pod): its ad merged with its
    /// wrappers, the setup's clock, zone and random values, a clock set to each step's time, and a beacon
    /// sink and observer that record everything. A `play` step goes through AdSimulation's `VirtualPlayer`,
    /// which moves the clock with the playhead; a later step's time must not be before where it left the
    /// clock. Each step passes only when the returned events are exactly the expected list (or the error
    /// has the same code, action and message when pinned) and a refused input left the whole session state
    /// as it was; at the end the observer must have seen every event in order and the sink exactly the
    /// beacons, in order (contract: session-stream).
    /// - Throws: ``FixtureError`` when the ad is unusable or the creative is not in it.
    public func run(_ fixture: SessionFixture) throws(FixtureError) -> FixtureResult {
        var subject = try subject(for: fixture)
        var result = try drive(
            &subject, steps: fixture.steps, name: fixture.name, file: fixture.file, kind: "session",
            setup: fixture.setup)
        if result.passed { result.failure = subject.finish(fixture) }
        return result
    }

    /// The session or break a session fixture drives, with its clock and recorder.
    /// - Parameter session: turns the made session into what is played (the controllers' replay routes it
    ///   through them); the session itself by default.
    func subject(
        for fixture: SessionFixture, playing session: (AdSession) -> any PlayedSession = { $0 }
    ) throws(FixtureError) -> SessionSubject {
        let setup = fixture.setup
        let random = RandomSequence(setup.random)
        let start = setup.clock
        let clock = VirtualClock(start)
        let recorder = SessionRecorder()
        let configuration = AdSessionConfiguration(
            adInstanceID: setup.adInstanceID,
            macros: VASTMacroContext(now: { start }, timeZone: setup.timeZone, random: { random.next() }),
            startsMuted: setup.startsMuted, mraid: fixture.mraid)
        if fixture.pod {
            let (pod, buffet) = try podAndBuffet(fixture.ad, wrappers: fixture.wrappers, file: fixture.file)
            let adBreak = AdBreak(
                pod: pod, buffet: buffet, configuration: configuration, clock: clock.read,
                beaconSink: { [recorder] in recorder.sink($0) }, observer: { [recorder] in recorder.observe($0) })
            return SessionSubject(
                .init(played: adBreak, start: { adBreak.start() }, snapshot: { SessionSnapshot.of(adBreak.lifecycle) }),
                setup: setup, clock: clock, recorder: recorder)
        }
        let resolved = try resolvedAd(fixture.ad, wrappers: fixture.wrappers, file: fixture.file)
        let creative =
            fixture.creative
            ?? .linear(
                creative: resolved.inLine.creatives.firstIndex { $0.linear != nil } ?? 0, assetURI: setup.assetURI)
        let made: AdSession
        do throws(SessionError) {
            made = try AdSession(
                ad: resolved, creative: creative, configuration: configuration, clock: clock.read,
                beaconSink: { [recorder] in recorder.sink($0) }, observer: { [recorder] in recorder.observe($0) })
        } catch {
            throw FixtureError(.unusableAd, file: fixture.file, path: "creative", message: error.message)
        }
        return SessionSubject(
            .init(played: session(made), start: { [] }, snapshot: { SessionSnapshot(made.lifecycle) }),
            setup: setup, clock: clock, recorder: recorder)
    }
}

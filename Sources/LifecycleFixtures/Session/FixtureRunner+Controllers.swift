import AdLifecycle
import AdSimulation
import FoundationEssentials

extension FixtureRunner {
    /// Runs a session fixture against its `AdSession` (``run(_:)-(SessionFixture)``), then again through the
    /// session's controllers (`SessionControllers`: the unit's, video's and MRAID's inputs sent through their
    /// controller, plays through the controllers too), and checks that the two ways of playing are one
    /// (ORDERING.md `controller-views`): the same outcome at every step, the same beacons in the same order
    /// at the sink, and every part callback the session returned delivered to its part's delegate, in order.
    ///
    /// Runs on the main actor, like the controllers. A pod plays as a break, which has no controllers: its
    /// fixtures run once.
    /// - Returns: the session run's result when it failed; otherwise passed, or the first difference.
    /// - Throws: ``FixtureError`` as ``run(_:)-(SessionFixture)``.
    @MainActor
    public func replayThroughControllers(_ fixture: SessionFixture) throws(FixtureError) -> FixtureResult {
        var result = try run(fixture)
        guard result.passed, !fixture.pod else { return result }
        let recorder = DelegateRecorder()
        var routed: SessionControllers?
        var subject = try subject(for: fixture) { session in
            let controllers = SessionControllers(session: session)
            controllers.unit.delegate = recorder
            controllers.video.delegate = recorder
            controllers.mraid.delegate = recorder
            routed = controllers
            return ControllerRoutedSession(controllers: controllers)
        }
        let id = fixture.setup.adInstanceID
        for (step, trace) in zip(fixture.steps, result.trace) {
            _ = subject.prepare(step, index: trace.index)
            let outcome = subject.apply(step.input, at: fixture.setup.date(at: step.at))
            guard outcome == trace.outcome else {
                result.failure = FixtureFailure(
                    step: trace.index, summary: "the controllers' outcome differs from the session's",
                    input: step.input.description,
                    diff: LineDiff.render(
                        expected: trace.outcome.lines(adInstanceID: id, showingMessage: true),
                        actual: (outcome?.lines(adInstanceID: id, showingMessage: true)) ?? []))
                return result
            }
        }
        let direct = result.trace.flatMap { step -> [FixtureOutput] in
            guard case .outputs(let outputs) = step.outcome else { return [] }
            return outputs
        }
        let sunk = subject.recorder.batches.flatMap { $0 }
        if sunk != direct.compactMap(\.beacon) {
            result.failure = FixtureFailure(
                step: nil, summary: "the controllers' beacon sink differs from the session's", input: "",
                diff: LineDiff.render(
                    expected: direct.compactMap(\.beacon).map { FixtureOutput.render($0, adInstanceID: id).rendered },
                    actual: sunk.map { FixtureOutput.render($0, adInstanceID: id).rendered }))
            return result
        }
        let expected = direct.compactMap { output -> SessionCallback? in
            guard case .session(.callback(let callback)) = output else { return nil }
            switch callback {
            case .unit, .video, .mraid: return callback
            default: return nil
            }
        }
        if recorder.delivered != expected {
            result.failure = FixtureFailure(
                step: nil, summary: "the delegates received other callbacks than the session returned", input: "",
                diff: LineDiff.render(
                    expected: expected.map { SessionCodec.render($0).rendered },
                    actual: recorder.delivered.map { SessionCodec.render($0).rendered }))
        }
        withExtendedLifetime(routed) {}
        return result
    }
}

/// A session played through its controllers: what the virtual player and the runner send goes through
/// the controller of its part (`controllers.unit.send`, …), so the delegates are told.
private struct ControllerRoutedSession: PlayedSession {
    let controllers: SessionControllers

    func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        // The replay runs on the main actor, and the runner and player call this synchronously from it.
        let result = MainActor.assumeIsolated { () -> Result<[SessionEvent], SessionError> in
            do throws(SessionError) {
                switch input {
                case .unit(let input): return .success(try controllers.unit.send(input))
                case .video(let input): return .success(try controllers.video.send(input))
                case .mraid(let input): return .success(try controllers.mraid.send(input))
                default: return .success(try controllers.send(input))
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    var playing: SessionLifecycle? { controllers.session.lifecycle }
}

/// The three delegates at once, recording each call as the part callback it stands for.
@MainActor
private final class DelegateRecorder: UnitControllerDelegate, VideoContentControllerDelegate,
    MRAIDContentControllerDelegate
{
    var delivered: [SessionCallback] = []

    private func unit(_ callback: UnitCallback) { delivered.append(.unit(callback)) }
    private func video(_ callback: VideoCallback) { delivered.append(.video(callback)) }
    private func mraid(_ callback: MRAIDCallback) { delivered.append(.mraid(callback)) }

    func unitControllerWillLogImpression(_ controller: UnitController) { unit(.impressionWillBeLogged) }
    func unitController(_ controller: UnitController, didClickOpening url: String?) { unit(.clicked(url: url)) }
    func unitControllerWillPresentFullscreen(_ controller: UnitController) { unit(.willPresentFullscreen) }
    func unitControllerDidPresentFullscreen(_ controller: UnitController) { unit(.didPresentFullscreen) }
    func unitControllerWillDismissFullscreen(_ controller: UnitController) { unit(.willDismissFullscreen) }
    func unitControllerDidDismissFullscreen(_ controller: UnitController) { unit(.didDismissFullscreen) }
    func unitController(_ controller: UnitController, willOpenExternalApp url: String) {
        unit(.willOpenExternalApp(url: url))
    }
    func unitControllerDidReward(_ controller: UnitController) { unit(.rewarded) }
    func unitControllerDidExpire(_ controller: UnitController) { unit(.expired) }
    func unitController(_ controller: UnitController, didFailWithErrorCode errorCode: Int) {
        unit(.failed(errorCode: errorCode))
    }
    func unitController(_ controller: UnitController, didClickCompanionAt index: Int, opening url: String?) {
        unit(.companionClicked(index: index, url: url))
    }

    func videoController(_ controller: VideoContentController, didUpdateDurationMs durationMs: Int) {
        video(.durationUpdated(durationMs: durationMs))
    }
    func videoControllerDidStart(_ controller: VideoContentController) { video(.started) }
    func videoController(_ controller: VideoContentController, didProgressToMs positionMs: Int, ofMs durationMs: Int?) {
        video(.progressed(positionMs: positionMs, durationMs: durationMs))
    }
    func videoController(_ controller: VideoContentController, didReach quartile: Quartile) {
        video(.quartileReached(quartile))
    }
    func videoControllerDidPause(_ controller: VideoContentController) { video(.paused) }
    func videoControllerDidResume(_ controller: VideoContentController) { video(.resumed) }
    func videoController(_ controller: VideoContentController, didChangeMuted isMuted: Bool) {
        video(isMuted ? .muted : .unmuted)
    }
    func videoController(_ controller: VideoContentController, didChangePlayerExpanded isExpanded: Bool) {
        video(isExpanded ? .playerExpanded : .playerCollapsed)
    }
    func videoControllerDidSkip(_ controller: VideoContentController) { video(.skipped) }
    func videoControllerDidClose(_ controller: VideoContentController) { video(.closed) }
    func videoControllerDidComplete(_ controller: VideoContentController) { video(.completed) }
    func videoController(_ controller: VideoContentController, wasInterruptedWithErrorCode errorCode: Int) {
        video(.interrupted((try? AdPlaybackError(code: errorCode)) ?? .undefined))
    }
    func videoController(_ controller: VideoContentController, didClickIconAt index: Int, opening url: String?) {
        video(.iconClicked(index: index, url: url))
    }

    func mraidController(_ controller: MRAIDContentController, willResizeTo frame: Rect) {
        mraid(.willResize(frame: frame))
    }
    func mraidController(_ controller: MRAIDContentController, didResizeTo frame: Rect) {
        mraid(.didResize(frame: frame))
    }
    func mraidController(_ controller: MRAIDContentController, willExpandTo frame: Rect) {
        mraid(.willExpand(frame: frame))
    }
    func mraidController(_ controller: MRAIDContentController, didExpandTo frame: Rect) {
        mraid(.didExpand(frame: frame))
    }
    func mraidController(_ controller: MRAIDContentController, willCollapseFrom origin: CollapseOrigin) {
        mraid(.willCollapse(from: origin))
    }
    func mraidController(_ controller: MRAIDContentController, didCollapseFrom origin: CollapseOrigin) {
        mraid(.didCollapse(from: origin))
    }
    func mraidController(_ controller: MRAIDContentController, didChangeState state: MRAIDState) {
        mraid(.stateChanged(state))
    }
    func mraidController(_ controller: MRAIDContentController, didChangeViewability isViewable: Bool) {
        mraid(.viewabilityChanged(isViewable: isViewable))
    }
    func mraidControllerDidUnload(_ controller: MRAIDContentController) { mraid(.unloaded) }
}

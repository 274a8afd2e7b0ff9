import AdLifecycle
import Foundation
import Testing
import VAST

@MainActor
final class RecordingUnitDelegate: UnitControllerDelegate {
    final class Host: PresentationHost {}
    var host: Host? = Host()
    var calls: [String] = []
    var onClick: ((UnitController) -> Void)?

    func presentationHost(for controller: UnitController) -> (any PresentationHost)? { host }
    func unitControllerWillLogImpression(_ controller: UnitController) { calls.append("impression") }
    func unitController(_ controller: UnitController, didClickOpening url: String?) {
        calls.append("click \(url ?? "-")")
        onClick?(controller)
    }
    func unitControllerWillPresentFullscreen(_ controller: UnitController) { calls.append("willPresent") }
    func unitControllerDidPresentFullscreen(_ controller: UnitController) { calls.append("didPresent") }
    func unitController(_ controller: UnitController, willOpenExternalApp url: String) { calls.append("open \(url)") }
}

@MainActor
final class RecordingVideoDelegate: VideoContentControllerDelegate {
    var calls: [String] = []
    func videoControllerDidStart(_ controller: VideoContentController) { calls.append("start") }
    func videoController(_ controller: VideoContentController, didReach quartile: Quartile) {
        calls.append(quartile.rawValue)
    }
    func videoController(_ controller: VideoContentController, didChangePlayerExpanded isExpanded: Bool) {
        calls.append(isExpanded ? "expanded" : "collapsed")
    }
    func videoController(_ controller: VideoContentController, wasInterruptedWithErrorCode errorCode: Int) {
        calls.append("interrupted \(errorCode)")
    }
}

@MainActor
final class RecordingMRAIDDelegate: MRAIDContentControllerDelegate {
    var calls: [String] = []
    func mraidController(_ controller: MRAIDContentController, didChangeState state: MRAIDState) {
        calls.append("state \(state.rawValue)")
    }
}

/// The controllers as views of one session (ORDERING.md `controller-views`): each call is the session's
/// input, each callback reaches the delegate of the part that made it, beacons go to the session's sink.
@MainActor
@Suite struct ControllerTests {
    /// Controllers over a session of the two-hop chain, on the fixed clock, recording the beacon sink.
    static func controllers(mraid: MRAIDContainer? = nil) throws -> (SessionControllers, Locked<[BeaconRequest]>) {
        let sent = Locked<[BeaconRequest]>([])
        let session = try AdSession(
            ad: TwoHopChain.resolved(), creative: .linear(creative: 0, assetURI: "https://cdn.example/a.mp4"),
            configuration: AdSessionConfiguration(adInstanceID: "ad-1", macros: Fixed.macros, mraid: mraid),
            clock: { Fixed.now }, beaconSink: { batch in sent.mutate { $0 += batch } })
        return (SessionControllers(session: session), sent)
    }

    @Test func callbacksGoToTheDelegateInOrderAndAReentrantCallWaitsBehindThem() throws {
        let (controllers, sent) = try Self.controllers()
        let delegate = RecordingUnitDelegate()
        controllers.unit.delegate = delegate
        var events: [SessionEvent] = []
        delegate.onClick = { events += (try? $0.send(.externalAppOpening(url: "itms-apps://x"))) ?? [] }
        try controllers.unit.clicked(at: ClickPoint(x: 1, y: 2))
        #expect(
            delegate.calls == [
                "impression", "click https://adv.example/land?t=2023-11-14T22%3A13%3A20.123Z", "open itms-apps://x",
            ])
        #expect(events == [.callback(.unit(.willOpenExternalApp(url: "itms-apps://x")))])
        #expect(
            sent.value.map(\.url) == [
                "https://w.example/imp?cb=10000042", "https://i.example/imp?ts=2023-11-14T22%3A13%3A20.123Z",
                "https://w.example/click?pos=1,2&e=[ERRORCODE]", "https://i.example/click?pos=1,2",
            ])
    }

    @Test func aFullscreenPresentationThroughTheUnitReachesTheVideoDelegateAsThePlayerExpanding() throws {
        let (controllers, sent) = try Self.controllers()
        let unit = RecordingUnitDelegate()
        let video = RecordingVideoDelegate()
        controllers.unit.delegate = unit
        controllers.video.delegate = video
        _ = try controllers.unit.requestFullscreen()
        try controllers.unit.fullscreenPresented()
        #expect(unit.calls == ["willPresent", "didPresent"])
        #expect(video.calls == ["expanded"])
        #expect(sent.value.map(\.url) == ["https://w.example/fs", "https://i.example/expand"])
        #expect(controllers.video.lifecycle?.state.isPlayerExpanded == true)
    }

    @Test func quartilesComeFromTheVASTDurationWhenThePlayerReportsNone() throws {
        let (controllers, _) = try Self.controllers()
        let video = RecordingVideoDelegate()
        controllers.video.delegate = video
        try controllers.video.progressed(seconds: 0, duration: nil)
        try controllers.video.progressed(seconds: 2.5, duration: nil)
        try controllers.video.progressed(seconds: 5, duration: nil)
        #expect(video.calls == ["start", "firstQuartile", "midpoint"])
        #expect(controllers.session.lifecycle.unit.state.impressionLogged, "the impression came before start")
    }

    @Test func fullscreenWithoutADelegateFailsWithATypedErrorInsteadOfCrashing() throws {
        let (controllers, _) = try Self.controllers()
        #expect(throws: SessionError(LifecycleError(.noPresentationHost))) {
            _ = try controllers.unit.requestFullscreen()
        }
        #expect(controllers.unit.lifecycle.phase == .inline)
    }

    @Test func fullscreenUsesTheDelegatesHost() throws {
        let (controllers, _) = try Self.controllers()
        let delegate = RecordingUnitDelegate()
        controllers.unit.delegate = delegate
        let host = try controllers.unit.requestFullscreen()
        #expect(host === delegate.host)
        #expect(delegate.calls == ["willPresent"])
        delegate.host = nil
        #expect(throws: SessionError(LifecycleError(.presentationInProgress))) {
            _ = try controllers.unit.requestFullscreen()
        }
    }

    @Test func theDelegateIsHeldWeaklyAndBeaconsStillFlowWithoutIt() throws {
        let (controllers, sent) = try Self.controllers()
        var delegate: RecordingUnitDelegate? = RecordingUnitDelegate()
        controllers.unit.delegate = delegate
        delegate = nil
        #expect(controllers.unit.delegate == nil)
        try controllers.unit.impressionRendered()
        #expect(sent.value.count == 2)
    }

    @Test func aControllerKeepsItsSessionAndTheSameControllerIsReturnedWhileItLives() throws {
        let (controllers, _) = try Self.controllers()
        let unit = controllers.unit
        #expect(controllers.unit === unit)
        #expect(unit.controllers === controllers)
        #expect(unit.session === controllers.session)
    }

    @Test func anInterruptionReachesTheVideoDelegateWithItsCodeAndFiresTheErrorURLs() throws {
        let (controllers, sent) = try Self.controllers()
        let video = RecordingVideoDelegate()
        controllers.video.delegate = video
        try controllers.video.playbackInterrupted(.fileNotFound)
        #expect(video.calls == ["interrupted 401"])
        #expect(
            sent.value.map(\.url) == [
                "https://w.example/err?code=401&t=2023-11-14T22%3A13%3A20.123Z", "https://i.example/err/401",
            ])
    }

    @Test func aRefusedMRAIDCommandThrowsAndCallsNothing() throws {
        let (controllers, _) = try Self.controllers(
            mraid: MRAIDContainer(placement: .inline, geometry: MRAIDLifecycleTests.geometry))
        let delegate = RecordingMRAIDDelegate()
        controllers.mraid.delegate = delegate
        try controllers.mraid.containerReady()
        #expect(throws: SessionError(.exposureNotReported, action: "expand")) {
            try controllers.mraid.expandRequested(frame: MRAIDLifecycleTests.screen)
        }
        try controllers.send(.exposureChanged(percent: 0))
        #expect(throws: SessionError(MRAIDError(.notViewable, action: "expand"))) {
            try controllers.mraid.expandRequested(frame: MRAIDLifecycleTests.screen)
        }
        #expect(delegate.calls == ["state default"])
        #expect(controllers.mraid.lifecycle?.phase == .default)
    }
}

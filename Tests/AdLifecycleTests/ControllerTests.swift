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
    func unitController(_ controller: UnitController, willOpenExternalApp url: String) { calls.append("open \(url)") }
}

@MainActor
final class RecordingMRAIDDelegate: MRAIDContentControllerDelegate {
    var calls: [String] = []
    func mraidController(_ controller: MRAIDContentController, didChangeState state: MRAIDState) {
        calls.append("state \(state.rawValue)")
    }
}

@MainActor
@Suite struct ControllerTests {
    static let clock: @Sendable () -> Date = { Fixed.now }

    /// Collects what a controller's observer stream carried once the controller is gone.
    static func drain<Action>(_ stream: AsyncStream<Action>) async -> [Action] {
        var all: [Action] = []
        for await action in stream { all.append(action) }
        return all
    }

    @Test func callbacksGoToTheDelegateBeaconsToTheSinkAndEverythingToTheStreamInOrder() async throws {
        let delegate = RecordingUnitDelegate()
        var sent: [BeaconRequest] = []
        var controller: UnitController? = UnitController(
            plan: TwoHopChain.plan(), delegate: delegate, clock: Self.clock, beaconSink: { sent.append($0) })
        let stream = try #require(controller?.observations)
        delegate.onClick = { try? $0.externalAppOpening(url: "itms-apps://x") }
        try controller?.clicked(at: ClickPoint(x: 1, y: 2))
        controller = nil
        let observed = await Self.drain(stream)

        #expect(
            delegate.calls == [
                "impression", "click https://adv.example/land?t=2023-11-14T22%3A13%3A20.123Z", "open itms-apps://x",
            ])
        #expect(
            sent.map(\.url) == [
                "https://w.example/imp?cb=10000042", "https://i.example/imp?ts=2023-11-14T22%3A13%3A20.123Z",
                "https://w.example/click?pos=1,2&e=[ERRORCODE]", "https://i.example/click?pos=1,2",
            ])
        // The re-entrant external-app callback waits behind the click's beacons.
        #expect(
            observed.map { $0.callback.map { "\($0)" } ?? "beacon" } == [
                "impressionWillBeLogged", "beacon", "beacon",
                "clicked(url: Optional(\"https://adv.example/land?t=2023-11-14T22%3A13%3A20.123Z\"))", "beacon",
                "beacon",
                "willOpenExternalApp(url: \"itms-apps://x\")",
            ])
    }

    @Test func fullscreenWithoutADelegateFailsWithATypedErrorInsteadOfCrashing() {
        let controller = UnitController(plan: TwoHopChain.plan(), clock: Self.clock, beaconSink: { _ in })
        #expect(throws: LifecycleError(.noPresentationHost)) { _ = try controller.requestFullscreen() }
        #expect(controller.lifecycle.phase == .inline)
    }

    @Test func fullscreenUsesTheDelegatesHost() throws {
        let delegate = RecordingUnitDelegate()
        let controller = UnitController(
            plan: TwoHopChain.plan(), delegate: delegate, clock: Self.clock, beaconSink: { _ in })
        let host = try controller.requestFullscreen()
        #expect(host === delegate.host)
        #expect(delegate.calls == ["willPresent"])
        delegate.host = nil
        #expect(throws: LifecycleError(.presentationInProgress)) { _ = try controller.requestFullscreen() }
    }

    @Test func theDelegateIsHeldWeaklyAndBeaconsStillFlowWithoutIt() throws {
        var sent: [BeaconRequest] = []
        var delegate: RecordingUnitDelegate? = RecordingUnitDelegate()
        let controller = UnitController(
            plan: TwoHopChain.plan(), delegate: delegate, clock: Self.clock, beaconSink: { sent.append($0) })
        delegate = nil
        #expect(controller.delegate == nil)
        try controller.impressionRendered()
        #expect(sent.count == 2)
    }

    @Test func videoBeaconsCarryTheControllersClock() throws {
        var sent: [BeaconRequest] = []
        let controller = VideoContentController(
            plan: TwoHopChain.plan(), clock: { Date(timeIntervalSince1970: 0) }, beaconSink: { sent.append($0) })
        try controller.playbackInterrupted(.mediaFileNotFound)
        #expect(
            sent.map(\.url) == [
                "https://w.example/err?code=401&t=1970-01-01T00%3A00%3A00.000Z", "https://i.example/err/401",
            ])
    }

    @Test func aRefusedMRAIDCommandThrowsAndCallsNothing() throws {
        let delegate = RecordingMRAIDDelegate()
        let controller = MRAIDContentController(
            placement: .inline, geometry: MRAIDLifecycleTests.geometry, delegate: delegate)
        try controller.containerReady()
        #expect(throws: MRAIDError(.notViewable, action: "expand")) {
            try controller.expandRequested(frame: MRAIDLifecycleTests.screen)
        }
        #expect(delegate.calls == ["state default"])
        #expect(controller.lifecycle.phase == .default)
    }
}

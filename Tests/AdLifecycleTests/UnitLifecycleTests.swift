import AdLifecycle
import Foundation
import Testing
import VAST

@Suite struct UnitLifecycleTests {
    static let timestamp = "2023-11-14T22%3A13%3A20.123Z"
    let impression: [UnitAction] = [
        .callback(.impressionWillBeLogged),
        .beacon(beacon("impression", "https://w.example/imp?cb=10000042", hop: 0)),
        .beacon(beacon("impression", "https://i.example/imp?ts=\(timestamp)", hop: 1)),
    ]

    func store() -> TestStore<UnitLifecycle> { TestStore(UnitLifecycle(plan: TwoHopChain.plan())) }

    @Test func impressionFiresEveryChainURLTogetherOnceAndNeverAboutBlank() {
        var store = store()
        store.send(.impressionRendered, impression)
        store.send(.impressionRendered, [])
        store.finish()
    }

    @Test func clickBeforeImpressionLogsTheImpressionFirstAndEveryClickTracks() {
        var store = store()
        let click: [UnitAction] = [
            .callback(.clicked(url: "https://adv.example/land?t=\(Self.timestamp)")),
            .beacon(beacon("clickTracking", "https://w.example/click?pos=10,20&e=[ERRORCODE]", hop: 0)),
            .beacon(beacon("clickTracking", "https://i.example/click?pos=10,20", hop: 1)),
        ]
        store.send(.clicked(position: ClickPoint(x: 10, y: 20), playheadMs: nil), impression + click)
        store.send(.clicked(position: ClickPoint(x: 10, y: 20), playheadMs: nil), click)
        store.send(
            .externalAppOpening(url: "itms-apps://app"), [.callback(.willOpenExternalApp(url: "itms-apps://app"))])
        store.finish()
    }

    @Test func fullscreenPairsNestAndDismissalFinishesTheUnit() {
        var store = store()
        store.send(.fullscreenRequested(hostAvailable: true), [.callback(.willPresentFullscreen)])
        store.reject(.fullscreenRequested(hostAvailable: true), LifecycleError(.presentationInProgress))
        store.reject(.fullscreenDismissRequested, LifecycleError(.presentationInProgress))
        store.send(.fullscreenPresented, [.callback(.didPresentFullscreen)])
        store.reject(.fullscreenPresented, LifecycleError(.notPresenting))
        store.send(.impressionRendered, impression)
        store.send(.fullscreenDismissRequested, [.callback(.willDismissFullscreen)])
        store.reject(.fullscreenPresented, LifecycleError(.notPresenting))
        store.reject(.fullscreenDismissRequested, LifecycleError(.presentationInProgress))
        store.send(.fullscreenDismissed, [.callback(.didDismissFullscreen)])
        store.send(.clicked(position: nil, playheadMs: nil), [])
        store.send(.impressionRendered, [])
        store.send(.companionViewed(index: 0), [])
        store.send(.fullscreenDismissed, [])
        store.reject(.fullscreenRequested(hostAvailable: true), LifecycleError(.adFinished))
        store.send(.rewardEarned, [.callback(.rewarded)])
        store.send(.rewardEarned, [])
        store.finish()
    }

    @Test func fullscreenWithoutAPresentationHostFailsWithATypedError() {
        var store = store()
        store.reject(.fullscreenRequested(hostAvailable: false), LifecycleError(.noPresentationHost))
        #expect(store.lifecycle.phase == .inline)
        store.finish()
    }

    @Test func didCallbacksWithoutTheirWillAreRefused() {
        var store = store()
        store.reject(.fullscreenPresented, LifecycleError(.notPresenting))
        store.reject(.fullscreenDismissRequested, LifecycleError(.notPresenting))
        store.reject(.fullscreenDismissed, LifecycleError(.notPresenting))
        store.finish()
    }

    @Test func expiryBeforeTheImpressionEndsTheUnit() {
        var store = store()
        store.send(.expired, [.callback(.expired)])
        store.reject(.fullscreenRequested(hostAvailable: true), LifecycleError(.adExpired))
        store.send(.impressionRendered, [])
        store.reject(.rewardEarned, LifecycleError(.notShown))
        store.send(.expired, [])
        store.finish()
    }

    @Test func expiryAfterTheImpressionIsIgnored() {
        var store = store()
        store.send(.impressionRendered, impression)
        store.send(.expired, [])
        #expect(store.lifecycle.phase == .inline)
        store.finish()
    }

    @Test func rewardNeedsTheImpressionAndFiresOnce() {
        var store = store()
        store.reject(.rewardEarned, LifecycleError(.notShown))
        store.send(.impressionRendered, impression)
        store.send(.rewardEarned, [.callback(.rewarded)])
        store.send(.rewardEarned, [])
        store.finish()
    }

    @Test func renderFailureFiresEveryErrorURLWithItsCode() {
        var store = store()
        store.send(
            .renderFailed(errorCode: 405),
            [
                .callback(.failed(errorCode: 405)),
                .beacon(beacon("error", "https://w.example/err?code=405&t=\(Self.timestamp)", hop: 0)),
                .beacon(beacon("error", "https://i.example/err/405", hop: 1)),
            ])
        store.send(.renderFailed(errorCode: 900), [])
        store.send(.rewardEarned, [])
        store.finish()
    }

    @Test func companionViewFiresOnceAndEveryClickTracks() {
        var store = store()
        store.reject(.companionClicked(index: 0), LifecycleError(.companionNotShown))
        store.reject(.companionViewed(index: 1), LifecycleError(.noSuchCompanion))
        store.send(.companionViewed(index: 0), [.beacon(beacon("creativeView", "https://i.example/comp-view", hop: 1))])
        store.send(.companionViewed(index: 0), [])
        store.send(
            .companionClicked(index: 0),
            [
                .callback(.companionClicked(index: 0, url: nil)),
                .beacon(beacon("companionClickTracking", "https://i.example/comp-click", hop: 1)),
            ])
        store.send(
            .companionClicked(index: 0),
            [
                .callback(.companionClicked(index: 0, url: nil)),
                .beacon(beacon("companionClickTracking", "https://i.example/comp-click", hop: 1)),
            ])
        store.finish()
    }
}

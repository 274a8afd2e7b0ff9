import AdLifecycle
import Testing

@Suite struct MRAIDLifecycleTests {
    static let screen = Rect(x: 0, y: 0, width: 400, height: 800)
    static let banner = Rect(x: 0, y: 700, width: 320, height: 50)
    static let geometry = MRAIDGeometry(screen: screen, defaultFrame: banner)

    func store(_ placement: MRAIDPlacement = .inline) -> TestStore<MRAIDLifecycle> {
        var store = TestStore(MRAIDLifecycle(placement: placement, geometry: Self.geometry))
        store.send(.containerReady, [.callback(.stateChanged(.default))])
        store.send(.viewabilityChanged(isViewable: true), [.callback(.viewabilityChanged(isViewable: true))])
        return store
    }

    @Test func expandAndCollapseAreNestedPairsThatSayWhatTheCollapseEnds() {
        var store = store()
        store.send(.resizePropertiesSet(ResizeProperties(width: 320, height: 250, offsetY: -200)), [])
        store.send(.expandRequested(frame: Self.screen), [.callback(.willExpand(frame: Self.screen))])
        store.reject(.resizeRequested, MRAIDError(.commandInProgress, action: "resize"))
        store.reject(.closeRequested, MRAIDError(.commandInProgress, action: "close"))
        store.reject(.resizeFinished, MRAIDError(.noPendingTransition, action: "resizeFinished"))
        store.send(.expandFinished, [.callback(.didExpand(frame: Self.screen)), .callback(.stateChanged(.expanded))])
        store.reject(.expandRequested(frame: Self.screen), MRAIDError(.illegalState, action: "expand"))
        store.reject(.resizeRequested, MRAIDError(.illegalState, action: "resize"))
        store.send(.closeRequested, [.callback(.willCollapse(from: .expand))])
        store.send(.collapseFinished, [.callback(.didCollapse(from: .expand)), .callback(.stateChanged(.default))])
        store.finish()
    }

    @Test func resizeThenResizeAgainChangesStateOnceAndCollapsesAsAResize() {
        var store = store()
        let frame = Rect(x: 0, y: 500, width: 320, height: 250)
        store.reject(.resizeRequested, MRAIDError(.noResizeProperties, action: "resize"))
        store.send(.resizePropertiesSet(ResizeProperties(width: 320, height: 250, offsetY: -200)), [])
        store.send(.resizeRequested, [.callback(.willResize(frame: frame))])
        store.send(.resizeFinished, [.callback(.didResize(frame: frame)), .callback(.stateChanged(.resized))])
        store.send(.resizeRequested, [.callback(.willResize(frame: frame))])
        store.send(.resizeFinished, [.callback(.didResize(frame: frame))])
        store.send(.closeRequested, [.callback(.willCollapse(from: .resize))])
        store.send(.collapseFinished, [.callback(.didCollapse(from: .resize)), .callback(.stateChanged(.default))])
        store.finish()
    }

    @Test func anExpandFromResizedCollapsesAsAnExpandStraightToDefault() {
        var store = store()
        let frame = Rect(x: 0, y: 500, width: 320, height: 250)
        store.send(.resizePropertiesSet(ResizeProperties(width: 320, height: 250, offsetY: -200)), [])
        store.send(.resizeRequested, [.callback(.willResize(frame: frame))])
        store.send(.resizeFinished, [.callback(.didResize(frame: frame)), .callback(.stateChanged(.resized))])
        store.send(.expandRequested(frame: Self.screen), [.callback(.willExpand(frame: Self.screen))])
        store.send(.expandFinished, [.callback(.didExpand(frame: Self.screen)), .callback(.stateChanged(.expanded))])
        store.send(.closeRequested, [.callback(.willCollapse(from: .expand))])
        store.send(.collapseFinished, [.callback(.didCollapse(from: .expand)), .callback(.stateChanged(.default))])
        store.finish()
    }

    @Test func resizePropertiesAreValidatedAndABadSetKeepsTheOldOnes() {
        var store = store()
        let good = ResizeProperties(width: 320, height: 250, offsetY: -200)
        store.send(.resizePropertiesSet(good), [])
        store.reject(
            .resizePropertiesSet(ResizeProperties(width: 49, height: 250)),
            MRAIDError(.tooSmall, action: "setResizeProperties"))
        store.reject(
            .resizePropertiesSet(ResizeProperties(width: 320, height: 801)),
            MRAIDError(.tooLarge, action: "setResizeProperties"))
        // The top-right close region would sit at x 400...450, past the screen's right edge.
        store.reject(
            .resizePropertiesSet(ResizeProperties(width: 320, height: 100, offsetX: 130, offsetY: -100)),
            MRAIDError(.closeRegionOffscreen, action: "setResizeProperties"))
        #expect(store.lifecycle.state.resizeProperties == good)
        store.finish()
    }

    @Test func allowOffscreenFalseMovesTheFrameBackOnScreen() {
        var store = store()
        store.send(
            .resizePropertiesSet(
                ResizeProperties(width: 320, height: 250, offsetX: 200, offsetY: 0, allowOffscreen: false)), [])
        let moved = Rect(x: 80, y: 550, width: 320, height: 250)
        store.send(.resizeRequested, [.callback(.willResize(frame: moved))])
        store.send(.resizeFinished, [.callback(.didResize(frame: moved)), .callback(.stateChanged(.resized))])
        store.finish()
    }

    @Test func closeInDefaultHidesAndThenOnlyUnloadIsAllowed() {
        var store = store()
        store.send(.closeRequested, [.callback(.stateChanged(.hidden))])
        store.reject(.expandRequested(frame: Self.screen), MRAIDError(.illegalState, action: "expand"))
        store.reject(.closeRequested, MRAIDError(.illegalState, action: "close"))
        store.send(.unloadRequested, [.callback(.unloaded)])
        store.finish()
    }

    @Test func anInterstitialCannotResizeOrExpandAndHidesOnClose() {
        var store = store(.interstitial)
        store.send(.resizePropertiesSet(ResizeProperties(width: 320, height: 250)), [])
        store.reject(.resizeRequested, MRAIDError(.notInline, action: "resize"))
        store.reject(.expandRequested(frame: Self.screen), MRAIDError(.notInline, action: "expand"))
        store.send(.closeRequested, [.callback(.stateChanged(.hidden))])
        store.finish()
    }

    @Test func onlyUnloadIsAllowedWhileNotViewable() {
        var store = store()
        store.send(.viewabilityChanged(isViewable: false), [.callback(.viewabilityChanged(isViewable: false))])
        store.send(.viewabilityChanged(isViewable: false), [])
        store.reject(.expandRequested(frame: Self.screen), MRAIDError(.notViewable, action: "expand"))
        store.reject(.closeRequested, MRAIDError(.notViewable, action: "close"))
        store.send(.unloadRequested, [.callback(.unloaded)])
        store.finish()
    }

    @Test func unloadAbandonsAnOpenTransitionAndEndsEverything() {
        var store = store()
        store.send(.expandRequested(frame: Self.screen), [.callback(.willExpand(frame: Self.screen))])
        store.send(.unloadRequested, [.callback(.unloaded)])
        store.send(.expandFinished, [])
        store.send(.unloadRequested, [])
        store.send(.viewabilityChanged(isViewable: false), [])
        store.reject(.closeRequested, MRAIDError(.unloaded, action: "close"))
        store.reject(
            .resizePropertiesSet(ResizeProperties(width: 60, height: 60)),
            MRAIDError(.unloaded, action: "setResizeProperties"))
        store.finish()
    }

    @Test func commandsBeforeReadyAreIllegal() {
        var store = TestStore(MRAIDLifecycle(placement: .inline, geometry: Self.geometry))
        store.reject(.expandRequested(frame: Self.screen), MRAIDError(.illegalState, action: "expand"))
        store.send(.containerReady, [.callback(.stateChanged(.default))])
        store.send(.containerReady, [])
        store.finish()
    }
}

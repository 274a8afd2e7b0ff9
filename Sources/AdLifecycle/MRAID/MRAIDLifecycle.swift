/// The pure state machine of an MRAID 3.0 container: ready, viewability, resize, expand, collapse,
/// hide and unload.
///
/// Creative commands and host reports are inputs; each returns the ordered callbacks, or throws an
/// ``MRAIDError`` (the MRAID `error(message, action)` event) and leaves the state as it was. The
/// ``contract`` table says what each input does in each phase. Will/did pairs are strictly nested: a
/// command opens a transition (`willExpand`), the host's report closes it (`didExpand`, then
/// `stateChanged`), and every other command is refused in between. Unload is the only command allowed
/// while not viewable, and it is always accepted: it abandons an open transition.
public struct MRAIDLifecycle: Sendable {
    /// Inline or interstitial.
    public let placement: MRAIDPlacement
    /// The screen, max-size area and default frame.
    public var geometry: MRAIDGeometry
    /// The observable state.
    public private(set) var state = MRAIDLifecycleState()

    /// Creates a container in `loading`.
    public init(placement: MRAIDPlacement, geometry: MRAIDGeometry) {
        self.placement = placement
        self.geometry = geometry
    }

    /// The current phase.
    public var phase: MRAIDPhase { state.phase }

    /// Handles one input given as data: the ``contract`` cell says whether it is accepted, the handler
    /// below produces its actions, and the cell names the phase it moves to. MRAID fires no beacons, so no
    /// timestamp is needed.
    public mutating func send(_ input: MRAIDInput) throws(MRAIDError) -> [MRAIDAction] {
        switch Self.contract.cell(input.kind, in: state.phase).outcome {
        case .ignored: return []
        case .rejected(let code): throw MRAIDError(code, action: input.kind.commandName)
        case .moves: break
        }
        let actions = try handle(input)
        state.phase = Self.contract.next(input.kind, from: state.phase)
        return actions
    }

    /// What an accepted input does besides moving the phase.
    private mutating func handle(_ input: MRAIDInput) throws(MRAIDError) -> [MRAIDAction] {
        let action = input.kind.commandName
        switch input {
        case .containerReady:
            return settle(.default)
        case .viewabilityChanged(let isViewable):
            guard state.isViewable != isViewable else { return [] }
            state.isViewable = isViewable
            return [.callback(.viewabilityChanged(isViewable: isViewable))]
        case .resizePropertiesSet(let properties):
            _ = try properties.frame(in: geometry, action: action)
            state.resizeProperties = properties
            return []
        case .resizeRequested:
            try checkCommand(action, needsInline: true)
            guard let properties = state.resizeProperties else { throw MRAIDError(.noResizeProperties, action: action) }
            let frame = try properties.frame(in: geometry, action: action)
            state.frame = frame
            state.origin = .resize
            return [.callback(.willResize(frame: frame))]
        case .resizeFinished:
            return [.callback(.didResize(frame: state.frame ?? geometry.defaultFrame))]
                + settle(.resized)
        case .expandRequested(let frame):
            try checkCommand(action, needsInline: true)
            guard frame.width >= 50, frame.height >= 50 else { throw MRAIDError(.tooSmall, action: action) }
            state.frame = frame
            state.origin = .expand
            return [.callback(.willExpand(frame: frame))]
        case .expandFinished:
            return [.callback(.didExpand(frame: state.frame ?? geometry.screen))] + settle(.expanded)
        case .closeRequested:
            try checkCommand(action, needsInline: false)
            guard state.phase != .default else { return settle(.hidden) }
            let origin = state.origin ?? .expand
            return [.callback(.willCollapse(from: origin))]
        case .collapseFinished:
            let origin = state.origin ?? .expand
            state.frame = nil
            state.origin = nil
            return [.callback(.didCollapse(from: origin))] + settle(.default)
        case .unloadRequested:
            state.frame = nil
            return [.callback(.unloaded)]
        case .defaultFrameChanged(let frame):
            geometry.defaultFrame = frame
            return []
        }
    }

    private func checkCommand(_ action: String, needsInline: Bool) throws(MRAIDError) {
        guard state.isViewable else { throw MRAIDError(.notViewable, action: action) }
        guard !needsInline || placement == .inline else { throw MRAIDError(.notInline, action: action) }
    }

    /// `stateChanged` when the MRAID state a settled phase shows differs from the last one seen.
    private mutating func settle(_ mraidState: MRAIDState) -> [MRAIDAction] {
        guard state.mraidState != mraidState else { return [] }
        state.mraidState = mraidState
        return [.callback(.stateChanged(mraidState))]
    }
}

extension MRAIDLifecycle {
    /// The container is ready: `stateChanged(.default)`.
    public mutating func containerReady() throws(MRAIDError) -> [MRAIDAction] { try send(.containerReady) }

    /// Viewability changed: `viewabilityChanged`, on a change only.
    public mutating func viewabilityChanged(_ isViewable: Bool) throws(MRAIDError) -> [MRAIDAction] {
        try send(.viewabilityChanged(isViewable: isViewable))
    }

    /// `setResizeProperties`: validated now against the geometry, kept for `resize()`.
    /// - Throws: `tooSmall`, `tooLarge`, `closeRegionOffscreen`, `unloaded`.
    public mutating func resizePropertiesSet(_ properties: ResizeProperties) throws(MRAIDError) -> [MRAIDAction] {
        try send(.resizePropertiesSet(properties))
    }

    /// `resize()`: `willResize(frame:)`. - Throws: see the contract table.
    public mutating func resizeRequested() throws(MRAIDError) -> [MRAIDAction] { try send(.resizeRequested) }

    /// The host resized: `didResize(frame:)`, then `stateChanged(.resized)` on a change.
    public mutating func resizeFinished() throws(MRAIDError) -> [MRAIDAction] { try send(.resizeFinished) }

    /// `expand()` to `frame`: `willExpand(frame:)`. - Throws: see the contract table.
    public mutating func expandRequested(frame: Rect) throws(MRAIDError) -> [MRAIDAction] {
        try send(.expandRequested(frame: frame))
    }

    /// The host expanded: `didExpand(frame:)`, then `stateChanged(.expanded)`.
    public mutating func expandFinished() throws(MRAIDError) -> [MRAIDAction] { try send(.expandFinished) }

    /// `close()`: from resized or expanded `willCollapse(from:)`; from default `stateChanged(.hidden)`.
    public mutating func closeRequested() throws(MRAIDError) -> [MRAIDAction] { try send(.closeRequested) }

    /// The host collapsed: `didCollapse(from:)`, then `stateChanged(.default)`.
    public mutating func collapseFinished() throws(MRAIDError) -> [MRAIDAction] { try send(.collapseFinished) }

    /// `unload()`: `unloaded`; always accepted while loaded, abandoning an open transition.
    public mutating func unloadRequested() throws(MRAIDError) -> [MRAIDAction] { try send(.unloadRequested) }
}

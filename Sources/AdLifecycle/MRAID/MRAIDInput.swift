/// Everything that can happen to an MRAID container, as data: creative commands (`...Requested`,
/// `resizePropertiesSet`) and host reports (`...Finished`, `containerReady`, `viewabilityChanged`).
public enum MRAIDInput: Sendable, Hashable, Codable {
    /// The container is ready (`ready`): loading goes to default.
    case containerReady
    /// The ad's viewability changed.
    case viewabilityChanged(isViewable: Bool)
    /// `mraid.setResizeProperties(...)`.
    case resizePropertiesSet(ResizeProperties)
    /// `mraid.resize()`.
    case resizeRequested
    /// The host finished resizing.
    case resizeFinished
    /// `mraid.expand()`, with the frame the host will use.
    case expandRequested(frame: Rect)
    /// The host finished expanding.
    case expandFinished
    /// `mraid.close()`.
    case closeRequested
    /// The host finished collapsing.
    case collapseFinished
    /// `mraid.unload()`, or the host tearing the ad down.
    case unloadRequested
    /// The host moved the ad's default frame (a layout change); later resizes are relative to it.
    case defaultFrameChanged(Rect)

    /// The kind of input, for the transition table.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case containerReady, viewabilityChanged, resizePropertiesSet, resizeRequested, resizeFinished
        case expandRequested, expandFinished, closeRequested, collapseFinished, unloadRequested
        case defaultFrameChanged

        /// The MRAID command name, for ``MRAIDError/action``.
        public var commandName: String {
            switch self {
            case .resizePropertiesSet: "setResizeProperties"
            case .resizeRequested: "resize"
            case .expandRequested: "expand"
            case .closeRequested: "close"
            case .unloadRequested: "unload"
            default: rawValue
            }
        }
    }

    /// The input's kind.
    public var kind: Kind {
        switch self {
        case .containerReady: .containerReady
        case .viewabilityChanged: .viewabilityChanged
        case .resizePropertiesSet: .resizePropertiesSet
        case .resizeRequested: .resizeRequested
        case .resizeFinished: .resizeFinished
        case .expandRequested: .expandRequested
        case .expandFinished: .expandFinished
        case .closeRequested: .closeRequested
        case .collapseFinished: .collapseFinished
        case .unloadRequested: .unloadRequested
        case .defaultFrameChanged: .defaultFrameChanged
        }
    }
}

/// A delegate callback of the MRAID content, as a value.
public enum MRAIDCallback: Sendable, Hashable, Codable {
    /// The MRAID state changed (`stateChange`).
    case stateChanged(MRAIDState)
    /// Viewability changed (`viewableChange` / `exposureChange`).
    case viewabilityChanged(isViewable: Bool)
    /// A resize to `frame` starts.
    case willResize(frame: Rect)
    /// The resize to `frame` finished.
    case didResize(frame: Rect)
    /// An expand to `frame` starts.
    case willExpand(frame: Rect)
    /// The expand to `frame` finished.
    case didExpand(frame: Rect)
    /// A collapse back to default starts; `origin` says whether it ends a resize or an expand.
    case willCollapse(from: CollapseOrigin)
    /// The collapse finished.
    case didCollapse(from: CollapseOrigin)
    /// The container was unloaded.
    case unloaded
}

/// An action of the MRAID lifecycle (MRAID fires no VAST beacons: only callbacks).
public typealias MRAIDAction = LifecycleAction<MRAIDCallback>

import AdLifecycle

/// Which pure state machine a fixture drives.
public enum FixtureController: String, Sendable, Hashable, CaseIterable {
    /// `UnitLifecycle`: impression, click, fullscreen, reward, expiry, failure, companions.
    case unit
    /// `VideoLifecycle`: duration, progress, milestones, pause, mute, skip, close, completion, icons.
    case video
    /// `MRAIDLifecycle`: ready, viewability, resize, expand, collapse, hide, unload.
    case mraid

    /// Every delegate callback of the controller, by the name fixtures use (`clicked`, `quartileReached`).
    public var callbackNames: [String] {
        switch self {
        case .unit: UnitCodec.callbackNames
        case .video: VideoCodec.callbackNames
        case .mraid: MRAIDCodec.callbackNames
        }
    }

    /// Every input of the controller, by the name fixtures use (`impressionRendered`, `progressed`).
    public var inputNames: [String] {
        switch self {
        case .unit: UnitInput.Kind.allCases.map(\.rawValue)
        case .video: VideoInput.Kind.allCases.map(\.rawValue)
        case .mraid: MRAIDInput.Kind.allCases.map(\.rawValue)
        }
    }

    /// Every phase of the controller, in declaration order.
    public var phaseNames: [String] {
        switch self {
        case .unit: UnitPhase.allCases.map(\.rawValue)
        case .video: VideoPhase.allCases.map(\.rawValue)
        case .mraid: MRAIDPhase.allCases.map(\.rawValue)
        }
    }
}

/// The MRAID 3.0 state the creative sees through `mraid.getState()`.
public enum MRAIDState: String, Sendable, Hashable, Codable, CaseIterable {
    case loading, `default`, expanded, resized, hidden
}

/// Where an MRAID container is, transitions included: the phase of ``MRAIDLifecycle``.
///
/// Legal next phases (the ``MRAIDLifecycle/contract`` table is the source; ORDERING.md renders it):
/// - ``loading``: `default`, unloaded.
/// - ``default``: resizing, expanding, hidden, unloaded.
/// - ``resizing``: resized, unloaded.
/// - ``resized``: resizing, expanding, collapsing, unloaded.
/// - ``expanding``: expanded, unloaded.
/// - ``expanded``: collapsing, unloaded.
/// - ``collapsing``: `default`, unloaded.
/// - ``hidden``: unloaded.
/// - ``unloaded``: none (terminal).
public enum MRAIDPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// The container is not ready.
    case loading
    /// `default`: the ad in its placement.
    case `default`
    /// `willResize` sent; waiting for the host.
    case resizing
    /// Resized.
    case resized
    /// `willExpand` sent; waiting for the host.
    case expanding
    /// Expanded.
    case expanded
    /// `willCollapse` sent; waiting for the host.
    case collapsing
    /// Hidden (closed from `default`).
    case hidden
    /// Unloaded: the container is gone.
    case unloaded

    /// True for transitions: a will-callback is open and every other command is refused.
    public var isTransition: Bool { self == .resizing || self == .expanding || self == .collapsing }
}

/// Which kind of change a collapse ends: hosts need it to restore the right frame.
public enum CollapseOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// The collapse ends a resize.
    case resize
    /// The collapse ends an expand.
    case expand
}

/// Whether the MRAID ad is inline (banner) or an interstitial.
public enum MRAIDPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    case inline, interstitial
}

/// Where the 50 x 50 close region sits inside a resized frame (`customClosePosition`).
public enum ClosePosition: String, Sendable, Hashable, Codable, CaseIterable {
    case topLeft = "top-left"
    case topRight = "top-right"
    case center
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"
    case topCenter = "top-center"
    case bottomCenter = "bottom-center"
}

/// `mraid.setResizeProperties(...)`.
public struct ResizeProperties: Sendable, Hashable, Codable {
    /// Width in points, at least 50.
    public var width: Double
    /// Height in points, at least 50.
    public var height: Double
    /// Horizontal offset from the ad's default position.
    public var offsetX: Double
    /// Vertical offset from the ad's default position.
    public var offsetY: Double
    /// Where the close region goes; default top right.
    public var customClosePosition: ClosePosition
    /// Whether the frame may leave the max-size area; default true.
    public var allowOffscreen: Bool

    /// Creates properties.
    public init(
        width: Double, height: Double, offsetX: Double = 0, offsetY: Double = 0,
        customClosePosition: ClosePosition = .topRight, allowOffscreen: Bool = true
    ) {
        self.width = width
        self.height = height
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.customClosePosition = customClosePosition
        self.allowOffscreen = allowOffscreen
    }
}

/// The geometry the container works in.
public struct MRAIDGeometry: Sendable, Hashable, Codable {
    /// The screen.
    public var screen: Rect
    /// The largest area the ad may take (`getMaxSize()`), in screen coordinates.
    public var maxArea: Rect
    /// The ad's default frame, in screen coordinates.
    public var defaultFrame: Rect

    /// Creates a geometry; the max-size area defaults to the screen.
    public init(screen: Rect, maxArea: Rect? = nil, defaultFrame: Rect) {
        self.screen = screen
        self.maxArea = maxArea ?? screen
        self.defaultFrame = defaultFrame
    }
}

/// The whole observable state of an ``MRAIDLifecycle``.
public struct MRAIDLifecycleState: Sendable, Hashable, Codable {
    /// The phase.
    public var phase: MRAIDPhase = .loading
    /// Whether the container is viewable (initially not).
    public var isViewable = false
    /// The validated resize properties, once set.
    public var resizeProperties: ResizeProperties?
    /// The frame of the open transition or of the resized / expanded state.
    public var frame: Rect?
    /// Which kind of change the current `resized` / `expanded` state (or collapse) ends.
    public var origin: CollapseOrigin?
    /// The MRAID state the creative last saw (a transition keeps the state it started from).
    public var mraidState: MRAIDState = .loading

    /// The initial state.
    public init() {}
}

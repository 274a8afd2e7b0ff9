public import VAST

/// What an ``AdSession`` needs beside the ad and its creative: the instance's identity, the fixed macro
/// values, the player's starting state, and an MRAID container when the creative runs in one.
public struct AdSessionConfiguration: Sendable {
    /// Stamped on every beacon: one play of one ad.
    public var adInstanceID: String
    /// Fixed macro values (device, app, regulation, the random source for `[CACHEBUSTING]`); `now` is
    /// replaced by each input's time, `[ADPLAYHEAD]` by the session's playhead.
    public var macros: VASTMacroContext
    /// Whether the player starts muted (then the first unmute fires).
    public var startsMuted: Bool
    /// The MRAID container, when the creative is HTML running in one.
    public var mraid: MRAIDContainer?
    /// The viewability rule; `nil` takes video for a linear creative, display (by the shown size) otherwise.
    public var viewabilityRule: ViewabilityRule?

    /// Creates a configuration.
    public init(
        adInstanceID: String, macros: VASTMacroContext = VASTMacroContext(), startsMuted: Bool = false,
        mraid: MRAIDContainer? = nil, viewabilityRule: ViewabilityRule? = nil
    ) {
        self.adInstanceID = adInstanceID
        self.macros = macros
        self.startsMuted = startsMuted
        self.mraid = mraid
        self.viewabilityRule = viewabilityRule
    }
}

/// An MRAID container's placement and geometry.
public struct MRAIDContainer: Sendable, Hashable, Codable {
    /// Inline or interstitial.
    public var placement: MRAIDPlacement
    /// The screen, max-size area and default frame.
    public var geometry: MRAIDGeometry

    /// Creates a container description.
    public init(placement: MRAIDPlacement, geometry: MRAIDGeometry) {
        self.placement = placement
        self.geometry = geometry
    }
}

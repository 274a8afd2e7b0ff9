extension VASTMacroContext {
    /// `[BREAKPOSITION]`: where the ad break sits in the content.
    public enum BreakPosition: Int, Sendable, Hashable, CaseIterable {
        /// Before the content.
        case preRoll = 1
        /// Inside the content.
        case midRoll = 2
        /// After the content.
        case postRoll = 3
        /// Without content (an ad played on its own).
        case standalone = 4
    }

    /// `[PLACEMENTTYPE]`: the OpenRTB 2.5 video placement type.
    public enum PlacementType: Int, Sendable, Hashable, CaseIterable {
        /// Played before, during or after streaming content.
        case inStream = 1
        /// Inside a banner slot.
        case inBanner = 2
        /// Between paragraphs of an article.
        case inArticle = 3
        /// In a feed of content.
        case inFeed = 4
        /// Interstitial, slider or floating.
        case interstitial = 5
    }

    /// `[ADTYPE]`: the kind of ad.
    public enum AdType: String, Sendable, Hashable, CaseIterable {
        /// A video ad.
        case video
        /// An audio ad.
        case audio
        /// An ad that plays as audio or video.
        case hybrid
    }

    /// `[CLICKTYPE]`: how the ad can be clicked.
    public enum ClickType: Int, Sendable, Hashable, CaseIterable {
        /// The ad cannot be clicked.
        case notClickable = 0
        /// The whole ad area is clickable.
        case fullArea = 1
        /// Only a button ("learn more") is clickable.
        case buttonOnly = 2
        /// A click asks the user to confirm first.
        case withConfirmation = 3
    }

    /// `[REASON]`: why a verification script was not executed (sent on `verificationNotExecuted`).
    public enum VerificationNotExecutedReason: Int, Sendable, Hashable, CaseIterable {
        /// The player rejected the verification resource.
        case resourceRejected = 1
        /// The verification type is not supported.
        case notSupported = 2
        /// The resource failed to load.
        case loadError = 3
    }

    /// `[LATLONG]`: a position in degrees, written as `latitude,longitude`.
    public struct Coordinates: Sendable, Hashable {
        /// Degrees north (negative for south).
        public var latitude: Double
        /// Degrees east (negative for west).
        public var longitude: Double

        /// Creates a position.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// `[PLAYERSIZE]`: the player's size in pixels, written as `width,height`.
    public struct PlayerSize: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// Creates a size.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// `[CLICKPOS]`: where the user clicked, in pixels from the ad's top-left corner, written as `x,y`.
    public struct ClickPosition: Sendable, Hashable {
        /// Pixels from the left edge.
        public var x: Int
        /// Pixels from the top edge.
        public var y: Int

        /// Creates a position.
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }
}

public import AdLifecycle
public import AdPlacement
public import AdTransport
public import FoundationEssentials

/// One thing the engine or an ad's controllers did, with the request's context attached, for the
/// app's own analytics.
public struct AdEngineEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// `getAd` was called.
        case requested
        /// An ad was found (the winning source).
        case loaded(source: String)
        /// `getAd` failed.
        case failed(AdEngineError.Code, message: String)
        /// The impression was logged.
        case impression
        /// Playback started.
        case started
        /// Playback paused.
        case paused
        /// Playback resumed.
        case resumed
        /// Playback stopped for good with this error.
        case interrupted(AdPlaybackError)
        /// The viewability verdict (viewable, not viewable, undetermined).
        case viewability(ViewabilityVerdict)
        /// The ad (or its companion, icon or overlay) was clicked (the click-through URL, when there is one).
        case clicked(url: String?)
        /// A quartile was reached: 1, 2 or 3.
        case quartile(Int)
        /// The video completed.
        case completed
        /// The user skipped.
        case skipped
        /// The user closed the ad (a linear ad's close, an overlay's close).
        case closed
        /// The fullscreen ad was dismissed.
        case dismissed
        /// A break of `adCount` ads started.
        case breakStarted(adCount: Int)
        /// Ad `position` of `count` of a break started.
        case adStarted(position: Int, count: Int)
        /// Ad `position` of `count` of a break ended.
        case adEnded(position: Int, count: Int)
        /// The break ended.
        case breakEnded
        /// A beacon's delivery ended (delivered, dropped, expired, rejected).
        case beacon(BeaconOutcome)
        /// The beacon store was recovered at start (a damaged file moved aside: what it held is lost),
        /// or refused beacons (a full disk: each is also a `rejected` beacon result).
        case beaconStore(BeaconDispatcherEvent)
    }

    /// What happened.
    public var kind: Kind
    /// The request it belongs to; a beacon result carries it while the engine remembers the request
    /// (its last 1,000), `nil` after.
    public var context: AdEventContext?
    /// When, by the engine's clock.
    public var date: Date
}

/// The request an event belongs to.
public struct AdEventContext: Sendable, Hashable {
    /// A fresh identifier per `getAd` call; also the ad instance of its beacons.
    public var requestID: String
    /// The placement asked for.
    public var placement: Placement
    /// The collection (Clips collection, Stories category).
    public var collectionId: String?
    /// The item (clip, story).
    public var itemId: String?
    /// The ad's id, once there is an ad.
    public var adId: String?
    /// The presentation that asked (`PresentationHandle.default` for the
    /// single-presentation calls), so the app can tell which player an event belongs to.
    public var presentation: PresentationHandle
}

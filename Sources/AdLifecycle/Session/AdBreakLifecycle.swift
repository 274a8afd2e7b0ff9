public import FoundationEssentials
public import VAST

/// The pure core of an ``AdBreak``: a pod played as one break, ad after ad in sequence order, each ad a
/// ``SessionLifecycle`` of its own.
///
/// VAST 4.3 section 3.3.1: sequenced ads play in numerical order; "should an ad in the Pod fail to play,
/// the media player should substitute an un-played stand-alone ad from the response. If stand-alone ads
/// are unavailable, the player should move on to the next ad in the Ad Pod." So an ad that fails (render
/// failure, interruption, expiry) fires its Error URLs (its own session does) and its slot is filled by
/// the next buffet ad, else the break goes on with the next pod ad. An ad with no Linear to play fires
/// 303 to its Error URLs (VAST-FACTS 4) and counts as failed; so does, with 403 ("couldn't find MediaFile
/// that is supported by this media player", section 2.3.6.3), an ad whose Linear has no file the break's
/// ``mediaFile`` picker accepts. The file picked fills the ad's `[ASSETURI]`; without a picker every ad
/// plays its first Linear with `[ASSETURI]` left as written. Each ad's `[PODSEQUENCE]` is its slot
/// (1-based, its `sequence` when it has one) and `[ADCOUNT]` the number of slots; its instance is
/// `<adInstanceID>-<slot>` (a buffet ad filling slot 2 is `-2b`).
public struct AdBreakLifecycle: Sendable {
    /// The pod, in play order.
    public let pod: [ResolvedAd]
    /// Buffet ads not yet used.
    public private(set) var buffet: [ResolvedAd]
    /// The ad playing now, if any.
    public private(set) var current: SessionLifecycle?
    /// The slot playing now (1-based), 0 before the break starts.
    public private(set) var position = 0
    /// Whether the break ended.
    public private(set) var isOver = false
    /// Picks the media file each ad plays from its first Linear; `nil` when it has none the player plays.
    public let mediaFile: (@Sendable (VASTLinear) -> VASTMediaFile?)?
    private let configuration: AdSessionConfiguration
    private var nextPod = 0
    private var started = false

    /// A break of `pod` (already in sequence order) with `buffet` to fill failed slots.
    /// - Parameters:
    ///   - pod: the pod's ads, in sequence order.
    ///   - buffet: stand-alone ads that fill the slot of an ad that fails.
    ///   - configuration: the break's instance id, macros and player state.
    ///   - mediaFile: picks the file each ad plays from its first Linear (the player's supported types
    ///     and size); `nil` for none fails the ad's slot with 403. Without a picker, `[ASSETURI]` stays as
    ///     written.
    public init(
        pod: [ResolvedAd], buffet: [ResolvedAd] = [], configuration: AdSessionConfiguration,
        mediaFile: (@Sendable (VASTLinear) -> VASTMediaFile?)? = nil
    ) {
        self.pod = pod
        self.buffet = buffet
        self.configuration = configuration
        self.mediaFile = mediaFile
    }

    /// Starts the break: `breakStarted`, then the first ad's `adStarted` (or `breakEnded` for an empty pod).
    public mutating func start(at now: Date) -> [SessionEvent] {
        guard !started else { return [] }
        started = true
        return [.callback(.breakStarted(adCount: pod.count))] + advance(replacing: false, now: now)
    }

    /// Hands one input to the ad playing; when it ends, `adEnded` and the next ad (or `breakEnded`).
    /// - Throws: the ad's ``SessionError``; nothing changed.
    public mutating func send(_ input: SessionInput, at now: Date) throws(SessionError) -> [SessionEvent] {
        guard var ad = current else { return [] }
        var events = try ad.send(input, at: now)
        current = ad
        if let failed = Self.outcome(of: ad) {
            events += [.callback(.adEnded(position: position, count: pod.count))]
            current = nil
            events += advance(replacing: failed, now: now)
        }
        return events
    }

    /// Whether the ad is over, and if so whether it failed.
    private static func outcome(of ad: SessionLifecycle) -> Bool? {
        switch ad.unit.phase {
        case .failed, .expired: return true
        case .dismissed: return false
        default: break
        }
        if ad.state.ended { return false }
        guard let video = ad.video, video.phase.isTerminal else { return nil }
        return video.phase == .interrupted
    }

    private mutating func advance(replacing failed: Bool, now: Date) -> [SessionEvent] {
        var events: [SessionEvent] = []
        var replacing = failed
        while true {
            let ad: ResolvedAd
            let slot: Int
            var suffix = ""
            if replacing, !buffet.isEmpty {
                ad = buffet.removeFirst()
                slot = position
                suffix = "b"
            } else if nextPod < pod.count {
                ad = pod[nextPod]
                nextPod += 1
                slot = nextPod
                position = slot
            } else {
                isOver = true
                return events + [.callback(.breakEnded)]
            }
            var adConfiguration = configuration
            adConfiguration.adInstanceID = "\(configuration.adInstanceID)-\(slot)\(suffix)"
            adConfiguration.macros.podSequence = ad.ad.sequence ?? slot
            adConfiguration.macros.adCount = pod.count
            guard let index = ad.inLine.creatives.firstIndex(where: { $0.linear != nil }),
                let linear = ad.inLine.creatives[index].linear
            else {
                events += Self.errorBeacons(of: ad, adConfiguration, code: .noAdsAfterWrapper, now: now)
                replacing = true
                continue
            }
            var assetURI: String?
            if let mediaFile {
                guard let file = mediaFile(linear) else {
                    events += Self.errorBeacons(of: ad, adConfiguration, code: .noSupportedMediaFile, now: now)
                    replacing = true
                    continue
                }
                assetURI = file.url
            }
            guard
                let session = try? SessionLifecycle(
                    ad: ad, creative: .linear(creative: index, assetURI: assetURI), configuration: adConfiguration)
            else {
                events += Self.errorBeacons(of: ad, adConfiguration, code: .noAdsAfterWrapper, now: now)
                replacing = true
                continue
            }
            current = session
            return events + [.callback(.adStarted(position: slot, count: pod.count))]
        }
    }

    /// The Error URLs of an ad that cannot fill its slot, with `code`.
    private static func errorBeacons(
        of ad: ResolvedAd, _ configuration: AdSessionConfiguration, code: VASTErrorCode, now: Date
    ) -> [SessionEvent] {
        let plan = TrackingPlan(ad: ad, adInstanceID: configuration.adInstanceID, macros: configuration.macros)
        let moment = BeaconMoment(now: now, errorCode: code)
        return plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map(SessionEvent.beacon)
    }
}

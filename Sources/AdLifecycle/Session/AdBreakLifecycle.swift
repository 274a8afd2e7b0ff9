public import Foundation
public import VAST

/// The pure core of an ``AdBreak``: a pod played as one break, ad after ad in sequence order, each ad a
/// ``SessionLifecycle`` of its own.
///
/// VAST 4.3 section 3.3.1: sequenced ads play in numerical order; "should an ad in the Pod fail to play,
/// the media player should substitute an un-played stand-alone ad from the response. If stand-alone ads
/// are unavailable, the player should move on to the next ad in the Ad Pod." So an ad that fails (render
/// failure, interruption, expiry) fires its Error URLs (its own session does) and its slot is filled by
/// the next buffet ad, else the break goes on with the next pod ad. An ad with no Linear to play fires
/// 303 to its Error URLs (VAST-FACTS 4) and counts as failed. Each ad's `[PODSEQUENCE]` is its slot
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
    private let configuration: AdSessionConfiguration
    private var nextPod = 0
    private var started = false

    /// A break of `pod` (already in sequence order) with `buffet` to fill failed slots.
    public init(pod: [ResolvedAd], buffet: [ResolvedAd] = [], configuration: AdSessionConfiguration) {
        self.pod = pod
        self.buffet = buffet
        self.configuration = configuration
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
                let session = try? SessionLifecycle(
                    ad: ad, creative: .linear(creative: index, assetURI: nil), configuration: adConfiguration)
            else {
                let plan = TrackingPlan(ad: ad, adInstanceID: adConfiguration.adInstanceID, macros: adConfiguration.macros)
                let moment = BeaconMoment(now: now, errorCode: .noAdsAfterWrapper)
                events += plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map(SessionEvent.beacon)
                replacing = true
                continue
            }
            current = session
            return events + [.callback(.adStarted(position: slot, count: pod.count))]
        }
    }
}

import AdLifecycle
import Foundation
import Synchronization
import Testing
import VAST

@Suite struct TrackingPlanTests {
    static func samplePlan() throws -> TrackingPlan {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("vast-samples/v42-inline-linear-full.xml")
        let document = try VASTParser().parse(try Data(contentsOf: url)).document
        let ad = try #require(document.ads.first)
        let resolved = try #require(ResolvedAd(ad: ad, hop: 0, chain: []))
        return TrackingPlan(
            ad: resolved, adInstanceID: "ad-1", assetURI: "https://cdn.example.com/soylent/bar-1080.mp4",
            macros: Fixed.macros)
    }

    @Test func theSampleFiresItsLinearBeaconsExactly() throws {
        let plan = try Self.samplePlan()
        #expect(plan.skipOffset == .percent(10))
        var store = TestStore(VideoLifecycle(plan: plan))
        let v = "https://ads.example.com/v42/t?e="
        store.send(
            .progressed(positionMs: 0, durationMs: 30_000),
            [
                .callback(.durationUpdated(durationMs: 30_000)), .callback(.started),
                .beacon(beacon("start", v + "start", hop: 0)),
                .callback(.progressed(positionMs: 0, durationMs: 30_000)),
            ])
        store.reject(.skipRequested, LifecycleError(.skipOffsetNotReached))  // 10% of 30 s is 3 s
        store.send(
            .progressed(positionMs: 7500, durationMs: 30_000),
            [
                .callback(.progressed(positionMs: 7500, durationMs: 30_000)),
                .beacon(beacon("progress", v + "p5250ms", hop: 0, offset: "00:00:05.250")),
                .callback(.quartileReached(.firstQuartile)),
            ])
        store.send(
            .progressed(positionMs: 22_500, durationMs: 30_000),
            [
                .callback(.progressed(positionMs: 22_500, durationMs: 30_000)), .callback(.quartileReached(.midpoint)),
                .callback(.quartileReached(.thirdQuartile)),
                .beacon(beacon("progress", v + "p75", hop: 0, offset: "75%")),
            ])
        store.send(.playbackCompleted, [.callback(.completed), .beacon(beacon("complete", v + "complete", hop: 0))])
        store.finish()
    }

    @Test func theSampleFiresImpressionClickAndError() throws {
        let plan = try Self.samplePlan()
        var store = TestStore(UnitLifecycle(plan: plan))
        store.send(
            .clicked(position: nil, playheadMs: 1000),
            [
                .callback(.impressionWillBeLogged),
                .beacon(beacon("impression", "https://ads.example.com/v42/impression?ad=v42-linear-040", hop: 0)),
                .callback(.clicked(url: "https://www.example.com/soylent/bar")),
                .beacon(beacon("clickTracking", "https://ads.example.com/v42/click", hop: 0)),
            ])
        store.send(
            .renderFailed(errorCode: 405),
            [
                .callback(.failed(errorCode: 405)),
                .beacon(beacon("error", "https://ads.example.com/v42/error", hop: 0)),
            ])
        store.finish()
        var video = TestStore(VideoLifecycle(plan: plan))
        video.send(
            .iconViewed(index: 0),
            [.beacon(beacon("iconViewTracking", "https://ads.example.com/v42/icon-view", hop: 0))])
        video.send(
            .iconClicked(index: 0),
            [
                .callback(.iconClicked(index: 0, url: "https://privacy.example.com/why-this-ad")),
                .beacon(beacon("iconClickTracking", "https://ads.example.com/v42/icon-click", hop: 0)),
            ])
        video.finish()
    }

    @Test func aTwoHopPlanKeepsEveryURLWithItsHopAndDropsAboutBlank() {
        let plan = TwoHopChain.plan()
        #expect(
            plan.impressions == [
                TrackedURL(url: "https://w.example/imp?cb=[CACHEBUSTING]", hop: 0),
                TrackedURL(url: "https://i.example/imp?ts=[TIMESTAMP]", hop: 1),
            ])
        #expect(plan.errors.map(\.hop) == [0, 1])
        #expect(plan.clickThrough == TrackedURL(url: "https://adv.example/land?t=[TIMESTAMP]", hop: 1))
        #expect(plan.progressOffsets == [.time(VASTTime(milliseconds: 5000)), .percent(50)])
        #expect(plan.skipOffset == .time(VASTTime(milliseconds: 5000)))
    }

    @Test func eachBeaconURLDrawsItsOwnCacheBusterAndTheInputsTimestamp() {
        let draws = Mutex<UInt64>(0)
        var macros = VASTMacroContext(now: { Date(timeIntervalSince1970: 0) })
        macros.random = {
            draws.withLock { value in
                value += 1
                return value
            }
        }
        var chain = TwoHopChain.resolved()
        chain.impressions = [
            TrackedURL(url: "https://a/[CACHEBUSTING]/[TIMESTAMP]", hop: 0),
            TrackedURL(url: "https://b/[CACHEBUSTING]", hop: 1),
        ]
        var unit = UnitLifecycle(plan: TrackingPlan(ad: chain, adInstanceID: "ad-1", macros: macros))
        let actions = try? unit.impressionRendered(at: Date(timeIntervalSince1970: 86_400.5))
        #expect(
            actions == [
                .callback(.impressionWillBeLogged),
                .beacon(beacon("impression", "https://a/10000001/1970-01-02T00%3A00%3A00.500Z", hop: 0)),
                .beacon(beacon("impression", "https://b/10000002", hop: 1)),
            ])
    }

    /// The plan encodes the values that are the same for every beacon once, when it is built; setting
    /// its macros or its asset afterwards encodes them again, so no beacon carries a stale value.
    @Test func valuesSetOnThePlanAfterItIsBuiltReachTheNextBeacons() {
        var chain = TwoHopChain.resolved()
        chain.impressions = [TrackedURL(url: "https://a/i?ifa=[IFA]&asset=[ASSETURI]&ph=[ADPLAYHEAD]", hop: 0)]
        var macros = Fixed.macros
        macros.ifa = "first id"
        var plan = TrackingPlan(ad: chain, adInstanceID: "ad-1", assetURI: "https://cdn/a.mp4", macros: macros)
        let moment = BeaconMoment(now: Date(timeIntervalSince1970: 0), playhead: VASTTime(milliseconds: 1500))
        #expect(
            plan.beacons(event: "impression", urls: plan.impressions, usage: .impression, at: moment).map(\.url) == [
                "https://a/i?ifa=first%20id&asset=https%3A%2F%2Fcdn%2Fa.mp4&ph=00%3A00%3A01.500"
            ])
        plan.macros.ifa = "second"
        plan.assetURI = "https://cdn/b.mp4"
        #expect(
            plan.beacons(event: "impression", urls: plan.impressions, usage: .impression, at: moment).map(\.url) == [
                "https://a/i?ifa=second&asset=https%3A%2F%2Fcdn%2Fb.mp4&ph=00%3A00%3A01.500"
            ])
        plan.macros.withheld = [.ifa]
        #expect(
            plan.beacons(event: "impression", urls: plan.impressions, usage: .impression, at: moment).map(\.url) == [
                "https://a/i?ifa=-2&asset=https%3A%2F%2Fcdn%2Fb.mp4&ph=00%3A00%3A01.500"
            ])
    }
}

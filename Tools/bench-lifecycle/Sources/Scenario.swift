// The ad and the input sequences the state machines are driven with.

import AdLifecycle
import BenchSupport
import Foundation
import LoopbackSupport
import VAST

/// Query parameters appended to every tracking URL of the sample chain (the samples' own URLs
/// carry no macros), so each beacon pays for a realistic expansion: a cache buster, a timestamp,
/// the playhead, the asset, and device / app / consent values that need percent-encoding.
let macroSuffix =
    "cb=[CACHEBUSTING]&ts=[TIMESTAMP]&ph=[ADPLAYHEAD]&asset=[ASSETURI]&ifa=[IFA]&ua=[DEVICEUA]"
    + "&app=[APPBUNDLE]&gdpr=[GDPRCONSENT]"

struct Scenario: Sendable {
    /// The merged chain every ad instance plays.
    var ad: ResolvedAd
    var assetURI: String
    var macros: VASTMacroContext
    var trackingURLs: Int
    var video: [(input: VideoInput, ms: Int)]
    var unit: [(input: UnitInput, ms: Int)]
    var mraid: [MRAIDInput]
    var geometry: MRAIDGeometry
    var description: String

    var inputsPerAd: Int { video.count + unit.count + mraid.count }

    /// `v42-wrapper-full.xml` (hop 0, a Wrapper) leading to `v42-inline-linear-full.xml` (hop 1, the
    /// InLine it names), merged as the resolver merges them, with ``macroSuffix`` on every tracking URL.
    static func load() throws -> Scenario {
        let samples = TestServer.repositoryRoot.appendingPathComponent("vast-samples")
        func firstAd(_ name: String) throws -> VASTAd {
            let data = try Data(contentsOf: samples.appendingPathComponent(name))
            guard let ad = try VASTParser().parse(data).document.ads.first else { throw BenchFailure("\(name): no ad") }
            return ad
        }
        var count = 0
        func suffixed(_ url: String) -> String {
            count += 1
            return url + (url.contains("?") ? "&" : "?") + macroSuffix
        }
        // The plan takes each icon's and each companion's trackers from the parsed documents
        // (TrackingPlan.icons, .companions), not from the merged lists, so they get the suffix there.
        func suffixingIcons(_ creatives: [VASTCreative]) -> [VASTCreative] {
            creatives.map { creative in
                if case .companionAds(var companionAds) = creative.kind {
                    for i in companionAds.companions.indices {
                        for j in companionAds.companions[i].trackingEvents.indices {
                            companionAds.companions[i].trackingEvents[j].url = suffixed(
                                companionAds.companions[i].trackingEvents[j].url)
                        }
                        for j in companionAds.companions[i].clickTracking.indices {
                            companionAds.companions[i].clickTracking[j].url = suffixed(
                                companionAds.companions[i].clickTracking[j].url)
                        }
                    }
                    var copy = creative
                    copy.kind = .companionAds(companionAds)
                    return copy
                }
                guard case .linear(var linear) = creative.kind else { return creative }
                for i in linear.icons.indices {
                    linear.icons[i].viewTracking = linear.icons[i].viewTracking.map(suffixed)
                    if var clicks = linear.icons[i].iconClicks {
                        for j in clicks.clickTracking.indices {
                            clicks.clickTracking[j].url = suffixed(clicks.clickTracking[j].url)
                        }
                        linear.icons[i].iconClicks = clicks
                    }
                }
                var copy = creative
                copy.kind = .linear(linear)
                return copy
            }
        }
        func withSuffixedIcons(_ ad: VASTAd) -> VASTAd {
            var copy = ad
            switch ad.content {
            case .inLine(var body):
                body.creatives = suffixingIcons(body.creatives)
                copy.content = .inLine(body)
            case .wrapper(var body):
                body.creatives = suffixingIcons(body.creatives)
                copy.content = .wrapper(body)
            }
            return copy
        }
        // The InLine sample has no companion, and a Wrapper's companion trackers count only for an InLine
        // companion of the same slot (SessionCompanion): the InLine gets the Wrapper's 300x250 companion
        // without its trackers, so the unit's companion inputs fire the Wrapper's, as before the session
        // counted companions by index.
        func withCompanionSlot(_ inLine: VASTAd, of wrapper: VASTAd) -> VASTAd {
            guard case .inLine(var body) = inLine.content,
                var slot = wrapper.creatives.first(where: { $0.companionAds != nil }),
                case .companionAds(var companionAds) = slot.kind
            else { return inLine }
            for i in companionAds.companions.indices {
                companionAds.companions[i].trackingEvents = []
                companionAds.companions[i].clickTracking = []
            }
            slot.kind = .companionAds(companionAds)
            body.creatives.append(slot)
            var copy = inLine
            copy.content = .inLine(body)
            return copy
        }
        let wrapperAd = try firstAd("v42-wrapper-full.xml")
        let inLineAd = withCompanionSlot(try firstAd("v42-inline-linear-full.xml"), of: wrapperAd)
        guard let wrapper = withSuffixedIcons(wrapperAd).wrapper,
            var ad = ResolvedAd(ad: withSuffixedIcons(inLineAd), hop: 1, chain: [(wrapper, 0)])
        else { throw BenchFailure("the samples are not a Wrapper and an InLine") }
        func urls(_ list: inout [TrackedURL]) { for i in list.indices { list[i].url = suffixed(list[i].url) } }
        func events(_ list: inout [TrackedEvent]) { for i in list.indices { list[i].url = suffixed(list[i].url) } }
        urls(&ad.impressions)
        urls(&ad.errors)
        events(&ad.linearTracking)
        urls(&ad.clickTracking)
        // The merged icon and companion lists come from the parts suffixed above.

        var macros = VASTMacroContext()  // system clock (replaced per input) and random source
        macros.ifa = "6d92078a-8246-4ba4-ae5b-76104861e7dc"
        macros.ifaType = "aaid"
        macros.deviceUA =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36"
        macros.appBundle = "com.example.clips"
        macros.gdprConsent =
            "CPzHq4APzHq4AAcABBENDICsAP_AAH_AAAqIJNNd_H__bX9n-f7_6ft0eY1f9_r37uQzDhfNk-8F3L_W_LwX52E7NF36tq4KmR4ku1LBIUNlHMHUDUmwaokVryHsak2cpzNKJ7BEknMZO2dYGF9vm7tj-QKY7_5_d3bx2D-t_9v239z3z81Xn3d53-_03LCdV5_9Dfn9fR_bc9KPt_58v8v8_____3_e__3_7997BIiAaADgAJYBnwEeAJXAXmAwQBj4DtgHcgPBAeKBIgAA.f_gAAAAAAAAA"
        macros.limitAdTracking = false
        macros.regulations = ["gdpr"]

        // A 30 s video: duration, 100 progress updates every 300 ms, an icon, two pauses, a mute,
        // a fullscreen round trip, completion.
        var video: [(VideoInput, Int)] = [(.durationUpdated(durationMs: 30_000), 0)]
        for step in 0..<100 {
            let at = step * 300
            video.append((.progressed(positionMs: at, durationMs: 30_000), at))
            switch step {
            case 5: video.append((.iconViewed(index: 0), at))
            case 20, 60: video += [(.paused, at), (.resumed, at + 2_000)]
            case 40: video.append((.muted, at))
            case 45: video.append((.unmuted, at))
            case 50: video.append((.playerExpanded, at))
            case 70: video.append((.playerCollapsed, at))
            default: break
            }
        }
        video.append((.playbackCompleted, 30_000))
        // The unit around it: fullscreen presentation, impression, click, reward, companion, dismissal.
        let unit: [(UnitInput, Int)] = [
            (.fullscreenRequested(hostAvailable: true), 0), (.fullscreenPresented, 10), (.impressionRendered, 20),
            (.companionViewed(index: 0), 30),
            (.clicked(position: ClickPoint(x: 180, y: 420), playheadMs: 12_000), 12_000),
            (.externalAppOpening(url: "https://www.example.com/soylent/bar"), 12_010),
            (.companionClicked(index: 0), 15_000),
            (.rewardEarned, 30_000), (.fullscreenDismissRequested, 31_000), (.fullscreenDismissed, 31_300),
        ]
        // An inline MRAID banner: ready, viewable, resize and close, expand and close, unload.
        let geometry = MRAIDGeometry(
            screen: Rect(x: 0, y: 0, width: 390, height: 844),
            defaultFrame: Rect(x: 35, y: 744, width: 320, height: 50))
        let mraid: [MRAIDInput] = [
            .containerReady, .viewabilityChanged(isViewable: true),
            .resizePropertiesSet(ResizeProperties(width: 320, height: 250, offsetX: 0, offsetY: -200)),
            .resizeRequested, .resizeFinished, .closeRequested, .collapseFinished,
            .expandRequested(frame: Rect(x: 0, y: 0, width: 390, height: 844)), .expandFinished,
            .closeRequested, .collapseFinished, .viewabilityChanged(isViewable: false), .unloadRequested,
        ]
        return Scenario(
            ad: ad, assetURI: "https://cdn.example.com/soylent/bar-1080.mp4", macros: macros, trackingURLs: count,
            video: video, unit: unit, mraid: mraid, geometry: geometry,
            description: "vast-samples/v42-wrapper-full.xml (hop 0) -> v42-inline-linear-full.xml (hop 1)")
    }

    func plan(_ instance: String) -> TrackingPlan {
        TrackingPlan(ad: ad, adInstanceID: instance, assetURI: assetURI, macros: macros)
    }
}

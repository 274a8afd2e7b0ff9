import AdLifecycle
import Foundation
import VAST

/// Fixed clock and random source: `[TIMESTAMP]` is always `2023-11-14T22:13:20.123Z` and
/// `[CACHEBUSTING]` always `10000042`.
enum Fixed {
    static let now = Date(timeIntervalSince1970: 1_700_000_000.123)
    static let timestamp = "2023-11-14T22:13:20.123Z"
    static let cacheBuster = "10000042"
    static let macros = VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 42 })
}

/// A hand-built two-hop chain: a VAST 3 Wrapper (hop 0) leading to a VAST 4 InLine (hop 1).
enum TwoHopChain {
    static func resolved() -> ResolvedAd {
        var wrapper = VASTWrapper()
        wrapper.common.impressions = [
            VASTImpression(url: "about:blank"), VASTImpression(url: "https://w.example/imp?cb=[CACHEBUSTING]"),
        ]
        wrapper.common.errors = ["https://w.example/err?code=[ERRORCODE]&t=[TIMESTAMP]"]
        var wrapperLinear = VASTLinear()
        wrapperLinear.trackingEvents = [
            VASTTrackingEvent(event: .start, url: "https://w.example/start?ph=[ADPLAYHEAD]"),
            VASTTrackingEvent(event: .firstQuartile, url: "https://w.example/q1"),
            VASTTrackingEvent(event: .fullscreen, url: "https://w.example/fs"),
            VASTTrackingEvent(
                event: .progress, offset: .time(VASTTime(milliseconds: 5000)), url: "https://w.example/p5"),
        ]
        var wrapperClicks = VASTVideoClicks()
        wrapperClicks.clickTracking = [VASTTrackedURL(url: "https://w.example/click?pos=[CLICKPOS]&e=[ERRORCODE]")]
        wrapperLinear.videoClicks = wrapperClicks
        var wrapperCreative = VASTCreative()
        wrapperCreative.kind = .linear(wrapperLinear)
        wrapper.creatives = [wrapperCreative]

        var inLine = VASTInLine()
        inLine.common.impressions = [VASTImpression(url: "https://i.example/imp?ts=[TIMESTAMP]")]
        inLine.common.errors = ["https://i.example/err/[ERRORCODE]"]
        var linear = VASTLinear()
        linear.duration = VASTTime(milliseconds: 10_000)
        linear.skipOffset = .time(VASTTime(milliseconds: 5000))
        linear.trackingEvents = [
            VASTTrackingEvent(event: .creativeView, url: "https://i.example/cv"),
            VASTTrackingEvent(event: .start, url: "https://i.example/start?a=[ASSETURI]"),
            VASTTrackingEvent(event: .loaded, url: "https://i.example/loaded"),
            VASTTrackingEvent(event: .firstQuartile, url: "https://i.example/q1?ph=[ADPLAYHEAD]"),
            VASTTrackingEvent(event: .midpoint, url: "https://i.example/mid"),
            VASTTrackingEvent(event: .thirdQuartile, url: "https://i.example/q3"),
            VASTTrackingEvent(event: .complete, url: "https://i.example/complete"),
            VASTTrackingEvent(event: .progress, offset: .percent(50), url: "https://i.example/p50"),
            VASTTrackingEvent(
                event: .progress, offset: .time(VASTTime(milliseconds: 5000)), url: "https://i.example/p5"),
            VASTTrackingEvent(event: .pause, url: "https://i.example/pause?ph=[ADPLAYHEAD]"),
            VASTTrackingEvent(event: .resume, url: "https://i.example/resume"),
            VASTTrackingEvent(event: .mute, url: "https://i.example/mute"),
            VASTTrackingEvent(event: .unmute, url: "https://i.example/unmute"),
            VASTTrackingEvent(event: .playerExpand, url: "https://i.example/expand"),
            VASTTrackingEvent(event: .playerCollapse, url: "https://i.example/collapse"),
            VASTTrackingEvent(event: .skip, url: "https://i.example/skip"),
            VASTTrackingEvent(event: .closeLinear, url: "https://i.example/close"),
        ]
        var clicks = VASTVideoClicks()
        clicks.clickThrough = VASTTrackedURL(url: "https://adv.example/land?t=[TIMESTAMP]")
        clicks.clickTracking = [VASTTrackedURL(url: "https://i.example/click?pos=[CLICKPOS]")]
        linear.videoClicks = clicks
        var icon = VASTIcon()
        icon.viewTracking = ["https://i.example/icon-view"]
        var iconClicks = VASTIconClicks()
        iconClicks.clickTracking = [VASTTrackedURL(url: "https://i.example/icon-click?pos=[CLICKPOS]")]
        icon.iconClicks = iconClicks
        linear.icons = [icon]
        var creative = VASTCreative()
        creative.kind = .linear(linear)
        var companion = VASTCompanion()
        companion.trackingEvents = [VASTTrackingEvent(event: .creativeView, url: "https://i.example/comp-view")]
        companion.clickTracking = [VASTTrackedURL(url: "https://i.example/comp-click")]
        var companions = VASTCompanionAds()
        companions.companions = [companion]
        var companionCreative = VASTCreative()
        companionCreative.kind = .companionAds(companions)
        inLine.creatives = [creative, companionCreative]

        let ad = VASTAd(id: "inline", content: .inLine(inLine))
        guard let resolved = ResolvedAd(ad: ad, hop: 1, chain: [(wrapper, 0)]) else {
            preconditionFailure("an InLine always resolves")
        }
        return resolved
    }

    static func plan() -> TrackingPlan {
        TrackingPlan(
            ad: resolved(), adInstanceID: "ad-1", assetURI: "https://cdn.example/a.mp4", macros: Fixed.macros)
    }
}

/// Shorthands for expected actions.
func beacon(_ event: String, _ url: String, hop: Int, offset: String? = nil) -> BeaconRequest {
    BeaconRequest(event: event, offset: offset, url: url, hop: hop, adInstanceID: "ad-1")
}

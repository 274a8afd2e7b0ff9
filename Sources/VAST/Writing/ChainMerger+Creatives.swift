/// The Wrappers' Linear, NonLinear and Companion content, moved into the InLine's creatives.
extension ChainMerger {
    mutating func mergeLinear(into creatives: inout [VASTCreative]) {
        let layers = wrapperCreatives.compactMap { item in item.creative.linear.map { (linear: $0, hop: item.hop) } }
        let tracking = layers.flatMap { layer in layer.linear.trackingEvents.map { (event: $0, hop: layer.hop) } }
        let clicks = layers.flatMap { layer in (layer.linear.videoClicks?.clickTracking ?? []).map { ($0, layer.hop) } }
        let custom = layers.flatMap { layer in (layer.linear.videoClicks?.customClicks ?? []).map { ($0, layer.hop) } }
        let icons = layers.flatMap { layer in layer.linear.icons.map { (icon: $0, hop: layer.hop) } }
        let inLineHasClickThrough = creatives.contains { $0.linear?.videoClicks?.clickThrough != nil }
        // The ClickThrough closest to the InLine wins (VAST 4.3 section 2.3.5.2).
        let clickThrough =
            inLineHasClickThrough
            ? nil
            : layers.reversed().lazy.compactMap { layer in
                layer.linear.videoClicks?.clickThrough.map { (url: $0, hop: layer.hop) }
            }.first
        guard let target = creatives.firstIndex(where: { $0.linear != nil }), var linear = creatives[target].linear
        else {
            omit("linearTracking", events: tracking)
            omit("clickTracking", clicks.map { ($0.0.url, $0.1) })
            omit("customClick", custom.map { ($0.0.url, $0.1) })
            omit("clickThrough", clickThrough.map { [($0.url.url, $0.hop)] } ?? [])
            omit("iconViewTracking", icons.flatMap { item in item.icon.viewTracking.map { ($0, item.hop) } })
            omit(
                "iconClickTracking",
                icons.flatMap { item in
                    (item.icon.iconClicks?.clickTracking ?? []).map { ($0.url, item.hop) }
                })
            return
        }
        linear.trackingEvents = tracking.map(\.event) + linear.trackingEvents
        if !clicks.isEmpty || !custom.isEmpty || clickThrough != nil {
            var videoClicks = linear.videoClicks ?? VASTVideoClicks()
            videoClicks.clickTracking = clicks.map(\.0) + videoClicks.clickTracking
            videoClicks.customClicks = custom.map(\.0) + videoClicks.customClicks
            if videoClicks.clickThrough == nil { videoClicks.clickThrough = clickThrough?.url }
            linear.videoClicks = videoClicks
        }
        linear.icons = icons.map(\.icon) + linear.icons
        creatives[target].kind = .linear(linear)
    }

    mutating func mergeNonLinear(into creatives: inout [VASTCreative]) {
        let layers = wrapperCreatives.compactMap { item in item.creative.nonLinearAds.map { (ads: $0, hop: item.hop) } }
        let tracking = layers.flatMap { layer in layer.ads.trackingEvents.map { (event: $0, hop: layer.hop) } }
        let clicks = layers.flatMap { layer in layer.ads.nonLinears.flatMap(\.clickTracking).map { ($0, layer.hop) } }
        guard let target = creatives.firstIndex(where: { $0.nonLinearAds != nil }),
            var nonLinearAds = creatives[target].nonLinearAds
        else {
            omit("nonLinearTracking", events: tracking)
            omit("nonLinearClickTracking", clicks.map { ($0.0.url, $0.1) })
            return
        }
        nonLinearAds.trackingEvents = tracking.map(\.event) + nonLinearAds.trackingEvents
        if !nonLinearAds.nonLinears.isEmpty {
            nonLinearAds.nonLinears[0].clickTracking = clicks.map(\.0) + nonLinearAds.nonLinears[0].clickTracking
        } else {
            omit("nonLinearClickTracking", clicks.map { ($0.0.url, $0.1) })
        }
        creatives[target].kind = .nonLinearAds(nonLinearAds)
    }

    mutating func mergeCompanions(into creatives: inout [VASTCreative]) {
        let companions = wrapperCreatives.flatMap { item in
            (item.creative.companionAds?.companions ?? []).map {
                (companion: $0, creative: item.creative, hop: item.hop)
            }
        }
        guard !companions.isEmpty else { return }
        // A companion an InLine may hold: something to show, and the size the InLine requires.
        func displayable(_ companion: VASTCompanion) -> Bool {
            !companion.resources.isEmpty && companion.width != nil && companion.height != nil
        }
        let shown = companions.filter { displayable($0.companion) }
        let trackingOnly = companions.filter { !displayable($0.companion) }
        let tracking = trackingOnly.flatMap { item in item.companion.trackingEvents.map { (event: $0, hop: item.hop) } }
        let clicks = trackingOnly.flatMap { item in item.companion.clickTracking.map { ($0, item.hop) } }

        if let target = creatives.firstIndex(where: { $0.companionAds != nil }),
            var group = creatives[target].companionAds
        {
            let own = group.companions.count
            group.companions = shown.map(\.companion) + group.companions
            attach(tracking, clicks, to: own > 0 ? shown.count : (shown.isEmpty ? nil : 0), in: &group.companions)
            creatives[target].kind = .companionAds(group)
        } else if let first = shown.first {
            var group = VASTCompanionAds()
            group.companions = shown.map(\.companion)
            attach(tracking, clicks, to: 0, in: &group.companions)
            var creative = VASTCreative()
            creative.id = first.creative.id
            creative.adId = first.creative.adId
            creative.apiFramework = first.creative.apiFramework
            creative.universalAdIds = first.creative.universalAdIds
            if version.isVAST4 && creative.universalAdIds.isEmpty {
                creative.universalAdIds = [VASTUniversalAdId(idRegistry: "unknown", value: "unknown")]
            }
            creative.kind = .companionAds(group)
            creatives.append(creative)
        } else {
            omit("companionTracking", events: tracking)
            omit("companionClickTracking", clicks.map { ($0.0.url, $0.1) })
        }
    }

    /// Puts tracking-only companions' trackers ahead of those of the companion at `index`.
    private mutating func attach(
        _ tracking: [(event: VASTTrackingEvent, hop: Int)], _ clicks: [(VASTTrackedURL, Int)],
        to index: Int?, in companions: inout [VASTCompanion]
    ) {
        guard let index else {
            omit("companionTracking", events: tracking)
            omit("companionClickTracking", clicks.map { ($0.0.url, $0.1) })
            return
        }
        companions[index].trackingEvents = tracking.map(\.event) + companions[index].trackingEvents
        companions[index].clickTracking = clicks.map(\.0) + companions[index].clickTracking
    }
}

extension ResolvedAd {
    /// Merges an InLine ad with the chain of Wrappers that led to it (outermost first).
    /// - Parameters:
    ///   - ad: the InLine ad (`nil` is returned for a Wrapper).
    ///   - hop: the hop of the InLine's document.
    ///   - chain: the Wrappers that led to it, outermost first, with their hops.
    public init?(ad: VASTAd, hop: Int, chain: [(wrapper: VASTWrapper, hop: Int)]) {
        guard let inLine = ad.inLine else { return nil }
        self.ad = ad
        self.inLine = inLine
        self.hop = hop
        wrappers = chain
        let layers: [(common: VASTAdCommon, creatives: [VASTCreative], hop: Int)] =
            chain.map { ($0.wrapper.common, $0.wrapper.creatives, $0.hop) } + [(inLine.common, inLine.creatives, hop)]

        func urls(_ pick: (VASTAdCommon) -> [String]) -> [TrackedURL] {
            layers.flatMap { layer in pick(layer.common).map { TrackedURL(url: $0, hop: layer.hop) } }
        }
        impressions = layers.flatMap { layer in
            layer.common.impressions.map { TrackedURL(url: $0.url, hop: layer.hop) }
        }
        errors = urls(\.errors)
        viewable = urls { $0.viewableImpressions.flatMap(\.viewable) }
        notViewable = urls { $0.viewableImpressions.flatMap(\.notViewable) }
        viewUndetermined = urls { $0.viewableImpressions.flatMap(\.viewUndetermined) }
        verifications = layers.flatMap { layer in layer.common.verifications.map { ($0, layer.hop) } }
        extensions = layers.flatMap { layer in layer.common.extensions.map { ($0, layer.hop) } }

        func events(_ pick: (VASTCreative) -> [VASTTrackingEvent]) -> [TrackedEvent] {
            layers.flatMap { layer in
                layer.creatives.flatMap(pick).map { TrackedEvent(event: $0.event, offset: $0.offset, url: $0.url, hop: layer.hop) }
            }
        }
        func tracked(_ pick: (VASTCreative) -> [VASTTrackedURL]) -> [TrackedURL] {
            layers.flatMap { layer in layer.creatives.flatMap(pick).map { TrackedURL(url: $0.url, hop: layer.hop) } }
        }
        linearTracking = events { $0.linear?.trackingEvents ?? [] }
        nonLinearTracking = events { $0.nonLinearAds?.trackingEvents ?? [] }
        companionTracking = events { $0.companionAds?.companions.flatMap(\.trackingEvents) ?? [] }
        clickTracking = tracked { $0.linear?.videoClicks?.clickTracking ?? [] }
        customClicks = tracked { $0.linear?.videoClicks?.customClicks ?? [] }
        companionClickTracking = tracked { $0.companionAds?.companions.flatMap(\.clickTracking) ?? [] }
        nonLinearClickTracking = tracked { $0.nonLinearAds?.nonLinears.flatMap(\.clickTracking) ?? [] }
        iconClickTracking = tracked { $0.linear?.icons.flatMap { $0.iconClicks?.clickTracking ?? [] } ?? [] }
        iconViewTracking = layers.flatMap { layer in
            layer.creatives.flatMap { $0.linear?.icons.flatMap(\.viewTracking) ?? [] }.map { TrackedURL(url: $0, hop: layer.hop) }
        }
        clickThrough = layers.reversed().lazy.compactMap { layer in
            layer.creatives.lazy.compactMap { $0.linear?.videoClicks?.clickThrough?.url }.first
                .map { TrackedURL(url: $0, hop: layer.hop) }
        }.first
    }

    /// The first category of the InLine that a Wrapper of the chain blocks, if any (error 205).
    public var blockedCategory: (category: VASTCategory, hop: Int)? {
        for (wrapper, hop) in wrappers {
            for blocked in wrapper.blockedAdCategories {
                if let match = inLine.categories.first(where: {
                    $0.value == blocked.value && ($0.authority == nil || blocked.authority == nil || $0.authority == blocked.authority)
                }) {
                    return (match, hop)
                }
            }
        }
        return nil
    }
}

extension ResolvedAd {
    /// Merges an InLine ad with the chain of Wrappers that led to it (outermost first).
    ///
    /// Tracking URLs are kept in hop order until a bound of `limits` is reached; what is dropped is
    /// reported in ``findings`` (located at the InLine's hop). ``sequence`` starts as the Ad's own.
    /// - Parameters:
    ///   - ad: the InLine ad (`nil` is returned for a Wrapper).
    ///   - hop: the hop of the InLine's document.
    ///   - chain: the Wrappers that led to it, outermost first, with their hops.
    ///   - limits: how many tracking URLs the merged ad keeps.
    public init?(ad: VASTAd, hop: Int, chain: [(wrapper: VASTWrapper, hop: Int)], limits: Limits = .default) {
        guard let inLine = ad.inLine else { return nil }
        self.ad = ad
        self.inLine = inLine
        self.hop = hop
        sequence = ad.sequence
        wrappers = chain
        let layers: [(common: VASTAdCommon, creatives: [VASTCreative], hop: Int)] =
            chain.map { ($0.wrapper.common, $0.wrapper.creatives, $0.hop) } + [(inLine.common, inLine.creatives, hop)]
        var budget = MergeBudget(limits: limits)

        func urls(_ event: String, _ pick: (VASTAdCommon) -> [String]) -> [TrackedURL] {
            budget.admit(
                layers.flatMap { layer in pick(layer.common).map { TrackedURL(url: $0, hop: layer.hop) } },
                as: event)
        }
        func events(_ pick: (VASTCreative) -> [VASTTrackingEvent]) -> [TrackedEvent] {
            budget.admit(
                layers.flatMap { layer in
                    layer.creatives.flatMap(pick).map {
                        TrackedEvent(event: $0.event, offset: $0.offset, url: $0.url, hop: layer.hop)
                    }
                })
        }
        func tracked(_ event: String, _ pick: (VASTCreative) -> [VASTTrackedURL]) -> [TrackedURL] {
            budget.admit(
                layers.flatMap { layer in layer.creatives.flatMap(pick).map { TrackedURL(url: $0.url, hop: layer.hop) }
                },
                as: event)
        }
        // The per-ad bound is spent in this order (that of `trackingByEvent`): impressions and errors first.
        impressions = urls("impression") { $0.impressions.map(\.url) }
        errors = urls("error", \.errors)
        linearTracking = events { $0.linear?.trackingEvents ?? [] }
        nonLinearTracking = events { $0.nonLinearAds?.trackingEvents ?? [] }
        companionTracking = events { $0.companionAds?.companions.flatMap(\.trackingEvents) ?? [] }
        clickTracking = tracked("clickTracking") { $0.linear?.videoClicks?.clickTracking ?? [] }
        customClicks = tracked("customClick") { $0.linear?.videoClicks?.customClicks ?? [] }
        companionClickTracking = tracked("companionClickTracking") {
            $0.companionAds?.companions.flatMap(\.clickTracking) ?? []
        }
        nonLinearClickTracking = tracked("nonLinearClickTracking") {
            $0.nonLinearAds?.nonLinears.flatMap(\.clickTracking) ?? []
        }
        iconViewTracking = tracked("iconViewTracking") {
            $0.linear?.icons.flatMap { $0.viewTracking.map { VASTTrackedURL(url: $0) } } ?? []
        }
        iconClickTracking = tracked("iconClickTracking") {
            $0.linear?.icons.flatMap { $0.iconClicks?.clickTracking ?? [] } ?? []
        }
        viewable = urls("viewable") { $0.viewableImpressions.flatMap(\.viewable) }
        notViewable = urls("notViewable") { $0.viewableImpressions.flatMap(\.notViewable) }
        viewUndetermined = urls("viewUndetermined") { $0.viewableImpressions.flatMap(\.viewUndetermined) }
        verifications = layers.flatMap { layer in layer.common.verifications.map { ($0, layer.hop) } }
        extensions = layers.flatMap { layer in layer.common.extensions.map { ($0, layer.hop) } }
        clickThrough =
            layers.reversed().lazy.compactMap { layer in
                layer.creatives.lazy.compactMap { $0.linear?.videoClicks?.clickThrough?.url }.first
                    .map { TrackedURL(url: $0, hop: layer.hop) }
            }.first
        companions = layers.reversed().flatMap { layer in
            layer.creatives.enumerated().flatMap { index, creative in
                (creative.companionAds?.companions ?? []).filter { $0.resources.contains(where: \.hasContent) }.map {
                    TrackedCompanion(
                        companion: $0, required: creative.companionAds?.required, creativeIndex: index,
                        hop: layer.hop)
                }
            }
        }
        findings = budget.findings(location: "hop \(hop): merged chain of the InLine")
    }

    /// The first category of the InLine that a Wrapper of the chain blocks, if any (error 205).
    public var blockedCategory: (category: VASTCategory, hop: Int)? {
        for (wrapper, hop) in wrappers {
            for blocked in wrapper.blockedAdCategories {
                if let match = inLine.categories.first(where: {
                    $0.value == blocked.value
                        && ($0.authority == nil || blocked.authority == nil || $0.authority == blocked.authority)
                }) {
                    return (match, hop)
                }
            }
        }
        return nil
    }
}

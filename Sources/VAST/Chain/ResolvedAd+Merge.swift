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
        var budget = MergeBudget(limits: limits)
        // One pass over the layers (the chain's Wrappers outermost first, then the InLine) collects every
        // list in hop order, each creative's body read once; the budget is then spent list by list.
        var candidates = MergeCandidates()
        for index in chain.indices {
            candidates.add(chain[index].wrapper.common, chain[index].wrapper.creatives, hop: chain[index].hop)
        }
        candidates.add(inLine.common, inLine.creatives, hop: hop)
        // The per-ad bound is spent in this order (that of `trackingByEvent`): impressions and errors first.
        impressions = budget.admit(candidates.impressions, as: "impression")
        errors = budget.admit(candidates.errors, as: "error")
        linearTracking = budget.admit(candidates.linearTracking)
        nonLinearTracking = budget.admit(candidates.nonLinearTracking)
        companionTracking = budget.admit(candidates.companionTracking)
        clickTracking = budget.admit(candidates.clickTracking, as: "clickTracking")
        customClicks = budget.admit(candidates.customClicks, as: "customClick")
        companionClickTracking = budget.admit(candidates.companionClickTracking, as: "companionClickTracking")
        nonLinearClickTracking = budget.admit(candidates.nonLinearClickTracking, as: "nonLinearClickTracking")
        iconViewTracking = budget.admit(candidates.iconViewTracking, as: "iconViewTracking")
        iconClickTracking = budget.admit(candidates.iconClickTracking, as: "iconClickTracking")
        viewable = budget.admit(candidates.viewable, as: "viewable")
        notViewable = budget.admit(candidates.notViewable, as: "notViewable")
        viewUndetermined = budget.admit(candidates.viewUndetermined, as: "viewUndetermined")
        verifications = candidates.verifications
        extensions = candidates.extensions
        clickThrough = candidates.clickThrough
        // Precedence: the InLine's companions first, then each Wrapper's, innermost first.
        companions = candidates.companionLayers.reversed().flatMap { $0 }
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

/// Every list a merge offers to its ``MergeBudget``, gathered in one pass over the chain's layers
/// (outermost Wrapper first, the InLine last), each with the hop it came from.
///
/// Each list is in hop order, and within a layer in document order: what `flatMap` over the layers
/// gives, list by list, without reading each creative's body once per list.
struct MergeCandidates {
    var impressions: [TrackedURL] = []
    var errors: [TrackedURL] = []
    var viewable: [TrackedURL] = []
    var notViewable: [TrackedURL] = []
    var viewUndetermined: [TrackedURL] = []
    var linearTracking: [TrackedEvent] = []
    var nonLinearTracking: [TrackedEvent] = []
    var companionTracking: [TrackedEvent] = []
    var clickTracking: [TrackedURL] = []
    var customClicks: [TrackedURL] = []
    var companionClickTracking: [TrackedURL] = []
    var nonLinearClickTracking: [TrackedURL] = []
    var iconViewTracking: [TrackedURL] = []
    var iconClickTracking: [TrackedURL] = []
    var verifications: [(verification: VASTVerification, hop: Int)] = []
    var extensions: [(extension: VASTExtension, hop: Int)] = []
    /// The ClickThrough of the innermost layer that has one (its first Linear's that has one).
    var clickThrough: TrackedURL?
    /// Each layer's Companions that have a resource, in document order; layers without any are left out.
    var companionLayers: [[TrackedCompanion]] = []

    /// Adds one layer: its ad-level lists, then each creative's.
    mutating func add(_ common: VASTAdCommon, _ creatives: [VASTCreative], hop: Int) {
        for impression in common.impressions { impressions.append(TrackedURL(url: impression.url, hop: hop)) }
        for url in common.errors { errors.append(TrackedURL(url: url, hop: hop)) }
        for group in common.viewableImpressions {
            for url in group.viewable { viewable.append(TrackedURL(url: url, hop: hop)) }
            for url in group.notViewable { notViewable.append(TrackedURL(url: url, hop: hop)) }
            for url in group.viewUndetermined { viewUndetermined.append(TrackedURL(url: url, hop: hop)) }
        }
        for verification in common.verifications { verifications.append((verification, hop)) }
        for item in common.extensions { extensions.append((item, hop)) }
        var layerClickThrough: TrackedURL?
        var layerCompanions: [TrackedCompanion] = []
        for index in creatives.indices {
            switch creatives[index].kind {
            case .linear(let linear)?:
                Self.append(linear.trackingEvents, hop: hop, to: &linearTracking)
                if let clicks = linear.videoClicks {
                    if layerClickThrough == nil, let url = clicks.clickThrough?.url {
                        layerClickThrough = TrackedURL(url: url, hop: hop)
                    }
                    Self.append(clicks.clickTracking, hop: hop, to: &clickTracking)
                    Self.append(clicks.customClicks, hop: hop, to: &customClicks)
                }
                for icon in linear.icons {
                    for url in icon.viewTracking { iconViewTracking.append(TrackedURL(url: url, hop: hop)) }
                }
                for icon in linear.icons {
                    Self.append(icon.iconClicks?.clickTracking ?? [], hop: hop, to: &iconClickTracking)
                }
            case .nonLinearAds(let nonLinearAds)?:
                Self.append(nonLinearAds.trackingEvents, hop: hop, to: &nonLinearTracking)
                for nonLinear in nonLinearAds.nonLinears {
                    Self.append(nonLinear.clickTracking, hop: hop, to: &nonLinearClickTracking)
                }
            case .companionAds(let companionAds)?:
                for companion in companionAds.companions {
                    Self.append(companion.trackingEvents, hop: hop, to: &companionTracking)
                }
                for companion in companionAds.companions {
                    Self.append(companion.clickTracking, hop: hop, to: &companionClickTracking)
                }
                for companion in companionAds.companions where companion.resources.contains(where: \.hasContent) {
                    layerCompanions.append(
                        TrackedCompanion(
                            companion: companion, required: companionAds.required, creativeIndex: index, hop: hop))
                }
            case nil:
                break
            }
        }
        if let layerClickThrough { clickThrough = layerClickThrough }
        if !layerCompanions.isEmpty { companionLayers.append(layerCompanions) }
    }

    private static func append(_ events: [VASTTrackingEvent], hop: Int, to list: inout [TrackedEvent]) {
        for event in events {
            list.append(TrackedEvent(event: event.event, offset: event.offset, url: event.url, hop: hop))
        }
    }

    private static func append(_ urls: [VASTTrackedURL], hop: Int, to list: inout [TrackedURL]) {
        for tracked in urls { list.append(TrackedURL(url: tracked.url, hop: hop)) }
    }
}

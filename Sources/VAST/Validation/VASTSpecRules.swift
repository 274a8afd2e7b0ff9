/// The parts of the VAST specification the parser checks as it reads: event names per version,
/// required children and attributes, and the schema's child order. Kept as data so that the
/// catalogue page (docs/rules.md, generated from it) and the code cannot drift apart.
enum VASTSpecRules {
    /// Tracking event names each version defines (IAB XSDs, plus the spec text's closeLinear and notUsed).
    static func trackingEvents(in version: VASTVersion) -> Set<String> {
        switch version {
        case .v2_0: v2Events
        case .v3_0: v3Events
        case .v4_0: v40Events
        case .v4_1: v41Events
        case .v4_2, .v4_3: v42Events
        }
    }

    /// Every tracking event name any version defines.
    static let allTrackingEvents: Set<String> = v2Events.union(v3Events).union(v40Events).union(v41Events)
        .union(v42Events).union(["verificationNotExecuted"])

    private static let v2Events: Set<String> = [
        "creativeView", "start", "midpoint", "firstQuartile", "thirdQuartile", "complete", "mute", "unmute",
        "pause", "rewind", "resume", "fullscreen", "expand", "collapse", "acceptInvitation", "close",
    ]
    private static let v3Events: Set<String> = v2Events.union([
        "exitFullscreen", "progress", "skip", "closeLinear", "acceptInvitationLinear",
    ])
    private static let v40Events: Set<String> = [
        "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute", "unmute",
        "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "progress", "closeLinear",
        "acceptInvitation", "acceptInvitationLinear", "adExpand", "adCollapse", "minimize", "close",
        "overlayViewDuration", "otherAdInteraction", "timeSpentViewing",
    ]
    private static let v41Events: Set<String> = [
        "creativeView", "loaded", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute",
        "unmute", "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "progress",
        "closeLinear", "acceptInvitation", "adExpand", "adCollapse", "minimize", "close", "overlayViewDuration",
        "otherAdInteraction", "notUsed",
    ]
    private static let v42Events: Set<String> = v41Events.union(["interactiveStart"])

    /// The schema's child order of InLine and Wrapper, where real tags most often differ from it
    /// (they follow the spec's presentation order). Children not listed are not ordered.
    static func childOrder(of element: VASTElement, version: VASTVersion) -> [VASTElement] {
        switch (element, version.isVAST4, version) {
        case (.inLine, true, _): inLine4Order
        case (.wrapper, true, _): wrapper4Order
        case (.inLine, false, .v2_0): inLine2Order
        case (.inLine, false, _): inLine3Order
        case (.wrapper, false, _): wrapper3Order
        default: []
        }
    }

    // The orders of ``childOrder(of:version:)``, made once (the parser asks for each child of an ad).
    private static let inLine4Order: [VASTElement] = [
        .adSystem, .error, .extensions, .impression, .pricing, .viewableImpression, .adServingId, .adTitle,
        .adVerifications, .advertiser, .category, .creatives, .description, .expires, .survey,
    ]
    private static let wrapper4Order: [VASTElement] = [
        .adSystem, .error, .extensions, .impression, .pricing, .viewableImpression, .adVerifications,
        .blockedAdCategories, .creatives, .vastAdTagURI,
    ]
    private static let inLine2Order: [VASTElement] = [
        .adSystem, .adTitle, .description, .survey, .error, .impression, .creatives, .extensions,
    ]
    private static let inLine3Order: [VASTElement] = [
        .adSystem, .adTitle, .description, .advertiser, .pricing, .survey, .error, .impression, .creatives,
        .extensions,
    ]
    private static let wrapper3Order: [VASTElement] = [
        .adSystem, .vastAdTagURI, .error, .impression, .creatives, .extensions,
    ]

    /// ``allowedChildren(of:)`` for every element, as bit sets indexed by raw value: the parser
    /// asks once per start tag.
    static let allowedChildTable: [VASTElementSet] = VASTElement.allCases.map { parent in
        var set = VASTElementSet()
        for child in allowedChildren(of: parent) { set.insert(child) }
        return set
    }

    /// Children each element may have; anything else in the VAST namespace is reported as unknown
    /// and skipped. (A list, not a `Set`: the table above is built from it before the first parse
    /// of every process, and a set would hash each element on the way.)
    static func allowedChildren(of element: VASTElement) -> [VASTElement] {
        switch element {
        case .vast: [.ad, .error]
        case .ad: [.inLine, .wrapper]
        case .inLine:
            [
                .adSystem, .adTitle, .adServingId, .description, .advertiser, .category, .pricing, .survey, .expires,
                .error, .impression, .viewableImpression, .adVerifications, .extensions, .creatives,
            ]
        case .wrapper:
            [
                .adSystem, .error, .impression, .viewableImpression, .pricing, .adVerifications, .extensions,
                .blockedAdCategories, .vastAdTagURI, .creatives, .vastAdTagURL,
            ]
        case .vastAdTagURL: [.url]
        case .viewableImpression: [.viewable, .notViewable, .viewUndetermined]
        case .adVerifications: [.verification]
        case .verification: [.javaScriptResource, .executableResource, .verificationParameters, .trackingEvents]
        case .trackingEvents: [.tracking]
        case .extensions: [.extensionElement]
        case .blockedAdCategories: []
        case .creatives: [.creative]
        case .creative: [.universalAdId, .creativeExtensions, .linear, .nonLinearAds, .companionAds]
        case .creativeExtensions: [.creativeExtension]
        case .linear:
            [.duration, .adParameters, .mediaFiles, .trackingEvents, .videoClicks, .icons, .creativeExtensions]
        case .mediaFiles: [.mediaFile, .mezzanine, .interactiveCreativeFile, .closedCaptionFiles]
        case .closedCaptionFiles: [.closedCaptionFile]
        case .videoClicks: [.clickThrough, .clickTracking, .customClick]
        case .icons: [.icon]
        case .icon:
            [.staticResource, .iframeResource, .htmlResource, .iconClicks, .iconViewTracking, .altText, .hoverText]
        case .iconClicks: [.iconClickThrough, .iconClickTracking, .iconClickFallbackImages]
        case .iconClickFallbackImages: [.iconClickFallbackImage]
        case .iconClickFallbackImage: [.altText, .staticResource]
        case .nonLinearAds: [.nonLinear, .trackingEvents]
        case .nonLinear:
            [
                .staticResource, .iframeResource, .htmlResource, .adParameters, .nonLinearClickThrough,
                .nonLinearClickTracking, .creativeExtensions,
            ]
        case .companionAds: [.companion]
        case .companion:
            [
                .staticResource, .iframeResource, .htmlResource, .adParameters, .altText, .companionClickThrough,
                .companionClickTracking, .trackingEvents, .creativeExtensions,
            ]
        default: []
        }
    }
}

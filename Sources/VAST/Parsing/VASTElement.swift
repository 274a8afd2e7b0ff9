import Glibc

/// The elements of the VAST vocabulary the parser knows, one case per local name.
///
/// Looking a name up happens once per distinct name and libxml2 context (the builder caches what
/// it found by the name's pointer), so the lookup (``named(_:)``) can be a short scan of the names
/// of the same length.
enum VASTElement: UInt8, CaseIterable, Sendable {
    case vast, ad, inLine, wrapper
    case adSystem, adTitle, adServingId, description, advertiser, category, pricing, survey, expires
    case error, impression, viewableImpression, viewable, notViewable, viewUndetermined
    case adVerifications, verification, javaScriptResource, executableResource, verificationParameters
    case trackingEvents, tracking, extensions, extensionElement, blockedAdCategories, vastAdTagURI
    case creatives, creative, universalAdId, creativeExtensions, creativeExtension
    case linear, duration, adParameters, mediaFiles, mediaFile, mezzanine, interactiveCreativeFile
    case closedCaptionFiles, closedCaptionFile, videoClicks, clickThrough, clickTracking, customClick
    case icons, icon, staticResource, iframeResource, htmlResource
    case iconClicks, iconClickThrough, iconClickTracking, iconViewTracking
    case iconClickFallbackImages, iconClickFallbackImage, altText, hoverText
    case nonLinearAds, nonLinear, nonLinearClickThrough, nonLinearClickTracking
    case companionAds, companion, companionClickThrough, companionClickTracking
    /// Early VAST 2 Wrappers' `<VASTAdTagURL><URL>...</URL></VASTAdTagURL>`, which players still follow.
    case vastAdTagURL, url
    /// VAST 1.0's root, recognised only to be refused with 102.
    case videoAdServingTemplate

    /// The local name as the spec spells it.
    var name: String {
        switch self {
        case .vast: "VAST"
        case .ad: "Ad"
        case .inLine: "InLine"
        case .wrapper: "Wrapper"
        case .adSystem: "AdSystem"
        case .adTitle: "AdTitle"
        case .adServingId: "AdServingId"
        case .description: "Description"
        case .advertiser: "Advertiser"
        case .category: "Category"
        case .pricing: "Pricing"
        case .survey: "Survey"
        case .expires: "Expires"
        case .error: "Error"
        case .impression: "Impression"
        case .viewableImpression: "ViewableImpression"
        case .viewable: "Viewable"
        case .notViewable: "NotViewable"
        case .viewUndetermined: "ViewUndetermined"
        case .adVerifications: "AdVerifications"
        case .verification: "Verification"
        case .javaScriptResource: "JavaScriptResource"
        case .executableResource: "ExecutableResource"
        case .verificationParameters: "VerificationParameters"
        case .trackingEvents: "TrackingEvents"
        case .tracking: "Tracking"
        case .extensions: "Extensions"
        case .extensionElement: "Extension"
        case .blockedAdCategories: "BlockedAdCategories"
        case .vastAdTagURI: "VASTAdTagURI"
        case .creatives: "Creatives"
        case .creative: "Creative"
        case .universalAdId: "UniversalAdId"
        case .creativeExtensions: "CreativeExtensions"
        case .creativeExtension: "CreativeExtension"
        case .linear: "Linear"
        case .duration: "Duration"
        case .adParameters: "AdParameters"
        case .mediaFiles: "MediaFiles"
        case .mediaFile: "MediaFile"
        case .mezzanine: "Mezzanine"
        case .interactiveCreativeFile: "InteractiveCreativeFile"
        case .closedCaptionFiles: "ClosedCaptionFiles"
        case .closedCaptionFile: "ClosedCaptionFile"
        case .videoClicks: "VideoClicks"
        case .clickThrough: "ClickThrough"
        case .clickTracking: "ClickTracking"
        case .customClick: "CustomClick"
        case .icons: "Icons"
        case .icon: "Icon"
        case .staticResource: "StaticResource"
        case .iframeResource: "IFrameResource"
        case .htmlResource: "HTMLResource"
        case .iconClicks: "IconClicks"
        case .iconClickThrough: "IconClickThrough"
        case .iconClickTracking: "IconClickTracking"
        case .iconViewTracking: "IconViewTracking"
        case .iconClickFallbackImages: "IconClickFallbackImages"
        case .iconClickFallbackImage: "IconClickFallbackImage"
        case .altText: "AltText"
        case .hoverText: "HoverText"
        case .nonLinearAds: "NonLinearAds"
        case .nonLinear: "NonLinear"
        case .nonLinearClickThrough: "NonLinearClickThrough"
        case .nonLinearClickTracking: "NonLinearClickTracking"
        case .companionAds: "CompanionAds"
        case .companion: "Companion"
        case .companionClickThrough: "CompanionClickThrough"
        case .companionClickTracking: "CompanionClickTracking"
        case .vastAdTagURL: "VASTAdTagURL"
        case .url: "URL"
        case .videoAdServingTemplate: "VideoAdServingTemplate"
        }
    }

    /// The elements ordered by the length of their names, and where each length starts: the
    /// names of `n` bytes are `elements[starts[n]..<starts[n + 1]]`, for `n` up to the longest.
    /// Two arrays, made in two passes over the cases (about 100), for ``named(_:)``: the names are
    /// compared as they are, string literals in the binary, so no name is copied and no
    /// dictionary is hashed before a process's first parse.
    private static let byLength: (elements: [VASTElement], starts: [Int]) = {
        let longest = allCases.reduce(0) { max($0, $1.name.utf8.count) }
        var starts = [Int](repeating: 0, count: longest + 2)
        for element in allCases { starts[element.name.utf8.count + 1] += 1 }
        for length in 1..<starts.count { starts[length] += starts[length - 1] }
        var next = starts
        var elements = [VASTElement](repeating: .vast, count: allCases.count)
        for element in allCases {
            let length = element.name.utf8.count
            elements[next[length]] = element
            next[length] += 1
        }
        return (elements, starts)
    }()

    /// The element a NUL-terminated local name (as libxml2 hands it over) names, for the per-parse
    /// name cache's misses: the bytes are compared with the names of their length, so no string
    /// is made and nothing is hashed.
    static func named(_ localname: UnsafePointer<UInt8>) -> VASTElement? {
        named(bytes: UnsafeBufferPointer(start: localname, count: strlen(localname)))
    }

    /// The element `name` names (its bytes, as ``named(_:)`` compares them), or `nil`.
    static func named(_ name: String) -> VASTElement? {
        var name = name
        return name.withUTF8 { named(bytes: $0) }
    }

    private static func named(bytes: UnsafeBufferPointer<UInt8>) -> VASTElement? {
        let length = bytes.count
        let (elements, starts) = byLength
        guard length + 1 < starts.count, let base = bytes.baseAddress else { return nil }
        for position in starts[length]..<starts[length + 1] {
            let element = elements[position]
            var known = element.name
            if known.withUTF8({ memcmp($0.baseAddress!, base, length) == 0 }) { return element }
        }
        return nil
    }

    /// Elements whose text content is their value (URLs, names, times); the parser collects
    /// character data only for these.
    var collectsText: Bool {
        switch self {
        case .adSystem, .adTitle, .adServingId, .description, .advertiser, .category, .pricing, .survey,
            .expires, .error, .impression, .viewable, .notViewable, .viewUndetermined, .javaScriptResource,
            .executableResource, .verificationParameters, .tracking, .vastAdTagURI, .universalAdId,
            .duration, .adParameters, .mediaFile, .mezzanine, .interactiveCreativeFile, .closedCaptionFile,
            .clickThrough, .clickTracking, .customClick, .staticResource, .iframeResource, .htmlResource,
            .iconClickThrough, .iconClickTracking, .iconViewTracking, .altText, .hoverText,
            .nonLinearClickThrough, .nonLinearClickTracking, .companionClickThrough, .companionClickTracking,
            .blockedAdCategories, .url:
            true
        default:
            false
        }
    }

    /// Elements that may repeat among their siblings; locations show their index (`Creative[2]`).
    var isRepeatable: Bool {
        switch self {
        case .ad, .creative, .mediaFile, .mezzanine, .interactiveCreativeFile, .closedCaptionFile, .tracking,
            .impression, .error, .extensionElement, .creativeExtension, .verification, .javaScriptResource,
            .executableResource, .icon, .nonLinear, .companion, .clickTracking, .customClick, .category, .survey,
            .universalAdId, .iconClickTracking, .iconViewTracking, .iconClickFallbackImage,
            .nonLinearClickTracking, .companionClickTracking, .staticResource, .iframeResource, .htmlResource,
            .viewable, .notViewable, .viewUndetermined, .viewableImpression, .blockedAdCategories:
            true
        default:
            false
        }
    }

    /// Elements whose text is a URI, checked for whitespace, splits and macros.
    var holdsURL: Bool {
        switch self {
        case .error, .impression, .viewable, .notViewable, .viewUndetermined, .javaScriptResource,
            .executableResource, .tracking, .vastAdTagURI, .mediaFile, .mezzanine, .interactiveCreativeFile,
            .closedCaptionFile, .clickThrough, .clickTracking, .customClick, .staticResource, .iframeResource,
            .iconClickThrough, .iconClickTracking, .iconViewTracking, .nonLinearClickThrough,
            .nonLinearClickTracking, .companionClickThrough, .companionClickTracking, .survey, .url:
            true
        default:
            false
        }
    }

    /// The first version that defines the element (the ones VAST 2.0 already had return 2.0).
    var introduced: VASTVersion {
        switch self {
        case .advertiser, .pricing, .icons, .companionClickTracking, .icon, .iconClicks, .iconClickThrough,
            .iconClickTracking,
            .iconViewTracking, .creativeExtensions, .creativeExtension, .nonLinearClickTracking:
            .v3_0
        case .viewableImpression, .viewable, .notViewable, .viewUndetermined, .adVerifications, .verification,
            .javaScriptResource, .executableResource, .verificationParameters, .category, .universalAdId,
            .mezzanine, .interactiveCreativeFile:
            .v4_0
        case .adServingId, .expires, .blockedAdCategories, .closedCaptionFiles, .closedCaptionFile,
            .iconClickFallbackImages,
            .iconClickFallbackImage:
            .v4_1
        case .hoverText:
            .v4_2
        default:
            .v2_0
        }
    }
}

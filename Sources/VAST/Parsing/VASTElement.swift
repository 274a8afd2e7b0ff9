import Glibc

/// The elements of the VAST vocabulary the parser knows, one case per local name.
///
/// Looking a name up happens once per distinct name and parse (see `ElementNameCache`), so
/// the table can be a plain dictionary.
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

    /// Every known local name.
    static let byName: [String: VASTElement] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The known names' bytes by length, for ``named(_:)``.
    private static let namesByLength: [[(bytes: [UInt8], element: VASTElement)]] = {
        var table = [[(bytes: [UInt8], element: VASTElement)]](repeating: [], count: 32)
        for element in allCases {
            let bytes = Array(element.name.utf8)
            table[bytes.count].append((bytes, element))
        }
        return table
    }()

    /// The element a NUL-terminated local name (as libxml2 hands it over) names, for the per-parse
    /// name cache's misses: the bytes are compared with the names of their length, so no string
    /// is made and nothing is hashed.
    static func named(_ localname: UnsafePointer<UInt8>) -> VASTElement? {
        let length = strlen(localname)
        guard length < namesByLength.count else { return nil }
        for entry in namesByLength[length] {
            let same = entry.bytes.withUnsafeBufferPointer { $0.baseAddress.map { memcmp($0, localname, length) == 0 } }
            if same == true { return entry.element }
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

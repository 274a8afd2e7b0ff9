public import VAST

/// How an ad is shown in an ``AdFormat``: the creative ``AdFormat/fit(_:)`` chose.
public enum AdFit: Sendable, Hashable {
    /// The Linear of `ResolvedAd.inLine.creatives[creativeIndex]` plays `mediaFile`.
    case video(creativeIndex: Int, mediaFile: VASTMediaFile)
    /// The banner, its resource and its size.
    case banner(BannerChoice)
}

public import AdPlacement
public import AdResolution
import Creatives
public import VAST

/// The source whose ad was chosen.
public struct MediationWinner: Sendable {
    /// The source's name.
    public var source: String
    /// The source's tier.
    public var tier: Int
    /// Its resolution: the ads, every hop, the findings.
    public var resolution: VASTResolution
    /// The price its ad was ranked with, when it had one (see ``Mediator``).
    public var price: Double?
    /// The `<Pricing>` that price was read from.
    public var pricing: VASTPricing?
    /// How its first ad is shown in the call's format: the media file or the banner chosen; `nil` when
    /// the mediation was given no format.
    public var fit: AdFit?
    /// Its first ad's creative, made ready when the engine waits for one.
    var creative: ReadyCreative?

    /// The ads to play, merged with their wrappers, in pod order.
    public var ads: [ResolvedAd] { resolution.ads }
}

/// A source's ad that filled but cannot be shown in the call's format (its report entry is `noFit`).
///
/// The mediator does not fire its Error URLs: the caller knows the ad instance the pixels belong to, and
/// whether the call is still wanted (an engine whose presentation closed sends nothing of the call).
public struct UnfitAd: Sendable {
    /// The source's name.
    public var source: String
    /// The ad, merged with its wrappers (the first of its source's pod).
    public var ad: ResolvedAd
    /// Why it does not fit, with the VAST code for its Error URLs.
    public var error: AdFitError
}

/// What one mediation produced: a winner or an error, and always the report.
public struct MediationResult: Sendable {
    /// The chosen source, when one filled.
    public var winner: MediationWinner?
    /// What every source did, in tier then source order.
    public var report: MediationReport
    /// Why there is no winner; `nil` exactly when there is one.
    public var error: MediationError?
    /// The ads that filled but do not fit the call's format, in report order (with or without a winner).
    public var unfit: [UnfitAd] = []

    /// The winner, or the error (which carries the report).
    /// - Throws: ``MediationError`` when no source filled.
    public func get() throws(MediationError) -> MediationWinner {
        if let winner { return winner }
        throw error ?? MediationError(.noFill, "no source filled", vastErrorCode: .noAdsAfterWrapper, report: report)
    }
}

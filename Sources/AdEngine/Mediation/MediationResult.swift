public import AdResolution
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

    /// The ads to play, merged with their wrappers, in pod order.
    public var ads: [ResolvedAd] { resolution.ads }
}

/// What one mediation produced: a winner or an error, and always the report.
public struct MediationResult: Sendable {
    /// The chosen source, when one filled.
    public var winner: MediationWinner?
    /// What every source did, in tier then source order.
    public var report: MediationReport
    /// Why there is no winner; `nil` exactly when there is one.
    public var error: MediationError?

    /// The winner, or the error (which carries the report).
    /// - Throws: ``MediationError`` when no source filled.
    public func get() throws(MediationError) -> MediationWinner {
        if let winner { return winner }
        throw error ?? MediationError(.noFill, "no source filled", vastErrorCode: .noAdsAfterWrapper, report: report)
    }
}

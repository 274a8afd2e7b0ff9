import AdPlacement
import AdResolution
import Creatives
import VAST

/// How one source's run ended, before the tier decides who won.
struct SourceAttempt: Sendable {
    enum End: Sendable {
        case filled
        case noFill
        case noFit
        case error
        case timeout
        case cancelled
    }

    var end: End
    var resolution: VASTResolution?
    var milliseconds: Double
    var url: String?
    var message: String
    var errorCode: VASTErrorCode?
    /// The `<Pricing>` with a numeric amount that the ad carries (see ``Mediator``).
    var pricing: VASTPricing?
    /// How the ad is shown in the call's format, once it passed the fit check.
    var fit: AdFit?
    /// Why the ad cannot be shown in the call's format (``End/noFit``).
    var unfit: AdFitError?
    /// The creative made ready for its first ad, when the engine waits for one (``CreativeCheck``).
    var creative: ReadyCreative?

    var price: Double? { pricing?.amount }

    /// The report entry for this attempt, once the tier has decided what the fill means.
    func report(for source: AdSource, outcome: SourceReport.Outcome, message: String? = nil) -> SourceReport {
        SourceReport(
            source: source.name, tier: source.tier, outcome: outcome, milliseconds: milliseconds,
            errorCode: errorCode, price: price, message: message ?? self.message, url: url,
            hops: resolution?.hops ?? [])
    }

    /// The price an ad is ranked by: the InLine's `<Pricing>` when it has a numeric, finite amount,
    /// else the innermost Wrapper's that has one. For a pod, the first ad's.
    static func pricing(of resolution: VASTResolution) -> VASTPricing? {
        guard let ad = resolution.ads.first else { return nil }
        let candidates = [ad.inLine.common.pricing] + ad.wrappers.reversed().map(\.wrapper.common.pricing)
        return candidates.lazy.compactMap { $0 }.first { $0.amount?.isFinite == true }
    }
}

extension Duration {
    /// The duration in milliseconds, fractional.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

public import AdPlacement
public import AdResolution
import AdTransport
public import VAST

/// Runs ad sources in priority tiers and picks the ad to play.
///
/// **Tiers.** Tiers run one after another, lowest first; the next tier starts only when a tier ends
/// without a winner (every source had no fill, failed, or ran out of time). Nothing starts after the
/// overall deadline, and every running source is stopped at it; the tiers left are `notTried`.
///
/// **Within a tier** every source runs in parallel, each with its own timeout (its whole wrapper
/// chain included, capped by the overall deadline). A source's ad is checked against the call's
/// format first (`AdFormat`: a full-screen video needs a playable media file, a bottom banner a banner
/// that fits its height): one that cannot be shown in it is the source's `noFit`, with why, and counts
/// as no ad (the tier's other sources may win, else the next tier is tried). The winner rule:
/// 1. A filled bidding source (``AdSource/bids``) whose ad has a `<Pricing>` amount ranks above every
///    fill without one; the highest amount wins. Amounts are compared as written: currencies and
///    models are not converted.
/// 2. Fills without a ranked price (no amount, or a non-bidding source) rank by tier order: the
///    earliest source in the list wins. Equal prices also go to the earliest.
/// 3. The winner is taken as soon as no running source could outrank it, and the running sources
///    are cancelled (`cancelled` in the report). A running bidding source could always outrank it
///    (its price is unknown), so a tier with bidders waits for each of them until it answers or
///    times out; a running non-bidding source can outrank only an unpriced leader later than
///    itself in tier order, so once the earliest source fills, the later non-bidders are cancelled.
///
/// The price is read from the first ad's InLine `<Pricing>`, or when it has no numeric amount, from
/// the innermost Wrapper's that has one.
///
/// **Cancellation.** Cancelling the calling task cancels every running source (their transfers
/// stop at once) and ends the call with `MediationError.Code.cancelled` and no winner.
///
/// **Privacy.** The report, the error and the winner's hops and findings hide the call's values of
/// its private macros (`VASTMacroRedactor`): tag URLs are expanded with the request's IFA,
/// consent strings and user agent, and reports end up in logs. The ads themselves are untouched:
/// their tracking URLs are what the player fires.
///
/// A value; calls are independent and may run concurrently.
public struct Mediator: Sendable {
    let resolver: WrapperResolver

    /// Creates a mediator.
    /// - Parameter resolver: resolves each source's chain. Its client, error sink, depth limit and
    ///   per-request timeouts are used; its chain budget becomes each source's time left, and its
    ///   macro context is replaced by each call's.
    public init(resolver: WrapperResolver) {
        self.resolver = resolver
    }

    /// Mediates `sources` and returns the winner (if any) with the report of every source.
    ///
    /// Returns by `deadline` (at worst some 30 ms after it, when a resolution must be cancelled), and
    /// within milliseconds of the calling task's cancellation.
    /// - Parameters:
    ///   - sources: the sources; checked with ``AdSource/validate(_:)`` first (an invalid list is
    ///     reported with every source `notTried` and `MediationError.Code.invalidSources`).
    ///   - format: what the caller will show: each source's (first) ad must fit it, and the winner's
    ///     ``MediationWinner/fit`` says how; ads that do not fit are in ``MediationResult/unfit``, their
    ///     Error URLs not fired (the caller's job). `nil`: every filled ad may win, as it is.
    ///   - context: the macro values for the tag templates and for the chains' VASTAdTagURIs and
    ///     Error URIs.
    ///   - deadline: when the whole call must be over.
    ///   - privateMacros: the macros whose values in `context` the report and the error hide
    ///     (`VASTMacroRedactor.identifyingMacros` by default; empty to hide nothing).
    /// - Returns: the winner, or the error; the report in both cases. Never throws.
    public func run(
        sources: [AdSource], format: AdFormat? = nil, context: VASTMacroContext = VASTMacroContext(),
        deadline: ContinuousClock.Instant,
        privateMacros: Set<VASTMacro> = VASTMacroRedactor.identifyingMacros
    ) async -> MediationResult {
        await run(
            sources: sources, format: format, context: context, deadline: deadline, privateMacros: privateMacros,
            creatives: nil)
    }

    /// ``run(sources:format:context:deadline:privateMacros:)`` with the engine's creative hook: a fill counts
    /// once `creatives` has its creative ready (see ``CreativeCheck``).
    func run(
        sources: [AdSource], format: AdFormat?, context: VASTMacroContext, deadline: ContinuousClock.Instant,
        privateMacros: Set<VASTMacro>, creatives: CreativeCheck?
    ) async -> MediationResult {
        let start = ContinuousClock.now
        let redactor = VASTMacroRedactor(context: context, privateMacros: privateMacros)
        // Stable: tier ascending, then list order.
        let ordered = sources.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }
            .map(\.element)
        var unfit: [UnfitAd] = []
        var entries = ordered.map { source in
            SourceReport(
                source: source.name, tier: source.tier, outcome: .notTried, milliseconds: 0,
                message: "not tried")
        }
        func finish(
            _ winner: MediationWinner?, _ kind: MediationError.Code?, _ message: String,
            code: VASTErrorCode? = nil
        ) -> MediationResult {
            let report = MediationReport(
                sources: entries.map { $0.redacted(by: redactor) },
                milliseconds: start.duration(to: .now).milliseconds)
            let message = redactor.redact(message)
            return MediationResult(
                winner: winner?.redacted(by: redactor), report: report,
                error: kind.map { MediationError($0, message, vastErrorCode: code, report: report) }, unfit: unfit)
        }
        func skip(from index: Int, because reason: String) {
            for position in index..<entries.count { entries[position].message = reason }
        }

        do {
            try AdSource.validate(sources)
        } catch {
            skip(from: 0, because: "not tried: invalid source list (\(error))")
            return finish(nil, .invalidSources, error.description)
        }

        var index = 0
        while index < ordered.count {
            let tier = ordered[index].tier
            let members = Array(ordered[index...].prefix { $0.tier == tier })
            if CallStop.isCancelled {
                skip(from: index, because: "not tried: the call was cancelled")
                return finish(nil, .cancelled, "the call was cancelled")
            }
            if ContinuousClock.now >= deadline - Self.timeoutSlack {
                skip(from: index, because: "not tried: the overall deadline passed before tier \(tier)")
                return finish(
                    nil, .deadlineExceeded, "the overall deadline passed before tier \(tier)",
                    code: .wrapperTimeout)
            }
            let tierResult = await runTier(
                members, format: format, context: context, deadline: deadline, creatives: creatives)
            let (reports, winner) = (tierResult.reports, tierResult.winner)
            unfit += tierResult.unfit
            entries.replaceSubrange(index..<(index + members.count), with: reports)
            index += members.count
            if let winner {
                skip(from: index, because: "not tried: tier \(tier) filled")
                return finish(winner, nil, "")
            }
        }
        if CallStop.isCancelled { return finish(nil, .cancelled, "the call was cancelled") }
        if ContinuousClock.now >= deadline - Self.timeoutSlack {
            return finish(
                nil, .deadlineExceeded, "the overall deadline passed before any source filled",
                code: .wrapperTimeout)
        }
        if let first = unfit.first {
            return finish(
                nil, .noFit, "no source's ad can be shown as asked; \(first.source): \(first.error.message)",
                code: first.error.vastErrorCode)
        }
        return finish(nil, .noFill, "no source filled", code: .noAdsAfterWrapper)
    }
}

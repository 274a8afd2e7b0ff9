import AdPlacement
import AdResolution
import AdTransport
import VAST

extension Mediator {
    /// Runs one tier's sources in parallel and decides its winner (see ``Mediator`` for the rule).
    ///
    /// - Returns: a report entry per source, in tier order, the winner, and the ads that do not fit
    ///   `format`; no winner when every source ended without an ad that fits or the calling task was
    ///   cancelled.
    func runTier(
        _ members: [AdSource], format: AdFormat?, context: VASTMacroContext,
        deadline: ContinuousClock.Instant, creatives: CreativeCheck? = nil
    ) async -> (reports: [SourceReport], winner: MediationWinner?, unfit: [UnfitAd]) {
        var ranking = TierRanking(bids: members.map(\.bids))
        var attempts: [SourceAttempt?] = Array(repeating: nil, count: members.count)
        var decided = false
        // Keeps a source's result; true when it decides the tier, so the sources still running stop.
        func record(_ attempt: SourceAttempt, at position: Int) -> Bool {
            attempts[position] = attempt
            // Results that arrive once the winner is certain cannot outrank it (TierRanking).
            guard !decided else { return false }
            if attempt.end == .filled {
                ranking.filled(position, price: attempt.price)
            } else {
                ranking.failed(position)
            }
            decided = ranking.isDecided
            return decided
        }
        if members.count == 1 {
            // Nothing to race: the source runs in the calling task, which saves a task and two hops.
            _ = record(
                await attempt(members[0], format: format, context: context, deadline: deadline, creatives: creatives),
                at: 0)
        } else {
            await withTaskGroup(of: (Int, SourceAttempt).self) { group in
                for (position, source) in members.enumerated() {
                    group.addTask {
                        (
                            position,
                            await self.attempt(
                                source, format: format, context: context, deadline: deadline, creatives: creatives)
                        )
                    }
                }
                for await (position, attempt) in group {
                    if record(attempt, at: position) { group.cancelAll() }
                }
            }
        }

        let cancelled = CallStop.isCancelled
        let leader = cancelled ? nil : ranking.leader
        var reports: [SourceReport] = []
        var winner: MediationWinner?
        var unfit: [UnfitAd] = []
        for (position, source) in members.enumerated() {
            guard let attempt = attempts[position] else { continue }
            switch attempt.end {
            case .filled where position == leader:
                let resolution =
                    attempt.resolution
                    ?? VASTResolution(
                        hops: [], ads: [], failure: nil, findings: [],
                        errorBeacons: [])
                winner = MediationWinner(
                    source: source.name, tier: source.tier, resolution: resolution,
                    price: source.bids ? attempt.price : nil,
                    pricing: source.bids ? attempt.pricing : nil, fit: attempt.fit, creative: attempt.creative)
                reports.append(attempt.report(for: source, outcome: .won))
            case .filled:
                let reason =
                    leader.map { "filled, but \(members[$0].name) won the tier" }
                    ?? "filled, but the call was cancelled"
                reports.append(attempt.report(for: source, outcome: .filledLost, message: reason))
            case .noFill: reports.append(attempt.report(for: source, outcome: .noFill))
            case .noFit:
                reports.append(attempt.report(for: source, outcome: .noFit))
                if let error = attempt.unfit, let ad = attempt.resolution?.ads.first {
                    unfit.append(UnfitAd(source: source.name, ad: ad, error: error))
                }
            case .error: reports.append(attempt.report(for: source, outcome: .error))
            case .timeout: reports.append(attempt.report(for: source, outcome: .timeout))
            case .cancelled:
                let reason =
                    leader.map { "stopped: \(members[$0].name) won the tier" }
                    ?? "stopped: the call was cancelled"
                reports.append(attempt.report(for: source, outcome: .cancelled, message: reason))
            }
        }
        return (reports, winner, unfit)
    }
}

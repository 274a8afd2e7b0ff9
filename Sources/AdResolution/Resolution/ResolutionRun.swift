import AdTransport
import FoundationEssentials
import VAST

/// The state of one resolution: hops, findings, failed and remaining ads, error pixels so far, the
/// fetches spent and the deadline. Used by one task only.
final class ResolutionRun {
    enum Outcome {
        /// Ads to play; `pod` when they came from a pod (so a Wrapper's `sequence` does not apply).
        case ads([ResolvedAd], pod: Bool)
        /// No ad; `merged` is the InLine reached, when one was (no usable creative, blocked category).
        case failure(VASTResolutionFailure, merged: ResolvedAd?)
    }

    let resolver: WrapperResolver
    let deadline: ContinuousClock.Instant
    var hops: [VASTHop]
    var findings: [VASTFinding] = []
    var failedAds: [VASTFailedAd] = []
    var remaining: [VASTRemainingAd] = []
    var fetches = 0
    private var pixels: [Beacon] = []
    private var errorBeacons: [(url: String, code: VASTErrorCode)] = []
    private var unfiredPixels = 0
    private var fetchBudgetReported = false

    var configuration: WrapperResolverConfiguration { resolver.configuration }

    /// A run; `earlierHops` are those of the resolution it continues (their numbers stay valid).
    init(resolver: WrapperResolver, earlierHops: [VASTHop] = []) {
        self.resolver = resolver
        hops = earlierHops
        deadline = .now + resolver.configuration.chainBudget
    }

    /// Sends the error pixels collected and builds the result.
    func finish(_ outcome: Outcome) async -> VASTResolution {
        if unfiredPixels > 0 {
            findings.append(
                VASTFinding(
                    severity: .warning, category: .content, rule: "limits.error-pixels",
                    message: "\(unfiredPixels) error pixels were not fired: a resolution fires at most "
                        + "\(configuration.maxErrorPixels) (maxErrorPixels)", location: "chain"))
        }
        if !pixels.isEmpty {
            do {
                try await resolver.errorSink.enqueue(pixels)
            } catch {
                findings.append(
                    VASTFinding(
                        severity: .warning, category: .content, rule: "beacon.not-stored",
                        message: "the chain's \(pixels.count) error pixels could not be queued: \(error)",
                        location: "chain"))
            }
        }
        var ads: [ResolvedAd] = []
        var failure: VASTResolutionFailure?
        switch outcome {
        case .ads(let resolved, _): ads = resolved
        case .failure(let first, _): failure = first
        }
        if !ads.isEmpty {
            // With ads to play the resolution has no failure; say which of the offered ads will not play.
            findings += failedAds.map { failed in
                VASTFinding(
                    severity: .error, category: .content, rule: "ad.failed",
                    message: "this ad will not play (\(failed.failure)); its error pixels were fired",
                    location: "hop \(failed.hop): \(failed.location)", vastErrorCode: failed.failure.code)
            }
        }
        // Responses in the order they were reached, each one's ads in document order.
        let remaining = remaining.sorted { ($0.hop, $0.position) < ($1.hop, $1.position) }
        return VASTResolution(
            hops: hops, ads: ads, failure: failure, findings: findings, errorBeacons: errorBeacons,
            failedAds: failedAds, remaining: remaining)
    }

    /// Resolves a remaining buffet ad of an earlier resolution, in its place in that chain.
    func resolve(remaining next: VASTRemainingAd) async -> Outcome {
        let outcome = await resolve(Candidate(ad: next.ad, position: next.position), hop: next.hop, path: next.path)
        if case .failure(let failure, let merged) = outcome {
            failedAds.append(
                VASTFailedAd(
                    ad: next.ad, hop: next.hop, position: next.position, failure: failure,
                    resolved: configuration.keepsFailedAds ? merged : nil))
        }
        return outcome
    }

    // MARK: Failures

    /// Records a hop that was not fetched (limit, loop, budget, a URL that cannot be requested) and
    /// fails the chain.
    func fail(
        _ code: VASTErrorCode, _ message: String, url: String, path: ResolutionPath,
        rule: String = "wrapper.chain"
    ) -> Outcome {
        let index = hops.count
        hops.append(
            VASTHop(
                index: index, url: url, status: nil, milliseconds: 0, bytes: 0, kind: .error, outcome: message,
                errorCode: code, connectionReused: false, vastVersion: nil, counts: nil))
        // A spent fetch budget is said once; every ad it stops still gets its hop and its pixels.
        if rule != "limits.fetches" || !fetchBudgetReported {
            findings.append(
                VASTFinding(
                    severity: .error, category: .content, rule: rule, message: message,
                    location: "hop \(index): \(url)", vastErrorCode: code))
        }
        if rule == "limits.fetches" { fetchBudgetReported = true }
        return failChain(code, message, hop: index, path: path)
    }

    /// Fires `code` to the Error URIs of every Wrapper of the path, outermost first, then to
    /// `innermost` (the Error URIs of the response or InLine it failed on), and fails.
    func failChain(
        _ code: VASTErrorCode, _ message: String, hop: Int, path: ResolutionPath,
        innermost: [TrackedURL] = [], merged: ResolvedAd? = nil
    ) -> Outcome {
        fire(
            path.chain.flatMap { link in link.wrapper.common.errors.map { TrackedURL(url: $0, hop: link.hop) } }
                + innermost,
            code: code)
        return .failure(VASTResolutionFailure(code: code, message: message, hop: hop), merged: merged)
    }

    /// Queues one error pixel per URL, in order, until ``WrapperResolverConfiguration/maxErrorPixels``.
    func fire(_ urls: [TrackedURL], code: VASTErrorCode) {
        for tracked in urls where !tracked.url.isEmpty {
            guard pixels.count < max(0, configuration.maxErrorPixels) else {
                unfiredPixels += 1
                continue
            }
            let expanded = resolver.expand(tracked.url, usage: .error, code: code)
            errorBeacons.append((expanded, code))
            pixels.append(Beacon(url: expanded, event: "error", adInstance: "resolution", hop: tracked.hop))
        }
    }
}

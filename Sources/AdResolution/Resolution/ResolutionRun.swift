import AdTransport
import Foundation
import VAST

/// The state of one resolution: hops, findings and error pixels so far, and the deadline.
/// Used by one task only.
final class ResolutionRun {
    enum Outcome {
        case ads([ResolvedAd])
        case failure(VASTResolutionFailure)
    }

    let resolver: WrapperResolver
    let deadline: ContinuousClock.Instant
    var hops: [VASTHop] = []
    var findings: [VASTFinding] = []
    var pixels: [Beacon] = []
    var errorBeacons: [(url: String, code: VASTErrorCode)] = []

    init(resolver: WrapperResolver) {
        self.resolver = resolver
        deadline = .now + resolver.configuration.chainBudget
    }

    /// Sends the error pixels collected and builds the result.
    func finish(_ outcome: Outcome) async -> VASTResolution {
        if !pixels.isEmpty {
            do {
                try await resolver.errorSink.enqueue(pixels)
            } catch {
                findings.append(VASTFinding(
                    severity: .warning, category: .content, rule: "beacon.not-stored",
                    message: "the chain's \(pixels.count) error pixels could not be queued: \(error)", location: "chain"))
            }
        }
        switch outcome {
        case .ads(let ads):
            return VASTResolution(hops: hops, ads: ads, failure: nil, findings: findings, errorBeacons: errorBeacons)
        case .failure(let failure):
            return VASTResolution(hops: hops, ads: [], failure: failure, findings: findings, errorBeacons: errorBeacons)
        }
    }

    // MARK: Fetching

    /// Fetches the hop at `url` (macros already expanded) and processes its document.
    func follow(url: String, chain: [(wrapper: VASTWrapper, hop: Int)], parent: VASTWrapper?,
                visited: Set<String>, written: String? = nil) async -> Outcome {
        let index = hops.count
        let key = Self.normalize(written ?? url)
        if chain.count > resolver.configuration.maxDepth {
            return fail(.wrapperLimit, "wrapper limit reached: more than \(resolver.configuration.maxDepth) wrappers",
                        url: url, index: index, chain: chain)
        }
        if visited.contains(key) {
            return fail(.wrapper, "wrapper loop: \(url) was already requested in this chain", url: url, index: index,
                        chain: chain, rule: "wrapper.loop")
        }
        let perRequest = index == 0 ? resolver.configuration.firstRequestTimeout : resolver.configuration.laterRequestTimeout
        let requestDeadline = min(deadline, .now + perRequest)
        guard ContinuousClock.now < requestDeadline else {
            return fail(.wrapperTimeout, "the chain's time budget ran out before \(url)", url: url, index: index, chain: chain)
        }
        do {
            let response = try await resolver.client.fetch(
                HTTPRequest(url: url, maxBodyBytes: resolver.configuration.parserLimits.maxBytes), deadline: requestDeadline)
            return await process(bytes: response.body, url: url, report: response.report, chain: chain, parent: parent,
                                 visited: visited.union([key]))
        } catch {
            let report = error.report
            if error.kind == .cancelled {
                // The caller gave up: nothing failed on the ad's side, so no error pixel is fired.
                hops.append(VASTHop(index: index, url: url, status: nil, milliseconds: report.totalMilliseconds,
                                    bytes: report.bytes, kind: .error, outcome: "cancelled", errorCode: nil,
                                    connectionReused: report.connectionReused, vastVersion: nil, counts: nil))
                return .failure(VASTResolutionFailure(code: .wrapperTimeout, message: "cancelled", hop: index))
            }
            if error.kind == .noContent {
                hops.append(VASTHop(index: index, url: url, status: report.status, milliseconds: report.totalMilliseconds,
                                    bytes: report.bytes, kind: .noAd, outcome: error.message,
                                    errorCode: .noAdsAfterWrapper, connectionReused: report.connectionReused, vastVersion: nil,
                                    counts: nil))
                return failChain(.noAdsAfterWrapper, "no ad: \(error.message)", index: index, chain: chain)
            }
            hops.append(VASTHop(index: index, url: url, status: report.status == 0 ? nil : report.status,
                                milliseconds: report.totalMilliseconds, bytes: report.bytes, kind: .error,
                                outcome: "\(error.kind.rawValue): \(error.message)", errorCode: .wrapperTimeout,
                                connectionReused: report.connectionReused, vastVersion: nil, counts: nil))
            return failChain(.wrapperTimeout, "\(url) timed out or is unavailable (\(error.kind.rawValue): \(error.message))",
                             index: index, chain: chain)
        }
    }

    /// Parses a hop's bytes and resolves the ads it selects.
    func process(bytes: [UInt8], url: String, report: HTTPTransferReport?, chain: [(wrapper: VASTWrapper, hop: Int)],
                 parent: VASTWrapper?, visited: Set<String>) async -> Outcome {
        let index = hops.count
        var hop = VASTHop(index: index, url: url, status: report?.status, milliseconds: report?.totalMilliseconds ?? 0,
                          bytes: report?.bytes ?? bytes.count, kind: .error, outcome: "", errorCode: nil,
                          connectionReused: report?.connectionReused ?? false, vastVersion: nil, counts: nil)
        let result: VASTParseResult
        do {
            result = try VASTParser(limits: resolver.configuration.parserLimits).parse(bytes)
        } catch {
            hop.outcome = error.description
            hop.errorCode = error.vastErrorCode
            hop.vastVersion = error.documentVersion
            hop.counts = error.counts
            hops.append(hop)
            findings.append(VASTFinding(severity: .error, category: .content, rule: "hop.document", message: error.message,
                                        location: "hop \(index): \(url)", line: error.line, vastErrorCode: error.vastErrorCode))
            return failChain(error.vastErrorCode, "hop \(index): \(error.message)", index: index, chain: chain)
        }
        findings += result.findings.map { finding in
            var located = finding
            located.location = "hop \(index): \(finding.location)"
            return located
        }
        let document = result.document
        hop.vastVersion = document.version
        hop.counts = result.counts
        let selection = select(from: document, parent: parent)
        guard let first = selection.candidates.first else {
            hop.kind = .noAd
            hop.outcome = document.ads.isEmpty ? "no ad" : "no ad this Wrapper allows (allowMultipleAds=false)"
            hop.errorCode = .noAdsAfterWrapper
            hops.append(hop)
            fire(document.errors.map { TrackedURL(url: $0, hop: index) }, code: .noAdsAfterWrapper)
            return failChain(.noAdsAfterWrapper, "hop \(index) holds no ad", index: index, chain: chain)
        }
        hop.kind = first.wrapper != nil ? .wrapper : .inline
        hop.outcome = first.wrapper != nil ? "wrapper" : "inline"
        hops.append(hop)
        var spare = selection.buffet
        var ads: [ResolvedAd] = []
        var firstFailure: VASTResolutionFailure?
        for candidate in selection.candidates {
            var outcome = await resolve(candidate, index: index, chain: chain, parent: parent, visited: visited)
            // A failed ad is replaced by an unused stand-alone ad of the same response: the buffet
            // for a pod, or any stand-alone ad when the failed Wrapper asks for fallbackOnNoAd.
            while case .failure = outcome, !spare.isEmpty,
                  candidate.sequence != nil || candidate.wrapper?.fallbackOnNoAd == true {
                outcome = await resolve(spare.removeFirst(), index: index, chain: chain, parent: parent, visited: visited)
            }
            switch outcome {
            case .ads(let resolved): ads += resolved
            case .failure(let failure): firstFailure = firstFailure ?? failure
            }
        }
        if ads.isEmpty, let firstFailure { return .failure(firstFailure) }
        return .ads(ads)
    }

    /// Which ads of a response to play: the pod when allowed, else the first stand-alone ad;
    /// the other stand-alone ads are the buffet.
    private func select(from document: VASTDocument, parent: VASTWrapper?) -> (candidates: [VASTAd], buffet: [VASTAd]) {
        let followWrappers = parent?.followAdditionalWrappers ?? true
        let allowed = document.ads.filter { followWrappers || $0.wrapper == nil }
        let standAlone = allowed.filter { $0.sequence == nil }
        let pod = allowed.filter { $0.sequence != nil }.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
        let allowMultiple = parent?.allowMultipleAds ?? true
        if allowMultiple && !pod.isEmpty { return (pod, standAlone) }
        guard let first = standAlone.first else { return ([], []) }
        return ([first], Array(standAlone.dropFirst()))
    }

    private func resolve(_ ad: VASTAd, index: Int, chain: [(wrapper: VASTWrapper, hop: Int)], parent: VASTWrapper?,
                         visited: Set<String>) async -> Outcome {
        switch ad.content {
        case .inLine:
            guard let resolved = ResolvedAd(ad: ad, hop: index, chain: chain) else {
                return .failure(VASTResolutionFailure(code: .trafficking, message: "not an InLine", hop: index))
            }
            if let blocked = resolved.blockedCategory {
                fire(resolved.errors, code: .categoryBlocked)
                return .failure(VASTResolutionFailure(
                    code: .categoryBlocked,
                    message: "category \(blocked.category.value) is blocked by the Wrapper at hop \(blocked.hop)", hop: index))
            }
            return .ads([resolved])
        case .wrapper(let wrapper):
            let nextChain = chain + [(wrapper, index)]
            guard let written = wrapper.vastAdTagURI, !written.isEmpty else {
                return failChain(.wrapper, "the Wrapper at hop \(index) has no VASTAdTagURI", index: index, chain: nextChain)
            }
            let url = resolver.expand(written, usage: .vastAdTagURI, code: nil)
            return await follow(url: url, chain: nextChain, parent: wrapper, visited: visited, written: written)
        }
    }

    // MARK: Failures

    /// Records a hop that was not fetched (limit, loop, budget) and fails the chain.
    private func fail(_ code: VASTErrorCode, _ message: String, url: String, index: Int,
                      chain: [(wrapper: VASTWrapper, hop: Int)], rule: String = "wrapper.chain") -> Outcome {
        hops.append(VASTHop(index: index, url: url, status: nil, milliseconds: 0, bytes: 0, kind: .error, outcome: message,
                            errorCode: code, connectionReused: false, vastVersion: nil, counts: nil))
        findings.append(VASTFinding(severity: .error, category: .content, rule: rule, message: message,
                                    location: "hop \(index): \(url)", vastErrorCode: code))
        return failChain(code, message, index: index, chain: chain)
    }

    /// Fires `code` to the Error URIs of every Wrapper in the chain and fails.
    private func failChain(_ code: VASTErrorCode, _ message: String, index: Int,
                           chain: [(wrapper: VASTWrapper, hop: Int)]) -> Outcome {
        fire(chain.flatMap { link in link.wrapper.common.errors.map { TrackedURL(url: $0, hop: link.hop) } }, code: code)
        return .failure(VASTResolutionFailure(code: code, message: message, hop: index))
    }

    private func fire(_ urls: [TrackedURL], code: VASTErrorCode) {
        for tracked in urls where !tracked.url.isEmpty {
            let expanded = resolver.expand(tracked.url, usage: .error, code: code)
            errorBeacons.append((expanded, code))
            pixels.append(Beacon(url: expanded, event: "error", adInstance: "resolution", hop: tracked.hop))
        }
    }

    /// The URL as a loop-detection key: scheme and host lowercased, default port and fragment dropped.
    static func normalize(_ url: String) -> String {
        var text = url.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        guard let schemeEnd = text.range(of: "://") else { return text }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        let rest = text[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var host = rest[..<hostEnd].lowercased()
        if (scheme == "http" && host.hasSuffix(":80")) || (scheme == "https" && host.hasSuffix(":443")) {
            host = String(host[..<(host.lastIndex(of: ":") ?? host.endIndex)])
        }
        var path = String(rest[hostEnd...])
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        return scheme + "://" + host + path
    }
}

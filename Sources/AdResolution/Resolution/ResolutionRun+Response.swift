import AdTransport
import VAST

extension ResolutionRun {
    /// An `<Ad>` of a response and its index among the response's ads.
    struct Candidate {
        let ad: VASTAd
        let position: Int
    }

    /// The ads of a response to play, and the stand-alone ads beside them.
    struct Selection {
        /// The pod in sequence order, or the first stand-alone ad.
        var candidates: [Candidate]
        /// The other stand-alone ads: stand-ins for failed pod ads, then the resolution's remaining ads.
        var buffet: [Candidate]
        /// True when the candidates are a pod.
        var isPod: Bool
    }

    /// Parses a hop's bytes and resolves the ads it selects.
    func process(bytes: [UInt8], transfer: HopTransfer, path: ResolutionPath) async -> Outcome {
        let index = hops.count
        var hop = VASTHop(
            index: index, url: transfer.url, status: transfer.status, milliseconds: transfer.milliseconds,
            bytes: transfer.bytes, kind: .error, outcome: "", errorCode: nil,
            connectionReused: transfer.connectionReused, vastVersion: nil, counts: nil)
        let result: VASTParseResult
        do {
            let parser = VASTParser(limits: configuration.parserLimits, urlValidator: CurlURLValidator.validator)
            // The chain's deadline stops a parse that would outlast it (a document that makes libxml2 work).
            result = try parser.parse(bytes, deadline: deadline)
        } catch {
            // A parse the deadline stopped is the chain's time running out: a timeout, as for a fetch.
            let code = error.code == .timedOut ? .wrapperTimeout : error.vastErrorCode
            hop.outcome = error.description
            hop.errorCode = code
            hop.vastVersion = error.documentVersion
            hop.counts = error.counts
            hops.append(hop)
            if error.code == .cancelled {
                // The caller gave up: nothing failed on the ad's side, so no error pixel is fired.
                return .failure(
                    VASTResolutionFailure(code: .wrapperTimeout, message: "cancelled", hop: index), merged: nil)
            }
            findings.append(
                VASTFinding(
                    severity: .error, category: .content, rule: "hop.document", message: error.message,
                    location: "hop \(index): \(transfer.url)", line: error.line, vastErrorCode: code))
            return failChain(code, "hop \(index): \(error.message)", hop: index, path: path)
        }
        findings += result.findings.map { finding in
            var located = finding
            located.location = "hop \(index): \(finding.location)"
            return located
        }
        let document = result.document
        hop.vastVersion = document.version
        hop.counts = result.counts
        let selection = select(from: document, hop: index, parent: path.parent)
        guard let first = selection.candidates.first else {
            hop.kind = .noAd
            hop.outcome = document.ads.isEmpty ? "no ad" : "no ad this Wrapper allows (allowMultipleAds=false)"
            hop.errorCode = .noAdsAfterWrapper
            hops.append(hop)
            return failChain(
                .noAdsAfterWrapper, "hop \(index) holds no ad", hop: index, path: path,
                innermost: document.errors.map { TrackedURL(url: $0, hop: index) })
        }
        hop.kind = first.ad.isWrapper ? .wrapper : .inline
        hop.outcome = first.ad.isWrapper ? "wrapper" : "inline"
        hops.append(hop)
        return await play(selection, hop: index, path: path)
    }

    /// Resolves each selected ad in turn; a failed one is replaced by an unused stand-alone ad of the
    /// same response (the buffet) when it is a pod ad or a Wrapper that asks for fallbackOnNoAd.
    private func play(_ selection: Selection, hop index: Int, path: ResolutionPath) async -> Outcome {
        var spare = selection.buffet
        var ads: [ResolvedAd] = []
        var failures: [VASTFailedAd] = []
        var fromPod = selection.isPod
        for candidate in selection.candidates where !CallStop.isCancelled {
            var current = candidate
            attempts: while true {
                switch await resolve(current, hop: index, path: path) {
                case .ads(var resolved, let pod):
                    fromPod = fromPod || pod
                    if current.position != candidate.position, !pod, resolved.count == 1,
                        let slot = candidate.ad.sequence
                    {
                        // A buffet ad stands in for a pod ad: it plays in that ad's place.
                        resolved[0].sequence = slot
                    }
                    ads += resolved
                    break attempts
                case .failure(let failure, let merged):
                    failures.append(
                        VASTFailedAd(
                            ad: current.ad, hop: index, position: current.position, failure: failure,
                            resolved: configuration.keepsFailedAds ? merged : nil))
                    let replaceable = candidate.ad.sequence != nil || candidate.ad.wrapper?.fallbackOnNoAd == true
                    guard replaceable, !spare.isEmpty, !CallStop.isCancelled else { break attempts }
                    current = spare.removeFirst()
                }
            }
        }
        // A failure that ends this response's part is the parent's failed ad; one beside ads that play
        // (or in the tag's own response) is listed here.
        let isTop = path.chain.isEmpty
        if isTop || !ads.isEmpty { failedAds += failures }
        if isTop || path.parent?.allowMultipleAds == true {
            remaining += spare.map { VASTRemainingAd(ad: $0.ad, hop: index, position: $0.position, path: path) }
        }
        guard ads.isEmpty else { return .ads(ads, pod: fromPod) }
        let failure =
            failures.first?.failure ?? VASTResolutionFailure(code: .wrapperTimeout, message: "cancelled", hop: index)
        return .failure(failure, merged: failures.first?.resolved)
    }

    /// Which ads of a response to play: the pod when allowed, else the first stand-alone ad; the other
    /// stand-alone ads are the buffet. Only the first ``WrapperResolverConfiguration/maxAdsPerResponse``
    /// ads are considered.
    private func select(from document: VASTDocument, hop: Int, parent: VASTWrapper?) -> Selection {
        let limit = max(0, configuration.maxAdsPerResponse)
        if document.ads.count > limit {
            findings.append(
                VASTFinding(
                    severity: .warning, category: .content, rule: "limits.ads-per-response",
                    message: "the response holds \(document.ads.count) ads; only the first \(limit) are considered "
                        + "(maxAdsPerResponse)", location: "hop \(hop): /VAST"))
        }
        let followWrappers = parent?.followAdditionalWrappers ?? true
        // One pass, each ad copied once: the allowed ads split into stand-alone ones and pod ones.
        var standAlone: [Candidate] = []
        var pod: [Candidate] = []
        for position in 0..<min(limit, document.ads.count)
        where followWrappers || !document.ads[position].isWrapper {
            let candidate = Candidate(ad: document.ads[position], position: position)
            if candidate.ad.sequence == nil {
                standAlone.append(candidate)
            } else {
                pod.append(candidate)
            }
        }
        pod.sort { ($0.ad.sequence ?? 0, $0.position) < ($1.ad.sequence ?? 0, $1.position) }
        if parent?.allowMultipleAds ?? true, !pod.isEmpty {
            return Selection(candidates: pod, buffet: standAlone, isPod: true)
        }
        guard let first = standAlone.first else { return Selection(candidates: [], buffet: [], isPod: false) }
        return Selection(candidates: [first], buffet: Array(standAlone.dropFirst()), isPod: false)
    }

    /// Resolves one ad: an InLine is merged with its chain and checked; a Wrapper is followed.
    func resolve(_ candidate: Candidate, hop index: Int, path: ResolutionPath) async -> Outcome {
        let ad = candidate.ad
        switch ad.content {
        case .inLine:
            guard let resolved = ResolvedAd(ad: ad, hop: index, chain: path.chain, limits: configuration.mergeLimits)
            else {
                return .failure(
                    VASTResolutionFailure(code: .trafficking, message: "not an InLine", hop: index), merged: nil)
            }
            findings += resolved.findings
            if let blocked = resolved.blockedCategory {
                fire(resolved.errors, code: .categoryBlocked)
                return .failure(
                    VASTResolutionFailure(
                        code: .categoryBlocked,
                        message: "category \(blocked.category.value) is blocked by the Wrapper at hop \(blocked.hop)",
                        hop: index),
                    merged: resolved)
            }
            guard resolved.hasUsableCreative else {
                let message =
                    "the InLine has no usable creative (a Linear with a MediaFile, or a NonLinear or Companion "
                    + "with a resource), so it is no ad"
                findings.append(
                    VASTFinding(
                        severity: .error, category: .content, rule: "ad.no-usable-creative",
                        message: message, location: "hop \(index): /VAST/Ad[\(candidate.position + 1)]/InLine",
                        vastErrorCode: .noAdsAfterWrapper))
                // VAST-FACTS 4: 303 to the InLine's Error URIs and every Wrapper's (merged, outermost first).
                fire(resolved.errors, code: .noAdsAfterWrapper)
                return .failure(
                    VASTResolutionFailure(code: .noAdsAfterWrapper, message: message, hop: index), merged: resolved)
            }
            return .ads([resolved], pod: false)
        case .wrapper(let wrapper):
            let next = path.entering(wrapper, at: index)
            guard let written = wrapper.vastAdTagURI, !written.isEmpty else {
                return failChain(.wrapper, "the Wrapper at hop \(index) has no VASTAdTagURI", hop: index, path: next)
            }
            let expanded = resolver.expand(written, usage: .vastAdTagURI, code: nil)
            let outcome = await follow(written: written, expanded: expanded, path: next)
            // VAST-FACTS 4: the Wrapper Ad's sequence passes to the one ad it resolves to, not into a pod.
            guard case .ads(var resolved, pod: false) = outcome, resolved.count == 1, let sequence = ad.sequence else {
                return outcome
            }
            resolved[0].sequence = sequence
            return .ads(resolved, pod: false)
        }
    }
}

extension VASTAd {
    /// True for a Wrapper ad; unlike `wrapper != nil`, it copies no body.
    fileprivate var isWrapper: Bool {
        if case .wrapper = content { return true }
        return false
    }
}

import AdErrors
import AdTransport
import FoundationEssentials
import VAST

extension ResolutionRun {
    /// Requests the document a VASTAdTagURI (or the tag URL) names and processes it.
    ///
    /// `expanded` (macros filled) is resolved against the base of `path` per RFC 3986 and must then
    /// be an http(s) URL, or a `file:` URL where ``refusal(of:path:)`` allows one; otherwise the hop
    /// fails with 300 and nothing is requested. The loop key is `written` (before macros) resolved
    /// the same way, so a cache buster cannot hide a loop.
    func follow(written: String, expanded: String, path: ResolutionPath) async -> Outcome {
        if path.chain.count > configuration.maxDepth {
            return fail(
                .wrapperLimit, "wrapper limit reached: more than \(configuration.maxDepth) wrappers",
                url: expanded, path: path)
        }
        let target: AbsoluteURL
        do {
            target = try path.resolve(expanded)
        } catch {
            let context =
                path.base == nil ? " (a relative reference needs the URL of its document, and there is none)" : ""
            return fail(
                .wrapper,
                "\(path.chain.isEmpty ? "the tag URL" : "the VASTAdTagURI") is not a URL\(context): "
                    + error.message, url: expanded, path: path, rule: "wrapper.uri")
        }
        if let refusal = refusal(of: target, path: path) {
            return fail(.wrapper, refusal, url: target.string, path: path, rule: "wrapper.uri")
        }
        // The tag URL and a VASTAdTagURI without macros are written as expanded: no second parse.
        let key = (written == expanded ? target : (try? path.resolve(written)) ?? target).comparisonKey
        if path.visited.contains(key) {
            return fail(
                .wrapper, "wrapper loop: \(target) was already requested in this chain", url: target.string,
                path: path, rule: "wrapper.loop")
        }
        guard fetches < max(0, configuration.maxFetches) else {
            return fail(
                .wrapperLimit,
                "the resolution's budget of \(configuration.maxFetches) fetches is spent "
                    + "(maxFetches): \(target) and the hops after it were not fetched",
                url: target.string, path: path, rule: "limits.fetches")
        }
        let perRequest = hops.isEmpty ? configuration.firstRequestTimeout : configuration.laterRequestTimeout
        let requestDeadline = min(deadline, .now + perRequest)
        guard ContinuousClock.now < requestDeadline else {
            return fail(
                .wrapperTimeout, "the chain's time budget ran out before \(target)", url: target.string, path: path)
        }
        fetches += 1
        var next = path
        next.visited.insert(key)
        if target.scheme == "file" { return await read(target, path: next) }
        return await fetch(target, deadline: requestDeadline, path: next)
    }

    /// Why `target` may not be requested from the document `path` is in; `nil` when it may.
    private func refusal(of target: AbsoluteURL, path: ResolutionPath) -> String? {
        if target.isHTTP { return nil }
        guard target.scheme == "file" else {
            return "\(target) uses the scheme \(target.scheme); only http and https are fetched"
        }
        guard configuration.allowsFileURLs else {
            return "\(target) is a local file; the resolver follows file: URLs only when allowed (allowsFileURLs)"
        }
        // The tag itself, given by the user, or a document read from a file: never one from the network.
        guard path.isLocal || (path.base == nil && path.chain.isEmpty) else {
            return "\(target) is a local file named by a document that was not read from a file; only a local "
                + "document may lead to a local file"
        }
        return nil
    }

    private func fetch(_ target: AbsoluteURL, deadline: ContinuousClock.Instant, path: ResolutionPath) async -> Outcome
    {
        let index = hops.count
        let url = target.string
        do {
            let response = try await resolver.client.fetch(
                HTTPRequest(url: url, maxBodyBytes: configuration.parserLimits.maxBytes), deadline: deadline)
            var next = path
            // RFC 3986 section 5.1.3: after redirects, the base is the URL that answered.
            // Without a redirect curl answers with the URL it was given: `target`, already parsed.
            let effective = response.report.effectiveURL
            next.base = effective == url ? target : (try? AbsoluteURL(parsing: effective)) ?? target
            return await process(
                bytes: response.body, transfer: HopTransfer(url: url, report: response.report), path: next)
        } catch {
            let report = error.report
            let transfer = HopTransfer(url: url, report: report)
            if error.code == .cancelled {
                // The caller gave up: nothing failed on the ad's side, so no error pixel is fired.
                record(transfer, kind: .error, outcome: "cancelled", code: nil)
                return .failure(
                    VASTResolutionFailure(code: .wrapperTimeout, message: "cancelled", hop: index), merged: nil)
            }
            if error.code == .noContent {
                record(transfer, kind: .noAd, outcome: error.message, code: .noAdsAfterWrapper)
                return failChain(.noAdsAfterWrapper, "no ad: \(error.message)", hop: index, path: path)
            }
            // VAST 4.3 section 2.3.6.3: 301 is the timeout or unavailability of a Wrapper's VASTAdTagURI. The
            // tag's own request has no code in the table: it is named for what happened (status or transport).
            guard !path.chain.isEmpty else {
                record(transfer, kind: .error, outcome: "\(error.code.description): \(error.message)", code: nil)
                var failure = VASTResolutionFailure(
                    code: nil, message: "the tag's own request to \(url) failed: \(Self.label(error))", hop: index)
                failure.requestError = error
                return .failure(failure, merged: nil)
            }
            record(
                transfer, kind: .error, outcome: "\(error.code.description): \(error.message)", code: .wrapperTimeout)
            return failChain(
                .wrapperTimeout, "\(url) timed out or is unavailable (\(error.code.description): \(error.message))",
                hop: index, path: path)
        }
    }

    private func read(_ target: AbsoluteURL, path: ResolutionPath) async -> Outcome {
        let index = hops.count
        let start = ContinuousClock.now
        switch LocalFile.contents(of: target, limit: configuration.parserLimits.maxBytes) {
        case .success(let bytes):
            var next = path
            next.base = target
            let transfer = HopTransfer(
                url: target.string, milliseconds: (ContinuousClock.now - start).milliseconds,
                bytes: bytes.count)
            return await process(bytes: bytes, transfer: transfer, path: next)
        case .failure(let error):
            record(
                HopTransfer(url: target.string, bytes: 0), kind: .error, outcome: error.message, code: .wrapperTimeout)
            return failChain(.wrapperTimeout, "\(target) is unavailable: \(error.message)", hop: index, path: path)
        }
    }

    /// A failed request for people: `HTTP 404` for a status, else the transport error's code and message.
    static func label(_ error: HTTPError) -> String {
        if error.code == .badStatus, let status = error.status { return "HTTP \(status)" }
        return "\(error.code.description): \(error.message)"
    }

    /// Appends a hop whose document was not processed.
    private func record(_ transfer: HopTransfer, kind: VASTHop.Kind, outcome: String, code: VASTErrorCode?) {
        hops.append(
            VASTHop(
                index: hops.count, url: transfer.url, status: transfer.status,
                milliseconds: transfer.milliseconds, bytes: transfer.bytes, kind: kind, outcome: outcome,
                errorCode: code, connectionReused: transfer.connectionReused, vastVersion: nil, counts: nil))
    }
}

extension Duration {
    /// The duration in milliseconds, fractional.
    fileprivate var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}

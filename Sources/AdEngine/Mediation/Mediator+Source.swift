import AdResolution
import AdTransport
import VAST

extension Mediator {
    /// How long past a source's deadline its resolution may take to hand back its result (the
    /// resolver's own budget ends at the deadline; this covers parsing and error-pixel hand-off)
    /// before the source is cancelled.
    static let grace: Duration = .milliseconds(25)

    /// How early before a deadline it counts as reached: curl's timeouts are whole milliseconds,
    /// rounded down, so a chain that ran out of budget can return just before its deadline. A 301
    /// that late is the source's timeout, and no tier starts with less time than this left.
    static let timeoutSlack: Duration = .milliseconds(5)

    /// Runs one source until it answers, its deadline passes or the calling task is cancelled.
    ///
    /// The resolver's chain budget is the source's time left, so a chain that runs out fails with
    /// 301 and fires its error pixels; a timer `grace` later cancels the resolution if it has not
    /// returned by then. Never throws; a cancelled calling task gives ``SourceAttempt/End/cancelled``.
    func attempt(
        _ source: AdSource, context: VASTMacroContext,
        deadline: ContinuousClock.Instant
    ) async -> SourceAttempt {
        let start = ContinuousClock.now
        let sourceDeadline = min(start + source.timeout, deadline)
        var configuration = resolver.configuration
        configuration.chainBudget = start.duration(to: sourceDeadline)
        let chainResolver = WrapperResolver(
            client: resolver.client, errorSink: resolver.errorSink,
            configuration: configuration, macros: context)
        let url: String?
        if case .tag(let template) = source.kind {
            url = VASTMacroExpander.expand(template, context: context, usage: .vastAdTagURI).url
        } else {
            url = nil
        }

        enum Step: Sendable {
            case resolved(VASTResolution)
            case expired
            case stopped
        }
        // The first step decides the race; the resolution is still collected when the timer or a
        // cancellation came first (it returns within milliseconds of being cancelled), for its hops.
        let (step, resolution) = await withTaskGroup(of: Step.self) { group in
            group.addTask {
                switch source.kind {
                case .tag: .resolved(await chainResolver.resolve(tagURL: url ?? ""))
                case .document(let xml):
                    .resolved(await chainResolver.resolve(document: Array(xml.utf8), source: source.name))
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(until: sourceDeadline + Self.grace, clock: .continuous)
                    return .expired
                } catch {
                    return .stopped
                }
            }
            let first = await group.next() ?? .stopped
            group.cancelAll()
            var resolution: VASTResolution?
            if case .resolved(let value) = first { resolution = value }
            for await case .resolved(let value) in group { resolution = value }
            return (first, resolution)
        }

        let end = ContinuousClock.now
        var attempt = SourceAttempt(
            end: .cancelled, resolution: resolution,
            milliseconds: start.duration(to: end).milliseconds, url: url, message: "",
            errorCode: nil, pricing: nil)
        let limit =
            deadline < start + source.timeout
            ? "the overall deadline passed after \(Int(attempt.milliseconds)) ms"
            : "no answer within its timeout of \(Int(source.timeout.milliseconds)) ms"
        switch step {
        case .resolved(let resolution) where !resolution.ads.isEmpty:
            attempt.end = .filled
            attempt.pricing = SourceAttempt.pricing(of: resolution)
            attempt.message = "filled: \(resolution.ads.count) ad(s) after \(resolution.hops.count) hop(s)"
        case .resolved where Task.isCancelled:
            attempt.message = "stopped while running"
        case .resolved(let resolution):
            let failure = resolution.failure
            attempt.errorCode = failure?.code ?? .undefined
            attempt.message = failure?.message ?? "no ad"
            if failure?.code == .noAdsAfterWrapper {
                attempt.end = .noFill
            } else if failure?.code == .wrapperTimeout && end >= sourceDeadline - Self.timeoutSlack {
                attempt.end = .timeout
                attempt.message = "\(limit): \(attempt.message)"
            } else {
                attempt.end = .error
            }
        case .expired where !Task.isCancelled:
            attempt.end = .timeout
            attempt.errorCode = .wrapperTimeout
            attempt.message = limit
        case .expired, .stopped:
            attempt.message = "stopped while running"
        }
        return attempt
    }
}

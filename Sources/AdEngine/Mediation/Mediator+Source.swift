import AdPlacement
import AdResolution
import AdTransport
import VAST

extension Mediator {
    /// How long past a source's deadline its resolution may take to hand back its result (the
    /// resolver's own budget ends at the deadline; this covers parsing and error-pixel hand-off):
    /// the hand-off is cut off then, and a result that comes later is the source's timeout.
    static let grace: Duration = .milliseconds(25)

    /// How early before a deadline it counts as reached: curl's timeouts are whole milliseconds,
    /// rounded down, so a chain that ran out of budget can return just before its deadline. A 301
    /// that late is the source's timeout, and no tier starts with less time than this left.
    static let timeoutSlack: Duration = .milliseconds(5)

    /// Runs one source until it answers, its deadline passes or the calling task is cancelled.
    ///
    /// The resolver's chain budget is the source's time left, so every fetch ends by the source's
    /// deadline and a chain that runs out fails with 301 and fires its error pixels. The resolution
    /// runs in the calling task: cancelling it stops the fetch in flight. The only other wait, handing
    /// the error pixels to the sink, is cut off `grace` after the deadline (``CutOffBeaconSink``), and a
    /// resolution that returns after that is the source's timeout, whatever it found. An ad it found is
    /// then checked against `format` (``check(_:format:)``). Never throws; a cancelled calling task gives
    /// ``SourceAttempt/End/cancelled``.
    func attempt(
        _ source: AdSource, format: AdFormat?, context: VASTMacroContext,
        deadline: ContinuousClock.Instant, creatives: CreativeCheck? = nil
    ) async -> SourceAttempt {
        let start = ContinuousClock.now
        let sourceDeadline = min(start + source.timeout, deadline)
        let cutOff = sourceDeadline + Self.grace
        var configuration = resolver.configuration
        configuration.chainBudget = start.duration(to: sourceDeadline)
        let chainResolver = WrapperResolver(
            client: resolver.client, errorSink: CutOffBeaconSink(base: resolver.errorSink, cutOff: cutOff),
            configuration: configuration, macros: context)
        let url: String?
        let resolution: VASTResolution
        switch source.kind {
        case .tag(let template):
            let expanded = VASTMacroExpander.expand(template, context: context, usage: .vastAdTagURI).url
            url = expanded
            resolution = await chainResolver.resolve(tagURL: expanded)
        case .document(let xml):
            url = nil
            resolution = await chainResolver.resolve(document: Array(xml.utf8), source: source.name)
        }

        enum Step {
            case resolved(VASTResolution)
            case expired
            case stopped
        }
        // A cancelled call stops the source whatever the resolution brought back (it returns within
        // milliseconds of being cancelled); one that came back after the cut-off ran out of time.
        let step: Step =
            CallStop.isCancelled ? .stopped : ContinuousClock.now >= cutOff ? .expired : .resolved(resolution)

        let end = ContinuousClock.now
        let milliseconds = start.duration(to: end).milliseconds
        var attempt = SourceAttempt(
            end: .cancelled, resolution: resolution, milliseconds: milliseconds, url: url, message: "",
            errorCode: nil, pricing: nil)
        // Built only for a timeout: formatting it for every source would cost every call.
        func limit() -> String {
            deadline < start + source.timeout
                ? "the overall deadline passed after \(Int(milliseconds)) ms"
                : "no answer within its timeout of \(Int(source.timeout.milliseconds)) ms"
        }
        switch step {
        case .resolved(let resolution) where !resolution.ads.isEmpty:
            attempt.end = .filled
            attempt.pricing = SourceAttempt.pricing(of: resolution)
            attempt.message = "filled: \(resolution.ads.count) ad(s) after \(resolution.hops.count) hop(s)"
        case .resolved(let resolution):
            let failure = resolution.failure
            // The tag's own request failing has no IAB code (its status or transport error is in the message).
            attempt.errorCode = failure == nil ? .undefined : failure?.code
            attempt.message = failure?.message ?? "no ad"
            if failure?.code == .noAdsAfterWrapper {
                attempt.end = .noFill
            } else if failure?.code == .wrapperTimeout || failure?.requestError != nil,
                end >= sourceDeadline - Self.timeoutSlack
            {
                attempt.end = .timeout
                attempt.message = "\(limit()): \(attempt.message)"
            } else {
                attempt.end = .error
            }
        case .expired:
            attempt.end = .timeout
            // What timed out decides the code, not which timer this task saw first on a busy machine: the
            // tag's own request has none (as when it comes back in time), a Wrapper's hop 301.
            let ownRequest = resolution.failure.map { $0.code == nil && $0.requestError != nil } ?? false
            attempt.errorCode = ownRequest ? nil : .wrapperTimeout
            attempt.message = limit()
        case .stopped:
            attempt.message = "stopped while running"
        }
        check(&attempt, format: format)
        if let creatives {
            await creatives.check(&attempt, resolver: chainResolver, deadline: deadline)
            // The ad made ready may be a later one of the pod or the buffet: the fit is that ad's.
            check(&attempt, format: format)
        }
        return attempt
    }
}

import AdLifecycle
import AdPlacement
import AdResolution
import AdTransport
import Creatives
import Foundation
import VAST

/// One `getAd` call from the checks made before anything is asked to the `Ad` or the typed error.
extension AdEngine {
    /// The public call that asked: the format it may ask for, and how to name it in a message.
    enum Call: Sendable {
        /// `getAd(for:)`, or `getAd(for:in:)` with a handle.
        case fullScreen(withHandle: Bool)
        /// `getBottomBannerAd(for:maxHeight:)`, or `getBottomBannerAd(for:in:maxHeight:)` with a handle.
        case bottomBanner(maxHeight: CGFloat, withHandle: Bool)

        var kind: AdFormat.Kind {
            switch self {
            case .fullScreen: .fullScreenVideo
            case .bottomBanner: .bottomBanner
            }
        }

        /// The call's name, or with `kind` the name of the call of the same shape that asks for it.
        func name(for kind: AdFormat.Kind? = nil) -> String {
            let withHandle: Bool
            switch self {
            case .fullScreen(let handle), .bottomBanner(_, let handle): withHandle = handle
            }
            switch kind ?? self.kind {
            case .fullScreenVideo: return withHandle ? "getAd(for:in:)" : "getAd(for:)"
            case .bottomBanner:
                return withHandle ? "getBottomBannerAd(for:in:maxHeight:)" : "getBottomBannerAd(for:maxHeight:)"
            }
        }
    }

    func load(
        _ request: AdRequestInfo, in presentation: PresentationHandle, call: Call
    ) async throws(AdEngineError) -> Ad {
        var context = AdEventContext(
            requestID: RequestID.make(), placement: request.placement,
            collectionId: request.collectionId, itemId: request.itemId, adId: nil, presentation: presentation)
        contexts[context.requestID] = context
        emit(.requested, context)
        do {
            let ad = try await mediate(request, in: presentation, call: call, context: &context)
            contexts[context.requestID] = context
            emit(.loaded(source: ad.source), context)
            return ad
        } catch {
            emit(.failed(error.code, message: error.message), context)
            throw error
        }
    }

    /// The mistakes of the caller, each refused before any source is asked (so no partner hears of them).
    private func check(_ request: AdRequestInfo, call: Call) throws(AdEngineError) {
        if isClosed {
            throw AdEngineError(
                .engineClosed, "the engine was closed (close()): make a new AdEngine to ask for ads")
        }
        if let format = request.placement.format, format != call.kind {
            let shape = format == .bottomBanner ? "a bottom banner" : "a full-screen placement"
            throw AdEngineError(
                .wrongMethod,
                "\(request.placement) is \(shape): ask for it with \(call.name(for: format)), not \(call.name())")
        }
        // A space no banner can fit is the caller's mistake: say so before asking any source for an ad.
        if case .bottomBanner(let maxHeight, _) = call, !(maxHeight.isFinite && maxHeight >= 1) {
            throw AdEngineError(
                .invalidRequest, "maxHeight must be a finite number of at least 1 point, not \(maxHeight)")
        }
    }

    private func mediate(
        _ request: AdRequestInfo, in presentation: PresentationHandle, call: Call, context: inout AdEventContext
    ) async throws(AdEngineError) -> Ad {
        try check(request, call: call)
        let decision: PlacementDecision
        do {
            decision = try ledger.decide(request: request, in: presentation, now: configuration.clock())
        } catch {
            throw AdEngineError(.presentationNotOpen, error.message)
        }
        guard decision.allowed else {
            throw AdEngineError(.placementDisabled, decision.message, decision: decision)
        }
        let macros = request.applyingMacroValues(to: configuration.macros)
        let format: AdFormat
        switch call {
        case .fullScreen:
            format = .fullScreenVideo(
                supportedMediaTypes: configuration.supportedMediaTypes, playerSize: request.playerSize)
        case .bottomBanner(let maxHeight, _):
            format = .bottomBanner(maxHeight: maxHeight, maxWidth: request.playerSize?.width)
        }
        var (result, stop) = await mediation(
            of: decision.sources.map(AdSource.init), format: format, macros: macros, for: request,
            instance: context.requestID, in: presentation)
        result.report.presentation = presentation
        if let stop {
            throw AdEngineError(
                stop == .presentationClosed ? .presentationClosed : .engineClosed,
                stop == .presentationClosed
                    ? "presentation \(presentation.id) was closed while the call was in flight: its sources were "
                        + "stopped and nothing of it counts"
                    : "the engine was closed (close()) while the call was in flight: its sources were stopped",
                decision: decision, report: result.report)
        }
        let instance = context.requestID
        func plan(_ ad: ResolvedAd, _ assetURI: String?) -> TrackingPlan {
            TrackingPlan(ad: ad, adInstanceID: instance, assetURI: assetURI, macros: macros)
        }
        for unfit in result.unfit {
            fireErrors(of: plan(unfit.ad, nil), code: unfit.error.vastErrorCode)
        }
        guard let winner = result.winner, let resolved = winner.ads.first, let fit = winner.fit else {
            throw Self.failure(result.error, report: result.report, decision: decision, format: format)
        }
        context.adId = resolved.ad.id
        let hooks = AdHooks(
            buffer: buffer, events: broadcast, ledger: ledger, placement: request.placement,
            presentation: presentation, clock: configuration.clock)
        let creatives = resolved.inLine.creatives
        switch fit {
        case .video(let index, let chosen):
            // A creative made ready is the rendition that was downloaded and verified: an earlier choice may
            // have been refused.
            let mediaFile = winner.creative?.mediaFile ?? chosen
            return Ad(
                context: context, decision: decision, report: result.report, source: winner.source,
                resolved: resolved, creativeId: creatives[index].id, mediaFile: mediaFile, banner: nil,
                readyCreative: winner.creative, plan: plan(resolved, mediaFile.url), pod: winner.ads, macros: macros,
                hooks: hooks, supportedMediaTypes: configuration.supportedMediaTypes, playerSize: request.playerSize)
        case .banner(let banner):
            let creativeId = creatives.indices.contains(banner.creativeIndex) ? creatives[banner.creativeIndex].id : nil
            return Ad(
                context: context, decision: decision, report: result.report, source: winner.source,
                resolved: resolved, creativeId: creativeId, mediaFile: nil, banner: banner,
                readyCreative: winner.creative, plan: plan(resolved, nil), pod: winner.ads, macros: macros,
                hooks: hooks, supportedMediaTypes: configuration.supportedMediaTypes, playerSize: request.playerSize)
        }
    }

    /// Runs the mediation as a call in flight that closing `presentation` or the engine stops: in the
    /// caller's task (so the caller's cancellation cancels it), with a ``CallStop`` that the mediation's
    /// fetches, parses and checks heed as they heed that cancellation, and an error sink that sends nothing
    /// once the call is stopped. (A task of its own, as before, cost two thread wake-ups per call: about
    /// 0.08 ms of CPU back to back, half of a getAd's with document sources.) With a creative cache, a
    /// source's ad counts once its creative is ready (``CreativeCheck``), and the error pixels of creatives
    /// refused go through the same gate.
    /// - Returns: the mediation's result, and why the call was stopped, if it was.
    private func mediation(
        of sources: [AdSource], format: AdFormat, macros: VASTMacroContext, for request: AdRequestInfo,
        instance: String, in presentation: PresentationHandle
    ) async -> (result: MediationResult, stop: InFlightCalls.Stop?) {
        let sink = GatedBeaconSink(base: dispatcher)
        let creatives = creativeCheck(
            for: request, format: format,
            pixels: CreativeErrorPixels(
                buffer: buffer, macros: macros, instance: instance, clock: configuration.clock, gate: sink))
        let mediator = Mediator(
            resolver: WrapperResolver(
                client: client, errorSink: sink, configuration: configuration.resolver, macros: configuration.macros))
        let deadline = ContinuousClock.now + configuration.overallTimeout
        let privateMacros = privateMacros
        let stop = CallStop()
        // Both task-local values are references, bound from locals (a larger value crashed the optimised
        // build's withValue: the lowering freed a temporary out of the task allocator's order).
        let parseStop = VASTParser.Stop { stop.isStopped }
        let id = calls.add(stop, sink: sink, in: presentation)
        let result = await CallStop.$current.withValue(stop) {
            await VASTParser.$stop.withValue(parseStop) {
                await mediator.run(
                    sources: sources, format: format, context: macros, deadline: deadline,
                    privateMacros: privateMacros, creatives: creatives)
            }
        }
        stop.finish()
        return (result, calls.remove(id))
    }

    /// Sends an ad's Error URLs with `code` through the durable dispatcher.
    private func fireErrors(of plan: TrackingPlan, code: VASTErrorCode?) {
        guard let code else { return }
        let moment = BeaconMoment(now: configuration.clock(), errorCode: code)
        buffer.append(
            plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map { request in
                Beacon(url: request.url, event: request.dedupeEvent, adInstance: request.adInstanceID, hop: request.hop)
            })
    }

    func emit(_ kind: AdEngineEvent.Kind, _ context: AdEventContext) {
        broadcast.yield(AdEngineEvent(kind: kind, context: context, date: configuration.clock()))
    }

    private static func failure(
        _ error: MediationError?, report: MediationReport, decision: PlacementDecision, format: AdFormat
    ) -> AdEngineError {
        guard let error else { return AdEngineError(.noFill, "no source filled", decision: decision, report: report) }
        switch error.code {
        case .cancelled:
            return AdEngineError(.cancelled, error.message, decision: decision, report: report)
        case .deadlineExceeded:
            return AdEngineError(
                .timedOut, error.message, decision: decision, report: report,
                vastErrorCode: error.vastErrorCode)
        case .invalidSources:
            return AdEngineError(.invalidConfiguration, error.message, decision: decision, report: report)
        case .noFit:
            return AdEngineError(
                format.kind == .bottomBanner ? .noFittingBanner : .noPlayableCreative, error.message,
                decision: decision, report: report, vastErrorCode: error.vastErrorCode)
        case .noFill:
            let failed = report.sources.contains { $0.outcome == .error || $0.outcome == .timeout }
            return AdEngineError(
                failed ? .allSourcesFailed : .noFill, error.message, decision: decision,
                report: report, vastErrorCode: error.vastErrorCode)
        default:
            return AdEngineError(
                .allSourcesFailed, error.message, decision: decision, report: report,
                vastErrorCode: error.vastErrorCode)
        }
    }
}

import AdLifecycle
public import AdPlacement
import AdResolution
public import AdTransport
import Foundation
import VAST

/// The entry point the app SDK links: asks for a full-screen ad or a bottom banner for a slot and
/// returns a playable ad or a typed reason why not.
///
/// An actor: pacing state (the open presentations with their opt-in and items viewed, the ads shown)
/// lives here; `getAd` calls may overlap. Each player on screen opens its own presentation
/// (``openPresentation(_:collectionId:configuration:name:)``) and passes the handle with its inputs and
/// requests (``getAd(for:in:)``); the single-presentation calls (``presentationStarted(_:)``,
/// ``itemViewed()``, ``getAd(for:)``, ``getBottomBannerAd(for:maxHeight:)``) are a thin layer over one
/// default presentation, `PresentationHandle.default`. Every call checks the placement
/// policy (tenant settings and the presentation's opt-in, both must allow), mediates across the
/// placement's sources (tiers, timeouts, prices) within ``AdEngineConfiguration/overallTimeout``, and
/// picks the creative. Beacons of the returned ad's sessions and controllers go, in batches through a bounded
/// buffer, to a durable dispatcher; their impressions count toward the caps before the input that logged
/// them returns (a lock-protected pacing ledger the engine and its sessions share).
public actor AdEngine {
    /// Engine and ad events with their request's context, for the app's analytics.
    ///
    /// Each read makes a new stream that receives every event from then on, in the order they happened
    /// (an ad's session events in firing order); any number of consumers may listen, each sees every
    /// event. A consumer that falls more than 100,000 events behind loses the oldest. The streams finish
    /// when the engine is released.
    public nonisolated var events: AsyncStream<AdEngineEvent> { broadcast.subscribe() }

    private let configuration: AdEngineConfiguration
    private let client: HTTPClient
    private let dispatcher: BeaconDispatcher

    /// Set when the beacon store was found damaged at start: the damaged file was moved aside (see
    /// `BeaconStoreRecovery.movedTo`) and a fresh one made, so the beacons it held are lost.
    /// Also on ``events`` as a `beaconStore` event, for consumers that subscribed early enough.
    public nonisolated let beaconStoreRecovery: BeaconStoreRecovery?
    private let buffer: BeaconBuffer
    private let mediator: Mediator
    private let broadcast: EventBroadcast<AdEngineEvent>
    let ledger: PacingLedger
    private let contexts: RecentContexts
    /// The macros whose values reports hide, from the configuration (the same for every call).
    private let privateMacros: Set<VASTMacro>
    /// The number the next engine-chosen handle tries (`presentation-N`).
    var presentationCounter = 1

    /// Builds an engine, checking the whole configuration first.
    /// - Throws: ``AdEngineError`` of kind `AdEngineError.Code.invalidConfiguration` whose message
    ///   names every bad field (`settings.placements.clipsPreRoll.sources[0].timeoutMilliseconds ...`).
    public init(configuration: AdEngineConfiguration) throws(AdEngineError) {
        let problems = configuration.problems()
        guard problems.isEmpty else {
            throw AdEngineError(
                .invalidConfiguration, problems.map { "\($0.field) \($0.message)" }.joined(separator: "; "))
        }
        do {
            client = try HTTPClient(configuration: configuration.http)
        } catch {
            throw AdEngineError(.invalidConfiguration, "http \(error.message)")
        }
        do {
            dispatcher = try BeaconDispatcher(
                storePath: configuration.beaconStorePath, client: client, configuration: configuration.beacons)
        } catch {
            throw AdEngineError(.invalidConfiguration, "beaconStorePath: \(error)")
        }
        self.configuration = configuration
        privateMacros =
            configuration.redactsPrivateValues
            ? VASTMacroRedactor.identifyingMacros.union(configuration.settings.privateMacros) : []
        let broadcast = EventBroadcast<AdEngineEvent>()
        let contexts = RecentContexts()
        let clock = configuration.clock
        self.broadcast = broadcast
        self.contexts = contexts
        buffer = BeaconBuffer(sink: dispatcher) { refused in
            for beacon in refused {
                let outcome = BeaconOutcome(.rejected, beacon: beacon, attempts: 0, error: "the beacon buffer is full")
                broadcast.yield(
                    AdEngineEvent(kind: .beacon(outcome), context: contexts[beacon.adInstance], date: clock()))
            }
        } failed: { error in
            broadcast.yield(AdEngineEvent(kind: .beaconStore(.storeFailed(error)), context: nil, date: clock()))
        }
        beaconStoreRecovery = dispatcher.recovery
        mediator = Mediator(
            resolver: WrapperResolver(
                client: client, errorSink: dispatcher, configuration: configuration.resolver,
                macros: configuration.macros))
        ledger = PacingLedger(settings: configuration.settings)
        let results = dispatcher.results
        Task {
            for await outcome in results {
                broadcast.yield(
                    AdEngineEvent(kind: .beacon(outcome), context: contexts[outcome.beacon.adInstance], date: clock()))
            }
        }
        let storeEvents = dispatcher.events
        Task {
            for await event in storeEvents {
                broadcast.yield(AdEngineEvent(kind: .beaconStore(event), context: nil, date: clock()))
            }
        }
    }

    deinit {
        broadcast.finish()
    }

    // MARK: Pacing inputs

    /// A new app session: session caps start again.
    public func sessionStarted() { ledger.sessionStarted() }

    /// The default presentation started again with its local opt-in (`nil`: not opted in to pre-roll or
    /// banner): its items and per-presentation ads start over.
    ///
    /// The single-presentation call: it acts on `PresentationHandle.default` only, which
    /// ``getAd(for:)``, ``getBottomBannerAd(for:maxHeight:)`` and ``itemViewed()`` use. An app with more than
    /// one player open at once opens one presentation per player instead.
    public func presentationStarted(_ configuration: ClipsAdConfiguration?) {
        ledger.defaultPresentationStarted(configuration)
    }

    /// The user viewed an item (a clip, a story page) of the default presentation: counts toward "first
    /// after N, every M" there.
    public func itemViewed() {
        // The default presentation is always open, so this cannot throw.
        try? ledger.itemViewed(in: .default)
    }

    // MARK: Delivery

    /// Waits until every beacon the engine's ads fired so far has been stored, then until each stored
    /// beacon has been tried once (sent, and its answer recorded), or `deadline` passes.
    ///
    /// Call it when the app goes to the background, before ``suspendDelivery()``. A beacon whose first
    /// try failed stays stored and is retried after its backoff (or at the next launch); flushing does not
    /// wait out retries (pass `until: .drained` for that). Cancelling the calling task returns promptly.
    /// - Returns: `true` when every stored beacon was tried; `false` at the deadline.
    public func flush(
        deadline: ContinuousClock.Instant = .now + .seconds(10),
        until goal: BeaconDispatcher.FlushGoal = .triedOnce
    ) async -> Bool {
        await buffer.drained()
        return await dispatcher.flush(deadline: deadline, until: goal)
    }

    /// Stops sending (the app went to the background): sends in flight are cancelled and queued again;
    /// new beacons are still stored. Returns when the sends in flight have been recorded.
    public func suspendDelivery() async { await dispatcher.stop() }

    /// Sends again after ``suspendDelivery()``: what was stored meanwhile goes out in order.
    public func resumeDelivery() async { await dispatcher.start() }

    /// Gives up the beacon store at once (its file lock too), so that another engine may open the same
    /// file; what was stored and not yet sent stays in it for the next engine. The engine sends no beacon
    /// after this (its ads' later beacons are refused and reported rejected); releasing the engine does
    /// the same, a little later.
    public func close() async {
        await buffer.drained()
        await dispatcher.close()
    }

    // MARK: Getting ads

    /// A full-screen ad (pre-roll, between items, between pages) for `request`.
    ///
    /// Asks in the default presentation (see ``presentationStarted(_:)``); ``getAd(for:in:)`` asks in a
    /// presentation of its own.
    /// - Returns: an ad with a media file this player supports.
    /// - Throws: ``AdEngineError``: placement disabled (with the decision), no fill, timed out, all
    ///   sources failed (with the report), no playable creative, cancelled.
    public func getAd(for request: AdRequestInfo) async throws(AdEngineError) -> Ad {
        try await load(request, in: .default, maxHeight: nil)
    }

    /// A bottom banner for `request` whose height fits `maxHeight` (scaled down where the creative allows).
    ///
    /// Asks in the default presentation (see ``presentationStarted(_:)``);
    /// ``getBottomBannerAd(for:in:maxHeight:)`` asks in a presentation of its own.
    /// - Throws: ``AdEngineError``; when no creative fits, `AdEngineError.Code.noFittingBanner` after
    ///   firing 601 (companions) or 501 (non-linears) to the ad's Error URLs.
    public func getBottomBannerAd(for request: AdRequestInfo, maxHeight: Int) async throws(AdEngineError) -> Ad {
        try await load(request, in: .default, maxHeight: maxHeight)
    }

    func load(
        _ request: AdRequestInfo, in presentation: PresentationHandle, maxHeight: Int?
    ) async throws(AdEngineError) -> Ad {
        var context = AdEventContext(
            requestID: RequestID.make(), placement: request.placement,
            collectionId: request.collectionId, itemId: request.itemId, adId: nil, presentation: presentation)
        contexts[context.requestID] = context
        emit(.requested, context)
        do {
            let ad = try await mediate(request, in: presentation, maxHeight: maxHeight, context: &context)
            contexts[context.requestID] = context
            emit(.loaded(source: ad.source), context)
            return ad
        } catch {
            emit(.failed(error.code, message: error.message), context)
            throw error
        }
    }

    private func mediate(
        _ request: AdRequestInfo, in presentation: PresentationHandle, maxHeight: Int?, context: inout AdEventContext
    ) async throws(AdEngineError) -> Ad {
        // A space no banner can fit is the caller's mistake: say so before asking any source for an ad.
        if let maxHeight, maxHeight < 1 {
            throw AdEngineError(.invalidRequest, "maxHeight must be at least 1 point, not \(maxHeight)")
        }
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
        var result = await mediator.run(
            sources: decision.sources.map(AdSource.init), context: macros,
            deadline: .now + configuration.overallTimeout,
            privateMacros: privateMacros)
        result.report.presentation = presentation
        guard let winner = result.winner, let resolved = winner.ads.first else {
            throw Self.failure(result.error, report: result.report, decision: decision)
        }
        context.adId = resolved.ad.id
        let instance = context.requestID
        func plan(_ assetURI: String?) -> TrackingPlan {
            TrackingPlan(ad: resolved, adInstanceID: instance, assetURI: assetURI, macros: macros)
        }
        let hooks = AdHooks(
            buffer: buffer, events: broadcast, ledger: ledger, placement: request.placement,
            presentation: presentation, clock: configuration.clock)
        let pod = winner.ads
        if let maxHeight {
            let banner: BannerChoice
            do {
                banner = try BottomBanner.choose(
                    from: resolved, maxHeight: maxHeight, maxWidth: request.playerSize?.width)
            } catch {
                fireErrors(of: plan(nil), codes: error.vastErrorCodes)
                throw AdEngineError(
                    .noFittingBanner, error.message, decision: decision, report: result.report,
                    vastErrorCode: error.vastErrorCodes.first)
            }
            let creativeId =
                resolved.inLine.creatives.indices.contains(banner.creativeIndex)
                ? resolved.inLine.creatives[banner.creativeIndex].id : nil
            return Ad(
                context: context, decision: decision, report: result.report, source: winner.source,
                resolved: resolved, creativeId: creativeId, mediaFile: nil, banner: banner, plan: plan(nil),
                pod: pod, macros: macros, hooks: hooks, supportedMediaTypes: configuration.supportedMediaTypes,
                playerSize: request.playerSize)
        }
        let linearCreative = resolved.inLine.creatives.first { $0.linear != nil }
        guard let linear = linearCreative?.linear,
            let mediaFile = MediaFileSelector.choose(
                from: linear, supported: configuration.supportedMediaTypes, playerSize: request.playerSize)
        else {
            fireErrors(of: plan(nil), codes: [.noSupportedMediaFile])
            throw AdEngineError(
                .noPlayableCreative,
                "the ad has no media file of a supported type "
                    + "(\(configuration.supportedMediaTypes.joined(separator: ", ")))",
                decision: decision, report: result.report, vastErrorCode: .noSupportedMediaFile)
        }
        return Ad(
            context: context, decision: decision, report: result.report, source: winner.source,
            resolved: resolved, creativeId: linearCreative?.id, mediaFile: mediaFile, banner: nil,
            plan: plan(mediaFile.url), pod: pod, macros: macros, hooks: hooks,
            supportedMediaTypes: configuration.supportedMediaTypes, playerSize: request.playerSize)
    }

    /// Sends an ad's Error URLs with `codes` (the first) through the durable dispatcher.
    private func fireErrors(of plan: TrackingPlan, codes: [VASTErrorCode]) {
        guard let code = codes.first else { return }
        let moment = BeaconMoment(now: configuration.clock(), errorCode: code)
        buffer.append(
            plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map { request in
                Beacon(url: request.url, event: request.dedupeEvent, adInstance: request.adInstanceID, hop: request.hop)
            })
    }

    private func emit(_ kind: AdEngineEvent.Kind, _ context: AdEventContext) {
        broadcast.yield(AdEngineEvent(kind: kind, context: context, date: configuration.clock()))
    }

    private static func failure(_ error: MediationError?, report: MediationReport, decision: PlacementDecision)
        -> AdEngineError
    {
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

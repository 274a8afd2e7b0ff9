import AdLifecycle
public import AdPlacement
public import AdTransport
import Creatives
public import Foundation
import VAST

/// The entry point the app SDK links: asks for a full-screen ad or a bottom banner for a slot and
/// returns a playable ad or a typed reason why not.
///
/// An actor: pacing state (the open presentations with their opt-in and items viewed, the ads shown)
/// lives here; `getAd` calls may overlap. Each player on screen opens its own presentation
/// (``openPresentation(_:collectionId:configuration:name:)``) and passes the handle with its inputs and
/// requests (``getAd(for:in:)``); the single-presentation calls (``presentationStarted(_:)``,
/// ``itemViewed()``, ``getAd(for:)``, ``getBottomBannerAd(for:maxHeight:)``) are a thin layer over one
/// default presentation, `PresentationHandle.default`. Every call first refuses the caller's mistakes
/// (the wrong call for the placement, a `maxHeight` that is no height, a closed engine), checks the
/// placement policy (tenant settings and the presentation's opt-in, both must allow), then mediates across
/// the placement's sources (tiers, timeouts, prices) within ``AdEngineConfiguration/overallTimeout``, each
/// source's ad checked against the request's format (a playable media file, or a banner that fits), and
/// returns the winner's creative. Closing the presentation or the engine stops the calls in flight
/// (``closePresentation(_:)``, ``close()``). Beacons of the returned ad's sessions and controllers go, in
/// batches through a bounded buffer, to a durable dispatcher; their impressions count toward the caps
/// before the input that logged them returns (a lock-protected pacing ledger the engine and its sessions
/// share).
public actor AdEngine {
    /// Engine and ad events with their request's context, for the app's analytics.
    ///
    /// Each read makes a new stream that receives every event from then on, in the order they happened
    /// (an ad's session events in firing order); any number of consumers may listen, each sees every
    /// event. A consumer that falls more than 100,000 events behind loses the oldest. The streams finish
    /// when the engine is released.
    public nonisolated var events: AsyncStream<AdEngineEvent> { broadcast.subscribe() }

    let configuration: AdEngineConfiguration
    let client: HTTPClient
    let dispatcher: BeaconDispatcher

    /// Set when the beacon store was found damaged at start: the damaged file was moved aside (see
    /// `BeaconStoreRecovery.movedTo`) and a fresh one made, holding the pending beacons that could
    /// still be read from it (`BeaconStoreRecovery.recoveredBeacons`); the rest are lost.
    /// Also on ``events`` as a `beaconStore` event, for consumers that subscribed early enough.
    public nonisolated let beaconStoreRecovery: BeaconStoreRecovery?
    let buffer: BeaconBuffer
    let broadcast: EventBroadcast<AdEngineEvent>
    /// The creative cache and its probe, when the configuration has creative settings.
    let creatives: CreativeLoader?
    let ledger: PacingLedger
    let contexts: RecentContexts
    /// The macros whose values reports hide, from the configuration (the same for every call).
    let privateMacros: Set<VASTMacro>
    /// The number the next engine-chosen handle tries (`presentation-N`).
    var presentationCounter = 1
    /// The `getAd` calls in flight, which closing their presentation or the engine stops.
    var calls = InFlightCalls()
    /// Set by ``close()``: every later `getAd` fails before asking anything.
    var isClosed = false

    /// Builds an engine, checking the whole configuration first.
    /// - Throws: ``AdEngineError`` of kind `AdEngineError.Code.invalidConfiguration` whose message
    ///   names every bad field (`settings.placements.clipsPreRoll.sources[0].timeoutMilliseconds ...`);
    ///   `AdEngineError.Code.unavailable` when SQLite, which the beacon store needs, cannot be loaded.
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
            if error.code == .unavailable {
                throw AdEngineError(.unavailable, "the beacon store needs SQLite: \(error.message)")
            }
            throw AdEngineError(.invalidConfiguration, "beaconStorePath: \(error)")
        }
        creatives = try Self.creativeLoader(configuration.creatives, client: client)
        self.configuration = configuration
        privateMacros =
            configuration.redactsPrivateValues
            ? VASTMacroRedactor.identifyingMacros.union(configuration.settings.privateMacros) : []
        let broadcast = EventBroadcast<AdEngineEvent>()
        let contexts = RecentContexts()
        let clock = configuration.clock
        self.broadcast = broadcast
        self.contexts = contexts
        buffer = BeaconBuffer(sink: dispatcher) { refused, reason in
            let error =
                switch reason {
                case .full: "the beacon buffer is full"
                case .closed: "the engine was closed (AdEngine.close()): nothing fired after it is stored or sent"
                }
            for beacon in refused {
                let outcome = BeaconOutcome(.rejected, beacon: beacon, attempts: 0, error: error)
                broadcast.yield(
                    AdEngineEvent(kind: .beacon(outcome), context: contexts[beacon.adInstance], date: clock()))
            }
        } failed: { error in
            broadcast.yield(AdEngineEvent(kind: .beaconStore(.storeFailed(error)), context: nil, date: clock()))
        }
        beaconStoreRecovery = dispatcher.recovery
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

    // MARK: Getting ads

    /// A full-screen ad (pre-roll, between items, between pages) for `request`.
    ///
    /// Asks in the default presentation (see ``presentationStarted(_:)``); ``getAd(for:in:)`` asks in a
    /// presentation of its own.
    /// - Returns: an ad with a media file this player supports.
    /// - Throws: ``AdEngineError``: placement disabled (with the decision), no fill, timed out, all
    ///   sources failed (with the report), no playable creative, cancelled; `wrongMethod` for the bottom
    ///   banner placement and `engineClosed` after ``close()``, both before any source is asked.
    public func getAd(for request: AdRequestInfo) async throws(AdEngineError) -> Ad {
        try await load(request, in: .default, call: .fullScreen(withHandle: false))
    }

    /// A bottom banner for `request` whose height fits `maxHeight` (scaled down where the creative allows).
    ///
    /// Asks in the default presentation (see ``presentationStarted(_:)``);
    /// ``getBottomBannerAd(for:in:maxHeight:)`` asks in a presentation of its own. Every source's ad is
    /// checked against the space: one with no banner that fits is that source's `noFit` in the report, and
    /// the next source or tier is tried.
    /// - Parameters:
    ///   - request: the slot; its placement must be a bottom banner (`clipsBottomBanner`).
    ///   - maxHeight: the height available, in points, as the app's layout gives it: a finite number of
    ///     at least 1. A fraction is kept (a 50-point banner fits 50.5, not 49.99).
    /// - Throws: ``AdEngineError``; `invalidRequest` for a `maxHeight` that is NaN, infinite or below 1,
    ///   `wrongMethod` for a full-screen placement, `engineClosed` after ``close()``, each before any source
    ///   is asked; when no source's ad fits, `AdEngineError.Code.noFittingBanner` after firing 601
    ///   (companions) or 501 (non-linears) to each such ad's Error URLs.
    public func getBottomBannerAd(for request: AdRequestInfo, maxHeight: CGFloat) async throws(AdEngineError) -> Ad {
        try await load(request, in: .default, call: .bottomBanner(maxHeight: maxHeight, withHandle: false))
    }
}

public import FoundationEssentials
public import VAST

/// One play of one ad: the single place the host reports player, web-view, screen and user events, and
/// the single ordered stream of what they caused. ``SessionControllers`` are its method-style views
/// (the unit, video and MRAID controllers).
///
/// It owns the ad instance's unit, video, MRAID, companion or banner, icon, verification and viewability
/// state (a ``SessionLifecycle``), and needs no engine: an ad (`ResolvedAd`), the creative played and a
/// beacon sink are enough, so fixtures, the CLI and tests drive it as the app SDK does.
///
/// **Threads.** Every method may be called from any thread; inputs are serialized by a lock, so the
/// state never sees two at once. **Order.** The events of one input are delivered in firing order
/// (callbacks before the beacons they explain; see ORDERING.md), and inputs are delivered in the order
/// the lock admitted them. Delivery hands the input's beacons to `beaconSink` as one batch, then each
/// event to the `observer` and to every ``events`` stream. It happens before the method returns, except
/// when the call is made from inside a delivery (an observer reacting to a click) or while another thread
/// is delivering: then that delivery, already running, hands it over right after what it is delivering.
/// `impressionLogged` runs inside the lock, before the input that logged the impression returns, so a
/// frequency cap sees it before anything else can ask.
public final class AdSession: Sendable {
    private let delivery: OrderedDelivery<SessionLifecycle>
    private let clock: @Sendable () -> Date

    /// Creates the session of one play of `ad`.
    /// - Parameters:
    ///   - ad: the InLine merged with its Wrappers.
    ///   - creative: the creative played.
    ///   - configuration: the instance, macros, player state and MRAID container.
    ///   - clock: stamps each input (`[TIMESTAMP]`, viewability time); default the system clock.
    ///   - beaconSink: receives each input's beacons as one batch, in firing order.
    ///   - observer: receives every event, in order, synchronously (see the type's documentation).
    ///   - impressionLogged: called with the input's time when the impression is logged, before that
    ///     input returns.
    /// - Throws: `noSuchCreative` when the creative is not in the ad.
    public init(
        ad: ResolvedAd, creative: SessionCreative, configuration: AdSessionConfiguration,
        clock: @escaping @Sendable () -> Date = { Date() },
        beaconSink: @escaping @Sendable ([BeaconRequest]) -> Void,
        observer: (@Sendable (SessionEvent) -> Void)? = nil,
        impressionLogged: (@Sendable (Date) -> Void)? = nil
    ) throws(SessionError) {
        delivery = OrderedDelivery(
            try SessionLifecycle(ad: ad, creative: creative, configuration: configuration), beaconSink: beaconSink,
            observer: observer, impressionLogged: impressionLogged)
        self.clock = clock
    }

    /// A new stream of every event from now on (callbacks and beacons, in firing order). Each read makes
    /// a new subscriber; any number may listen and each sees every event after it subscribed. The stream
    /// finishes when the session is released.
    public var events: AsyncStream<SessionEvent> { delivery.events }

    /// The session's state: its parts' lifecycles and what counted already (a copy).
    public var lifecycle: SessionLifecycle { delivery.read { $0 } }

    /// Companions the host may show, with their tracking (index them in `companionShown`).
    public var companions: [SessionCompanion] { delivery.read { $0.companions } }
    /// Icons of the linear creative (index them in `iconShown`).
    public var icons: [SessionIcon] { delivery.read { $0.icons } }
    /// Verification scripts the host should load; report the ones it cannot run.
    public var verifications: [SessionVerification] { delivery.read { $0.verifications } }
    /// The NonLinear of an overlay session, with its minimum suggested duration.
    public var nonLinear: SessionNonLinear? { delivery.read { $0.nonLinear } }
    /// The playhead the session knows, in seconds.
    public var playhead: TimeInterval? { delivery.read { $0.playheadMs.map(SessionTime.seconds) } }

    /// Sets whether the player starts muted (then its first unmute fires), before the player reported a
    /// duration or progress: no callback, no beacon. For a host that made the session before it knew.
    /// - Throws: `playbackStarted` once the player reported a duration or progress; `notLinear` for an ad
    ///   that is not a video.
    public func playerStartsMuted(_ muted: Bool) throws(SessionError) {
        _ = try delivery.step(at: clock()) { lifecycle throws(SessionError) -> [SessionEvent] in
            guard var video = lifecycle.video else { throw SessionError(.notLinear) }
            guard video.presetMuted(muted) else { throw SessionError(.playbackStarted) }
            lifecycle.video = video
            return []
        }
    }

    /// Handles one input, stamped with the clock, and delivers what it caused.
    /// - Returns: the events it caused, in firing order (empty for a documented no-op).
    /// - Throws: ``SessionError``; nothing changed and nothing was delivered.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let now = clock()
        return try delivery.step(at: now) { lifecycle throws(SessionError) in try lifecycle.send(input, at: now) }
    }
}

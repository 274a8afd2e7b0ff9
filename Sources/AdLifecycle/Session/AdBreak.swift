public import FoundationEssentials
public import VAST

/// A pod played as one break: the ads one after another, each a session of its own, with break-level
/// events (`breakStarted`, `adStarted` n of m, `adEnded`, `breakEnded`) on the same ordered stream as the
/// ads' own events. The host reports to the break exactly as to an ``AdSession``; inputs go to the ad
/// playing now. Threads, order and delivery are as for ``AdSession``.
public final class AdBreak: Sendable {
    private let delivery: OrderedDelivery<AdBreakLifecycle>
    private let clock: @Sendable () -> Date

    /// Creates a break; nothing fires until ``start()``.
    /// - Parameters:
    ///   - pod: the pod's ads, in sequence order.
    ///   - buffet: stand-alone ads that fill the slot of an ad that fails.
    ///   - configuration: the break's instance id (each ad's is `<id>-<slot>`), macros and player state.
    ///   - mediaFile: picks the file each ad plays from its first Linear, filling its `[ASSETURI]`; an ad
    ///     it finds none for fails its slot with 403 (see ``AdBreakLifecycle``). `nil`: no picking,
    ///     `[ASSETURI]` stays as written.
    ///   - clock: stamps each input.
    ///   - beaconSink: each input's beacons, as one batch.
    ///   - observer: every event, in order.
    ///   - impressionLogged: called for each ad's impression before the input that logged it returns.
    public init(
        pod: [ResolvedAd], buffet: [ResolvedAd] = [], configuration: AdSessionConfiguration,
        mediaFile: (@Sendable (VASTLinear) -> VASTMediaFile?)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        beaconSink: @escaping @Sendable ([BeaconRequest]) -> Void,
        observer: (@Sendable (SessionEvent) -> Void)? = nil,
        impressionLogged: (@Sendable (Date) -> Void)? = nil
    ) {
        delivery = OrderedDelivery(
            AdBreakLifecycle(pod: pod, buffet: buffet, configuration: configuration, mediaFile: mediaFile),
            beaconSink: beaconSink, observer: observer, impressionLogged: impressionLogged)
        self.clock = clock
    }

    /// A new stream of every event from now on; see ``AdSession/events``.
    public var events: AsyncStream<SessionEvent> { delivery.events }

    /// The break's state (a copy): the ad playing, its slot, the buffet left.
    public var lifecycle: AdBreakLifecycle { delivery.read { $0 } }

    /// Starts the break: `breakStarted` and the first ad's `adStarted`.
    @discardableResult
    public func start() -> [SessionEvent] {
        let now = clock()
        return delivery.step(at: now) { (lifecycle: inout AdBreakLifecycle) -> [SessionEvent] in
            lifecycle.start(at: now)
        }
    }

    /// Hands one input to the ad playing now.
    /// - Throws: ``SessionError``; nothing changed.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let now = clock()
        return try delivery.step(at: now) { lifecycle throws(SessionError) in try lifecycle.send(input, at: now) }
    }
}

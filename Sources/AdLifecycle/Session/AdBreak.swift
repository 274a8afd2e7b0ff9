public import Foundation
import Synchronization
public import VAST

/// A pod played as one break: the ads one after another, each a session of its own, with break-level
/// events (`breakStarted`, `adStarted` n of m, `adEnded`, `breakEnded`) on the same ordered stream as the
/// ads' own events. The host reports to the break exactly as to an ``AdSession``; inputs go to the ad
/// playing now. Threads, order and delivery are as for ``AdSession``.
public final class AdBreak: Sendable {
    private struct Core: Sendable {
        var lifecycle: AdBreakLifecycle
        var pending: [[SessionEvent]] = []
        var delivering = false
    }

    private let core: Mutex<Core>
    private let broadcast = EventBroadcast<SessionEvent>()
    private let clock: @Sendable () -> Date
    private let beaconSink: @Sendable ([BeaconRequest]) -> Void
    private let observer: (@Sendable (SessionEvent) -> Void)?
    private let impressionLogged: (@Sendable (Date) -> Void)?

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
        core = Mutex(
            Core(
                lifecycle: AdBreakLifecycle(
                    pod: pod, buffet: buffet, configuration: configuration, mediaFile: mediaFile)))
        self.clock = clock
        self.beaconSink = beaconSink
        self.observer = observer
        self.impressionLogged = impressionLogged
    }

    deinit { broadcast.finish() }

    /// A new stream of every event from now on; see ``AdSession/events``.
    public var events: AsyncStream<SessionEvent> { broadcast.subscribe() }

    /// The break's state (a copy): the ad playing, its slot, the buffet left.
    public var lifecycle: AdBreakLifecycle { core.withLock { $0.lifecycle } }

    /// Starts the break: `breakStarted` and the first ad's `adStarted`.
    @discardableResult
    public func start() -> [SessionEvent] {
        let now = clock()
        return deliver(at: now) { (lifecycle: inout AdBreakLifecycle) -> [SessionEvent] in lifecycle.start(at: now) }
    }

    /// Hands one input to the ad playing now.
    /// - Throws: ``SessionError``; nothing changed.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let now = clock()
        var failure: SessionError?
        let events = deliver(at: now) { (lifecycle: inout AdBreakLifecycle) -> [SessionEvent] in
            do throws(SessionError) {
                return try lifecycle.send(input, at: now)
            } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
        return events
    }

    private func deliver(at now: Date, _ step: (inout AdBreakLifecycle) -> [SessionEvent]) -> [SessionEvent] {
        let impressionLogged = self.impressionLogged
        let (events, deliver) = core.withLock { core -> ([SessionEvent], Bool) in
            let events = step(&core.lifecycle)
            if let impressionLogged {
                for case .callback(.impressionWillBeLogged) in events { impressionLogged(now) }
            }
            guard !events.isEmpty else { return (events, false) }
            core.pending.append(events)
            guard !core.delivering else { return (events, false) }
            core.delivering = true
            return (events, true)
        }
        guard deliver else { return events }
        while let batch = core.withLock({ core -> [SessionEvent]? in
            guard !core.pending.isEmpty else {
                core.delivering = false
                return nil
            }
            return core.pending.removeFirst()
        }) {
            let beacons = batch.compactMap(\.beacon)
            if !beacons.isEmpty { beaconSink(beacons) }
            for event in batch {
                broadcast.yield(event)
                observer?(event)
            }
        }
        return events
    }
}

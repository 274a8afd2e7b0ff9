import FoundationEssentials
import Synchronization

/// The ordered hand-off that ``AdSession`` and ``AdBreak`` share: a state that inputs step under one
/// lock, and the delivery of what each step caused.
///
/// The events of one step queue in the order the lock admitted the steps; one caller at a time drains
/// the queue, handing each step's beacons to `beaconSink` as one batch, then each event to every
/// ``events`` stream and to `observer`. A step made from inside a delivery (an observer reacting to a
/// click) or while another thread delivers is queued and delivered by the delivery already running,
/// right after what it is delivering. `impressionLogged` runs inside the lock, once per impression the
/// step logged, before the step returns.
final class OrderedDelivery<State: Sendable>: Sendable {
    private struct Core: Sendable {
        var state: State
        var pending: [[SessionEvent]] = []
        var delivering = false
    }

    private let core: Mutex<Core>
    private let broadcast = EventBroadcast<SessionEvent>()
    private let beaconSink: @Sendable ([BeaconRequest]) -> Void
    private let observer: (@Sendable (SessionEvent) -> Void)?
    private let impressionLogged: (@Sendable (Date) -> Void)?

    init(
        _ state: State, beaconSink: @escaping @Sendable ([BeaconRequest]) -> Void,
        observer: (@Sendable (SessionEvent) -> Void)?, impressionLogged: (@Sendable (Date) -> Void)?
    ) {
        core = Mutex(Core(state: state))
        self.beaconSink = beaconSink
        self.observer = observer
        self.impressionLogged = impressionLogged
    }

    deinit { broadcast.finish() }

    /// A new stream of every event delivered from now on.
    var events: AsyncStream<SessionEvent> { broadcast.subscribe() }

    /// Reads the state under the lock.
    func read<Value: Sendable>(_ body: (State) -> Value) -> Value { core.withLock { body($0.state) } }

    /// Steps the state with one input made at `now`, then delivers (or queues) what it caused.
    /// - Returns: the events the step caused, in firing order.
    /// - Throws: what `body` throws; then nothing changed and nothing is delivered.
    func step<Failure: Error>(at now: Date, _ body: (inout State) throws(Failure) -> [SessionEvent])
        throws(Failure) -> [SessionEvent]
    {
        let impressionLogged = self.impressionLogged
        let (events, delivers) = try core.withLock { core throws(Failure) -> ([SessionEvent], Bool) in
            let events = try body(&core.state)
            if let impressionLogged {
                for case .callback(.unit(.impressionWillBeLogged)) in events { impressionLogged(now) }
            }
            guard !events.isEmpty else { return (events, false) }
            core.pending.append(events)
            guard !core.delivering else { return (events, false) }
            core.delivering = true
            return (events, true)
        }
        if delivers { deliverPending() }
        return events
    }

    private func deliverPending() {
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
    }
}

import AdTransport
import FoundationEssentials
import Synchronization

/// Beacons on their way to the durable store: a bounded buffer that a single task empties in batches,
/// one store transaction each, in arrival order.
///
/// `append` never blocks (it is called inside a session input on the app's thread): it queues and
/// returns. Past ``capacity`` queued beacons, the newest are refused and reported (`rejected`), so a
/// store that stalls cannot grow memory without bound; after ``close()`` every beacon is refused and
/// reported. ``drained()`` waits until everything appended before the call has been handed to the store.
final class BeaconBuffer: Sendable {
    /// Why beacons were refused.
    enum Refusal: Sendable {
        /// ``capacity`` beacons were already queued.
        case full
        /// The buffer was closed (the engine was).
        case closed
    }

    private struct State {
        var pending: [Beacon] = []
        var storing = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    /// The most beacons queued at once.
    let capacity: Int
    /// The most beacons per store transaction.
    let maxBatch: Int
    private let shared = Shared()
    private let wake: AsyncStream<Void>.Continuation
    private let rejected: @Sendable ([Beacon], Refusal) -> Void

    /// - Parameters:
    ///   - rejected: told of beacons refused, and why, synchronously inside ``append(_:)``.
    ///   - failed: told when the store refuses a batch (a full disk): the dispatcher reports each of its
    ///     beacons rejected on its results, and this lets the engine say why, once per batch.
    init(
        sink: any BeaconSink, capacity: Int = 10_000, maxBatch: Int = 500,
        rejected: @escaping @Sendable ([Beacon], Refusal) -> Void,
        failed: @escaping @Sendable (BeaconStoreError) -> Void
    ) {
        self.capacity = capacity
        self.maxBatch = maxBatch
        self.rejected = rejected
        let (signals, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let shared = self.shared
        let maxBatch = self.maxBatch
        Task {
            for await _ in signals {
                while let batch = shared.state.withLock({ state -> [Beacon]? in
                    guard !state.pending.isEmpty else { return nil }
                    let count = min(maxBatch, state.pending.count)
                    defer { state.pending.removeFirst(count) }
                    state.storing += 1
                    return Array(state.pending.prefix(count))
                }) {
                    do throws(BeaconStoreError) {
                        try await sink.enqueue(batch)
                    } catch {
                        failed(error)
                    }
                    let waiters = shared.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                        state.storing -= 1
                        guard state.pending.isEmpty, state.storing == 0 else { return [] }
                        defer { state.waiters = [] }
                        return state.waiters
                    }
                    for waiter in waiters { waiter.resume() }
                }
            }
        }
    }

    deinit { wake.finish() }

    /// The state the filling side and the draining task share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    /// Queues `beacons` for the store, in order; those beyond ``capacity``, or all of them once the buffer
    /// is closed, are refused and reported.
    func append(_ beacons: [Beacon]) {
        guard !beacons.isEmpty else { return }
        let (refused, reason) = shared.state.withLock { state -> ([Beacon], Refusal) in
            guard !state.closed else { return (beacons, .closed) }
            let room = max(0, capacity - state.pending.count)
            state.pending += beacons.prefix(room)
            return (Array(beacons.dropFirst(room)), .full)
        }
        if !refused.isEmpty { rejected(refused, reason) }
        wake.yield()
    }

    /// Refuses every beacon appended from now on (each reported `closed`); those queued before still go
    /// to the store (``drained()`` waits for them).
    func close() { shared.state.withLock { $0.closed = true } }

    /// Waits until every beacon appended so far has been handed to the store.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = shared.state.withLock { state -> Bool in
                guard state.pending.isEmpty, state.storing == 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                return true
            }
            if idle { continuation.resume() }
        }
    }
}

/// Executes a controller's actions in order, on the main actor: callbacks to the delegate, beacons to
/// the sink, and every action to the observer stream.
///
/// A delegate that calls back into its controller (a click callback that reports the external app
/// opening) does not reorder anything: the new actions wait behind the ones being executed, so the
/// observed order is always the contract's order.
@MainActor
final class ActionQueue<Callback: Sendable & Hashable & Codable> {
    private let continuation: AsyncStream<LifecycleAction<Callback>>.Continuation
    private let beaconSink: @MainActor (BeaconRequest) -> Void
    private let observer: (@MainActor (LifecycleAction<Callback>) -> Void)?
    private var pending: [LifecycleAction<Callback>] = []
    private var isDraining = false

    init(
        continuation: AsyncStream<LifecycleAction<Callback>>.Continuation,
        beaconSink: @escaping @MainActor (BeaconRequest) -> Void,
        observer: (@MainActor (LifecycleAction<Callback>) -> Void)? = nil
    ) {
        self.continuation = continuation
        self.beaconSink = beaconSink
        self.observer = observer
    }

    /// Queues `actions` and, unless already draining, executes everything queued.
    func run(_ actions: [LifecycleAction<Callback>], deliver: (Callback) -> Void) {
        pending += actions
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !pending.isEmpty {
            let action = pending.removeFirst()
            continuation.yield(action)
            observer?(action)
            switch action {
            case .callback(let callback): deliver(callback)
            case .beacon(let beacon): beaconSink(beacon)
            }
        }
    }
}

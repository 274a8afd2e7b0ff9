import Synchronization

/// A flag that starts open and can be closed once, from any thread.
final class StartGate: Sendable {
    private let open = Atomic<Bool>(true)

    var isOpen: Bool { open.load(ordering: .acquiring) }

    func close() { open.store(false, ordering: .releasing) }
}

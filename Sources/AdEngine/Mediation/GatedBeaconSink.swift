import AdTransport
import Synchronization

/// The error sink of one `getAd` call: hands its error pixels to the engine's sink until the call is
/// stopped (its presentation or the engine closed), and takes them without passing them on after that.
///
/// A stopped call is abandoned whole: its result is thrown away, so nothing of it may reach a partner
/// either, even from a resolution that finishes a moment after the stop (cancelling it stops its fetch
/// in flight, not the pixels it collected before).
final class GatedBeaconSink: BeaconSink {
    /// The engine's sink.
    let base: any BeaconSink
    private let open = Atomic(true)

    init(base: any BeaconSink) { self.base = base }

    /// From now on nothing more goes to ``base``.
    func close() { open.store(false, ordering: .sequentiallyConsistent) }

    /// Whether the call is still running: what it fires may still reach a partner.
    var isOpen: Bool { open.load(ordering: .sequentiallyConsistent) }

    func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError) {
        guard isOpen else { return }
        try await base.enqueue(beacons)
    }
}

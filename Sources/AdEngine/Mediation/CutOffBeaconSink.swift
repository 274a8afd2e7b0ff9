import AdTransport

/// The error sink of one source's resolution: hands its error pixels to the engine's sink, but stops
/// waiting for that sink at the source's cut-off (its deadline plus ``Mediator/grace``).
///
/// The fetches of a resolution end at the source's deadline by themselves (it is their deadline), so
/// handing over the error pixels is the only wait left that could outlast the source. Bounding it here
/// lets a source run in the calling task with no timer of its own; a timer starts only when there are
/// pixels to hand over. At the cut-off the hand-over is cancelled, as cancelling the whole resolution
/// did before, and its result (stored, or the sink's error) is passed on once the sink returns.
struct CutOffBeaconSink: BeaconSink {
    /// The engine's sink.
    let base: any BeaconSink
    /// When the source's time is up, grace included.
    let cutOff: ContinuousClock.Instant

    func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError) {
        let base = self.base
        let cutOff = self.cutOff
        let stored = await withTaskGroup(of: Result<Void, BeaconStoreError>?.self) { group in
            group.addTask {
                do throws(BeaconStoreError) {
                    try await base.enqueue(beacons)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                // A cancelled sleep (the hand-over ended first, or the call was cancelled) is no cut-off.
                try? await Task.sleep(until: cutOff, clock: .continuous)
                return nil
            }
            var stored: Result<Void, BeaconStoreError>?
            while let next = await group.next() {
                group.cancelAll()
                if let next { stored = next }
            }
            return stored ?? .success(())
        }
        try stored.get()
    }
}

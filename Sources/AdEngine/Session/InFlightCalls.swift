import AdPlacement

/// The engine's `getAd` calls in flight, each with its presentation, its mediation task and its error
/// sink, so that closing the presentation or the engine stops them. A value the engine actor owns.
struct InFlightCalls {
    /// Why a call was stopped from outside its caller.
    enum Stop: Sendable, Equatable {
        /// Its presentation was closed (`AdEngine.closePresentation(_:)`).
        case presentationClosed
        /// The engine was closed (`AdEngine.close()`).
        case engineClosed
    }

    private struct Call {
        let presentation: PresentationHandle
        let task: Task<MediationResult, Never>
        let sink: GatedBeaconSink
        var stop: Stop?
    }

    private var calls: [Int: Call] = [:]
    private var nextID = 0

    /// Registers a call whose mediation is `task`; returns its id.
    mutating func add(
        _ task: Task<MediationResult, Never>, sink: GatedBeaconSink, in presentation: PresentationHandle
    ) -> Int {
        nextID &+= 1
        calls[nextID] = Call(presentation: presentation, task: task, sink: sink)
        return nextID
    }

    /// Forgets the call `id` once it returned: why it was stopped, if it was.
    mutating func remove(_ id: Int) -> Stop? { calls.removeValue(forKey: id)?.stop }

    /// Stops the calls of `presentation` (every call when `nil`): their sinks send nothing more and their
    /// mediations are cancelled (their fetches end at once). A call stopped before keeps its first reason.
    /// - Returns: the mediations stopped, to wait for.
    mutating func stop(_ presentation: PresentationHandle?, because reason: Stop) -> [Task<MediationResult, Never>] {
        var stopped: [Task<MediationResult, Never>] = []
        for (id, call) in calls where presentation == nil || call.presentation == presentation {
            call.sink.close()
            call.task.cancel()
            if call.stop == nil { calls[id]?.stop = reason }
            stopped.append(call.task)
        }
        return stopped
    }
}

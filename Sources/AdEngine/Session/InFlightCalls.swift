import AdPlacement
import AdTransport

/// The engine's `getAd` calls in flight, each with its presentation, the stop of its mediation (which
/// runs in the caller's task: ``CallStop``) and its error sink, so that closing the presentation or the
/// engine stops them. A value the engine actor owns.
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
        let mediation: CallStop
        let sink: GatedBeaconSink
        var stop: Stop?
    }

    private var calls: [Int: Call] = [:]
    private var nextID = 0

    /// Registers a call whose mediation `stop` ends; returns its id.
    mutating func add(_ stop: CallStop, sink: GatedBeaconSink, in presentation: PresentationHandle) -> Int {
        nextID &+= 1
        calls[nextID] = Call(presentation: presentation, mediation: stop, sink: sink)
        return nextID
    }

    /// Forgets the call `id` once it returned: why it was stopped, if it was.
    mutating func remove(_ id: Int) -> Stop? { calls.removeValue(forKey: id)?.stop }

    /// Stops the calls of `presentation` (every call when `nil`): their sinks send nothing more and their
    /// mediations are stopped (their fetches end at once). A call stopped before keeps its first reason.
    /// - Returns: the mediations stopped, to wait for (``CallStop/finished()``).
    mutating func stop(_ presentation: PresentationHandle?, because reason: Stop) -> [CallStop] {
        var stopped: [CallStop] = []
        for (id, call) in calls where presentation == nil || call.presentation == presentation {
            call.sink.close()
            call.mediation.stop()
            if call.stop == nil { calls[id]?.stop = reason }
            stopped.append(call.mediation)
        }
        return stopped
    }
}

import AdLifecycle
import AdTransport
import Foundation

/// What an ad's controllers report to the engine: beacons for the dispatcher (in order), analytics
/// events, and impressions for pacing.
struct AdHooks: Sendable {
    let beacons: BeaconForwarder
    let events: AsyncStream<AdEngineEvent>.Continuation
    let clock: @Sendable () -> Date
    let impressionLogged: @Sendable () -> Void

    /// Turns a lifecycle beacon into a transport beacon and queues it.
    func send(_ request: BeaconRequest) {
        beacons.send(Beacon(url: request.url, event: request.dedupeEvent, adInstance: request.adInstanceID,
                            hop: request.hop))
    }

    func emit(_ kind: AdEngineEvent.Kind, context: AdEventContext) {
        events.yield(AdEngineEvent(kind: kind, context: context, date: clock()))
    }
}

/// Hands beacons to a sink one at a time, in the order they were sent, from any thread.
final class BeaconForwarder: Sendable {
    private let continuation: AsyncStream<Beacon>.Continuation

    init(sink: any BeaconSink) {
        let (stream, continuation) = AsyncStream.makeStream(of: Beacon.self)
        self.continuation = continuation
        Task {
            // A batch the store refuses is reported rejected on the dispatcher's results (and so on `events`).
            for await beacon in stream { try? await sink.enqueue([beacon]) }
        }
    }

    deinit { continuation.finish() }

    func send(_ beacon: Beacon) {
        continuation.yield(beacon)
    }
}

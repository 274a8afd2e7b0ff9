import AdLifecycle
import AdTransport
import FoundationEssentials
import Synchronization
import VAST

/// Where the previews' beacons go: the built-in collector (recorded, nothing sent), or with `--send` the
/// durable `BeaconDispatcher` (stored, then sent to their real URLs; each outcome is published when it
/// comes).
///
/// Each beacon is published on its session's streams at once as `event: beacon` with `{"seq","event",
/// "offset"?,"url","hop","cause","ms","result"}`; with `--send`, `event: delivery` `{"seq","result"}` follows.
final class PreviewDelivery: Sendable {
    private let collector: BeaconCollector
    private let dispatcher: BeaconDispatcher?
    private let storeFolder: String?
    private let sequence = Mutex(0)
    /// With `--send`: the session and sequence number of each beacon queued, by its key.
    private let pending = Mutex<[String: (PreviewSession, Int)]>([:])
    private let outcomes = Mutex<Task<Void, Never>?>(nil)

    init(send: Bool, collector: BeaconCollector) {
        self.collector = collector
        guard send else {
            dispatcher = nil
            storeFolder = nil
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vastcheck-serve-\(ProcessInfo.processInfo.processIdentifier)-\(Inspector.randomToken().prefix(8))"
        ).path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        storeFolder = folder
        dispatcher = (try? HTTPClient()).flatMap { client in
            try? BeaconDispatcher(storePath: folder + "/beacons.sqlite", client: client)
        }
        guard let dispatcher else { return }
        let task = Task { [weak self] in
            for await outcome in dispatcher.results {
                self?.report(outcome)
            }
        }
        outcomes.withLock { $0 = task }
    }

    /// Publishes `requests` (fired by `preview`'s session, in order) and delivers them.
    func deliver(_ requests: [BeaconRequest], of preview: PreviewSession, redactor: VASTMacroRedactor) {
        var beacons: [Beacon] = []
        for request in requests {
            let seq = sequence.withLock { value -> Int in
                value += 1
                return value
            }
            let result: String
            if dispatcher != nil {
                let beacon = Beacon(
                    url: request.url, event: request.dedupeEvent, adInstance: request.adInstanceID, hop: request.hop)
                pending.withLock { $0[Self.key(beacon)] = (preview, seq) }
                beacons.append(beacon)
                result = "queued"
            } else {
                collector.record(
                    BeaconCollector.Request(
                        session: preview.id, event: request.dedupeEvent, url: request.url, hop: request.hop))
                result = "collected"
            }
            var members: [(String, JSON)] = [("seq", .int(seq)), ("event", .string(request.event))]
            if let offset = request.offset { members.append(("offset", .string(offset))) }
            members += [
                ("url", .string(redactor.redact(request.url))), ("hop", .int(request.hop)),
                ("cause", .int(preview.cause)), ("ms", .int(preview.elapsedMs)), ("result", .string(result)),
            ]
            preview.publish(event: "beacon", data: JSON.object(members).serialized())
        }
        if let dispatcher, !beacons.isEmpty {
            Task { try? await dispatcher.enqueue(beacons) }
        }
    }

    /// Publishes what became of a sent beacon.
    private func report(_ outcome: BeaconOutcome) {
        guard let (preview, seq) = pending.withLock({ $0.removeValue(forKey: Self.key(outcome.beacon)) }) else {
            return
        }
        var result = outcome.kind.rawValue
        if let status = outcome.status { result += " \(status)" }
        if let error = outcome.error { result += ": \(error)" }
        preview.publish(
            event: "delivery", data: JSON.object([("seq", .int(seq)), ("result", .string(result))]).serialized())
    }

    private static func key(_ beacon: Beacon) -> String { beacon.adInstance + "\n" + beacon.event + "\n" + beacon.url }

    /// Stops the dispatcher (what it has not sent stays in its store, which is then removed).
    func close() async {
        outcomes.withLock { $0?.cancel() }
        await dispatcher?.close()
        if let storeFolder { try? FileManager.default.removeItem(atPath: storeFolder) }
    }
}

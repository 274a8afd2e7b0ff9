// hostile-beacons STORE_PATH BEACONS_FILE [TTL_MS] [FLUSH_MS] [MAX_QUEUED]
//
// The beacon runner of the hostile corpus (Tests/Hostile/beacons): opens a BeaconDispatcher on
// STORE_PATH (a 1 s request timeout, backoff from 50 ms, a time to live of TTL_MS, default 2000, and at
// most MAX_QUEUED beacons, default 10,000), enqueues every line of BEACONS_FILE (`EVENT<TAB>URL`, or a
// bare URL, for the event `impression`; at most 100,000 lines of at most 1 MiB are read), flushes for at
// most FLUSH_MS (default 5000), and prints one JSON line:
//   {"opened":true,"recovered":BOOL,"enqueued":N,"enqueueError":KIND|null,"drained":BOOL,
//    "delivered":N,"dropped":N,"expired":N,"rejected":N}
// or, when the store cannot be opened, {"opened":false,"error":"KIND"} and exit 2.
// Exit codes: 0 ran, 2 store refused, 64 usage or an unreadable beacons file.
import AdTransport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func number(_ index: Int, _ fallback: Int) -> Int? {
    arguments.count > index ? Int(arguments[index]).flatMap { $0 >= 1 && $0 <= 600_000 ? $0 : nil } : fallback
}
guard (2...5).contains(arguments.count), let ttl = number(2, 2_000), let flushMs = number(3, 5_000),
    let maxQueued = number(4, 10_000),
    let handle = FileHandle(forReadingAtPath: arguments[1])
else {
    FileHandle.standardError.write(
        Data("usage: hostile-beacons STORE_PATH BEACONS_FILE [TTL_MS] [FLUSH_MS] [MAX_QUEUED]\n".utf8))
    exit(64)
}
let text = String(decoding: handle.readData(ofLength: 1 << 20), as: UTF8.self)
// Each distinct line is its own ad instance (as each beacon-child beacon is); a repeated line is the same
// beacon, keyed by (instance, event, URL), so the dispatcher must send it once.
var instances: [Substring: Int] = [:]
let beacons = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(100_000).map { line in
    let instance = instances[line] ?? instances.count
    instances[line] = instance
    let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
    let (event, url) = fields.count == 2 ? (String(fields[0]), String(fields[1])) : ("impression", String(line))
    return Beacon(url: url, event: event, adInstance: "hostile-\(instance)")
}

func say(_ object: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

let client: HTTPClient
let dispatcher: BeaconDispatcher
do {
    client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
    dispatcher = try BeaconDispatcher(
        storePath: arguments[0], client: client,
        configuration: BeaconDispatcherConfiguration(
            maxQueued: maxQueued, timeToLive: .milliseconds(ttl),
            backoff: BeaconBackoff(base: .milliseconds(50), cap: .milliseconds(200)),
            requestTimeout: .seconds(1)))
} catch let error as BeaconStoreError {
    say(["opened": false, "error": error.code.description])
    exit(2)
} catch {
    say(["opened": false, "error": "\(error)"])
    exit(2)
}

let distinct = Set(beacons).count
let counts = Task {
    var counts: [String: Int] = [:]
    for await outcome in dispatcher.results {
        counts[outcome.kind.rawValue, default: 0] += 1
        if counts.values.reduce(0, +) >= distinct { break }
    }
    return counts
}
var enqueueError: String?
do {
    try await dispatcher.enqueue(beacons)
} catch {
    enqueueError = error.code.description
}
let drained = await dispatcher.flush(deadline: .now + .milliseconds(flushMs))
let settled = Task {
    try? await Task.sleep(for: .milliseconds(500))
    counts.cancel()
}
let outcome = await counts.value
settled.cancel()
say([
    "opened": true, "recovered": dispatcher.recovery != nil, "enqueued": beacons.count,
    "enqueueError": enqueueError ?? NSNull(), "drained": drained,
    "delivered": outcome["delivered"] ?? 0, "dropped": outcome["dropped"] ?? 0,
    "expired": outcome["expired"] ?? 0, "rejected": outcome["rejected"] ?? 0,
])
exit(0)

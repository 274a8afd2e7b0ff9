// beacon-child STORE_PATH BASE_URL COUNT [DELAY_MS]
//
// The process the durability test kills: it enqueues COUNT beacons with distinct keys to
// BASE_URL/beacon/d/<i>?delay_ms=DELAY_MS (default 10, so sends are in flight at any moment),
// prints `ENQUEUED` once every one is committed to the store at STORE_PATH, then keeps sending
// and prints `DRAINED` when the queue is empty. Exit codes: 0 drained, 1 failure, 64 usage.
import AdTransport
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let count = Int(arguments[3]), count > 0,
    let delay = arguments.count == 5 ? Int(arguments[4]) : 10
else {
    FileHandle.standardError.write(Data("usage: beacon-child STORE_PATH BASE_URL COUNT [DELAY_MS]\n".utf8))
    exit(64)
}
let storePath = arguments[1]
let baseURL = arguments[2]

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

do {
    let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
    let dispatcher = try BeaconDispatcher(
        storePath: storePath, client: client,
        configuration: BeaconDispatcherConfiguration(
            maxConcurrentSends: 8, backoff: BeaconBackoff(base: .milliseconds(50), cap: .milliseconds(500))))
    let beacons = (0..<count).map { index in
        Beacon(url: "\(baseURL)/beacon/d/\(index)?delay_ms=\(delay)", event: "impression", adInstance: "child")
    }
    // Batches of 100, so sending starts while the rest are still being stored.
    for start in stride(from: 0, to: count, by: 100) {
        try await dispatcher.enqueue(Array(beacons[start..<min(start + 100, count)]))
    }
    say("ENQUEUED")
    let drained = await dispatcher.flush(deadline: .now + .seconds(600))
    say(drained ? "DRAINED" : "NOT DRAINED")
    exit(drained ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("beacon-child: \(error)\n".utf8))
    exit(1)
}

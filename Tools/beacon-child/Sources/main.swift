// beacon-child STORE_PATH BASE_URL COUNT [DELAY_MS] [--fill]
//
// The process the durability tests run: it opens a BeaconDispatcher on STORE_PATH and enqueues
// COUNT beacons with distinct keys to BASE_URL/beacon/d/<i>?delay_ms=DELAY_MS (default 10, so
// sends are in flight at any moment), in batches of 100. It prints `ENQUEUED` once every one is
// committed to the store, then keeps sending and prints `DRAINED` when the queue is empty (or
// `NOT DRAINED queued=N lastStoreError=E` at its deadline, 600 s).
//
// With --fill, for a store on a small file system of its own (2 MiB): it first writes a 1.5 MiB file
// `STORE_PATH.ballast`, then enqueues batches of 20 (each beacon's URL padded to about 1 KiB)
// until the store refuses one, and prints `FULL accepted=A refused=R kind=K` (A beacons stored, R
// in the refused batch, K the error's kind). Then it deletes the ballast, as a user freeing space
// would, flushes (for at most 60 s), and prints `DRAINED` or `NOT DRAINED ...`.
//
// Every line goes to stdout. When the store cannot be opened it prints `REFUSED <kind>: <message>`
// and exits 2. Exit codes: 0 drained, 1 failure, 2 store refused, 64 usage.
import AdTransport
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
let fill = arguments.last == "--fill"
if fill { arguments.removeLast() }
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]), count > 0,
    let delay = arguments.count == 4 ? Int(arguments[3]) : 10, delay >= 0
else {
    FileHandle.standardError.write(Data("usage: beacon-child STORE_PATH BASE_URL COUNT [DELAY_MS] [--fill]\n".utf8))
    exit(64)
}
let storePath = arguments[0]
let baseURL = arguments[1]

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let ballast = storePath + ".ballast"
if fill {
    guard FileManager.default.createFile(atPath: ballast, contents: Data(count: 1536 << 10)) else {
        say("REFUSED ballast: cannot write \(ballast)")
        exit(2)
    }
}

let client: HTTPClient
let dispatcher: BeaconDispatcher
do {
    client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
    dispatcher = try BeaconDispatcher(
        storePath: storePath, client: client,
        configuration: BeaconDispatcherConfiguration(
            maxConcurrentSends: 8, backoff: BeaconBackoff(base: .milliseconds(50), cap: .milliseconds(500)),
            maxConcurrentSendsPerHost: 8))
} catch let error as BeaconStoreError {
    say("REFUSED \(error.code.description): \(error.message)")
    exit(2)
} catch {
    say("REFUSED client: \(error)")
    exit(2)
}

do {
    if fill {
        let padding = String(repeating: "p", count: 1000)
        var accepted = 0
        for start in stride(from: 0, to: count, by: 20) {
            let batch = (start..<min(start + 20, count)).map { index in
                Beacon(
                    url: "\(baseURL)/beacon/d/\(index)?delay_ms=\(delay)&pad=\(padding)", event: "impression",
                    adInstance: "child")
            }
            do {
                try await dispatcher.enqueue(batch)
                accepted += batch.count
            } catch {
                say("FULL accepted=\(accepted) refused=\(batch.count) kind=\(error.code.description)")
                break
            }
        }
    } else {
        let beacons = (0..<count).map { index in
            Beacon(url: "\(baseURL)/beacon/d/\(index)?delay_ms=\(delay)", event: "impression", adInstance: "child")
        }
        // Batches of 100, so sending starts while the rest are still being stored.
        for start in stride(from: 0, to: count, by: 100) {
            try await dispatcher.enqueue(Array(beacons[start..<min(start + 100, count)]))
        }
        say("ENQUEUED")
    }
    if fill { try FileManager.default.removeItem(atPath: ballast) }
    let drained = await dispatcher.flush(deadline: .now + .seconds(fill ? 60 : 600))
    if drained {
        say("DRAINED")
    } else {
        say(
            "NOT DRAINED queued=\(await dispatcher.queuedCount) lastStoreError=\(await dispatcher.lastStoreError.map { "\($0)" } ?? "none")"
        )
    }
    exit(drained ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("beacon-child: \(error)\n".utf8))
    exit(1)
}

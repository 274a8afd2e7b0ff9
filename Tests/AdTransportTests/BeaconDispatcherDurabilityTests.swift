import AdTransport
import Foundation
import TestSupport
import Testing

/// The durability proof: a process with a full queue is SIGKILLed mid-send, and a new
/// dispatcher on its store delivers every beacon, duplicating at most those that were in flight.
@Suite(.serialized) struct BeaconDispatcherDurabilityTests {
    /// `beacon-child`, built with the package: next to the test bundle, else in `.build/debug`.
    static var childPath: String? {
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("beacon-child").path,
            TestServer.repositoryRoot.appendingPathComponent(".build/debug/beacon-child").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aKilledProcessLosesNothingAndDuplicatesAtMostWhatWasInFlight() async throws {
        let count = 1000
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let child = try #require(Self.childPath, "beacon-child not built: run `swift build` first")
        let start = ContinuousClock.now

        let process = Process()
        process.executableURL = URL(fileURLWithPath: child)
        process.arguments = [store, server.baseURL, String(count), "20"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = readLine(from: output.fileHandleForReading.fileDescriptor, timeout: 10)
        guard line == "ENQUEUED" else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("beacon-child said \(line.debugDescription) instead of ENQUEUED")
            return
        }
        let receivedBeforeKill = try server.waitForBeacons(count: 100, timeout: 10).count
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(receivedBeforeKill >= 100)
        #expect(receivedBeforeKill < count, "the child finished before the kill: nothing was proven")

        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        let dispatcher = try BeaconDispatcher(storePath: store, client: client)
        let inFlightAtKill = dispatcher.recoveredInFlight
        #expect(await dispatcher.flush(deadline: .now + .seconds(15)))

        var seen: [Int: Int] = [:]
        for beacon in try server.beacons() {
            guard let index = Int(beacon.path.split(separator: "/").last ?? "") else { continue }
            seen[index, default: 0] += 1
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        let duplicates = seen.values.filter { $0 > 1 }.count
        print("duplicates=\(duplicates) in_flight_at_kill=\(inFlightAtKill) received_before_kill=\(receivedBeforeKill)"
              + " elapsed=\(ContinuousClock.now - start)")
        #expect(missing.isEmpty, "never delivered: \(missing.prefix(20))")
        #expect(seen.values.allSatisfy { $0 <= 2 })
        #expect(duplicates <= inFlightAtKill)
        #expect(inFlightAtKill <= BeaconDispatcherConfiguration().maxConcurrentSends)
    }
}

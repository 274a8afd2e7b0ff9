import AdTransport
import Foundation
import TestSupport
import Testing

/// The durability proofs with real processes: one SIGKILLed mid-send, two on one store. Each
/// prints its `beacons test=...` line, counted from what the loopback server received.
@Suite(.serialized) struct BeaconDispatcherDurabilityTests {
    private func child() throws -> String {
        try BeaconChild.path()
    }

    private func paths(_ count: Int) -> Set<String> { Set((0..<count).map { "/beacon/d/\($0)" }) }

    @Test(.timeLimit(.minutes(1)))
    func aKilledProcessLosesNothingAndDuplicatesAtMostWhatWasInFlight() async throws {
        let count = 1000
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let start = ContinuousClock.now

        let process = try BeaconChild(executable: try child(), arguments: [store, server.baseURL, String(count), "20"])
        let line = await process.line(timeout: 10)
        guard line == "ENQUEUED" else {
            await process.wait(timeout: 0)
            Issue.record("beacon-child said \(line.debugDescription) instead of ENQUEUED")
            return
        }
        let receivedBeforeKill = try await server.waitForBeacons(count: 100, timeout: 10).count
        #expect(await process.killed())
        #expect(receivedBeforeKill >= 100)
        #expect(receivedBeforeKill < count, "the child finished before the kill: nothing was proven")

        // The kernel released the dead process's lock: a new dispatcher takes the store at once.
        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        let dispatcher = try BeaconDispatcher(storePath: store, client: client)
        let inFlightAtKill = dispatcher.recoveredInFlight
        #expect(await dispatcher.flush(deadline: .now + .seconds(15)))

        let tally = BeaconTally(
            test: "kill-9", accepted: paths(count), received: try server.beacons(),
            extra: [("in_flight_at_kill", inFlightAtKill), ("received_before_kill", receivedBeforeKill)])
        tally.print()
        print("kill-9 elapsed=\(ContinuousClock.now - start)")
        #expect(tally.lost == 0)
        #expect(tally.duplicated <= inFlightAtKill)
        #expect(inFlightAtKill <= BeaconChild.maxConcurrentSends)
    }

    /// Group commit: `enqueue` returns only once its batch is committed, so a process killed the
    /// moment its last `enqueue` returned (before most of its beacons were sent) loses none of them.
    @Test(.timeLimit(.minutes(1)))
    func aProcessKilledTheMomentItsEnqueuesReturnedLosesNoneOfThem() async throws {
        let count = 2000
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()

        let process = try BeaconChild(executable: try child(), arguments: [store, server.baseURL, String(count), "20"])
        let line = await process.line(timeout: 10)
        #expect(await process.killed())
        #expect(line == "ENQUEUED")
        let receivedBeforeKill = try server.beacons().count
        #expect(receivedBeforeKill < count, "the child finished before the kill: nothing was proven")

        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        let dispatcher = try BeaconDispatcher(
            storePath: store, client: client,
            configuration: BeaconDispatcherConfiguration(maxConcurrentSends: 16, maxConcurrentSendsPerHost: 16))
        let inFlightAtKill = dispatcher.recoveredInFlight
        #expect(await dispatcher.flush(deadline: .now + .seconds(30)))

        let tally = BeaconTally(
            test: "kill-9-after-enqueue", accepted: paths(count), received: try server.beacons(),
            extra: [("in_flight_at_kill", inFlightAtKill), ("received_before_kill", receivedBeforeKill)])
        tally.print()
        #expect(tally.lost == 0)
        #expect(tally.duplicated <= inFlightAtKill)
        #expect(inFlightAtKill <= BeaconChild.maxConcurrentSends)
    }

    /// On today's main neither process's flush returns: each counts only the sends it made, and
    /// the other drains its share of the rows.
    @Test(.timeLimit(.minutes(1)))
    func aSecondProcessOnTheStoreIsRefusedAtOnceAndTheFirstDeliversEverything() async throws {
        let count = 600
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let first = try BeaconChild(executable: try child(), arguments: [store, server.baseURL, String(count), "10"])
        #expect(await first.line(timeout: 10) == "ENQUEUED")

        let started = ContinuousClock.now
        let second = try BeaconChild(executable: try child(), arguments: [store, server.baseURL, String(count), "10"])
        let refusal = await second.line(timeout: 10) ?? ""
        let status = await second.wait(timeout: 10)
        #expect(ContinuousClock.now - started < .seconds(5), "refused at once, not after SQLite's busy timeout")
        #expect(status == 2)
        #expect(refusal.hasPrefix("REFUSED inUse: \(store) is in use by another BeaconDispatcher (pid \(first.pid) "))

        #expect(await first.line(timeout: 30) == "DRAINED")
        #expect(await first.wait(timeout: 10) == 0)
        let tally = BeaconTally(test: "two-process", accepted: paths(count), received: try server.beacons())
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0 && tally.delivered == count)
    }

    /// On today's main the second of two started together waits out SQLite's busy timeout and
    /// fails with "database is locked", or both run and neither flush returns.
    @Test(.timeLimit(.minutes(1)))
    func ofTwoProcessesStartedTogetherExactlyOneTakesTheStoreAndBothEndPromptly() async throws {
        let count = 300
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let children = try (0..<2).map { _ in
            try BeaconChild(executable: try child(), arguments: [store, server.baseURL, String(count), "5"])
        }
        var lines: [[String]] = [[], []]
        var statuses: [Int32] = []
        for (index, process) in children.enumerated() {
            while let line = await process.line(timeout: 30) { lines[index].append(line) }
            statuses.append(await process.wait(timeout: 10))
        }
        let winners = lines.filter { $0 == ["ENQUEUED", "DRAINED"] }
        let losers = lines.filter { $0.count == 1 && $0[0].hasPrefix("REFUSED inUse: \(store) is in use") }
        #expect(winners.count == 1 && losers.count == 1, "outputs: \(lines)")
        #expect(statuses.sorted() == [0, 2])
        let tally = BeaconTally(test: "two-process-together", accepted: paths(count), received: try server.beacons())
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0 && tally.delivered == count)
    }
}

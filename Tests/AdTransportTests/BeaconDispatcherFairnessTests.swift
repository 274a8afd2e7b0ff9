import AdTransport
import Foundation
import TestSupport
import Testing

/// One host that is down or hangs cannot starve the others: per-host queue and in-flight limits
/// within the global ones, and due beacons taken from the hosts in turn.
@Suite(.serialized) struct BeaconDispatcherFairnessTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        directory = try TemporaryDirectory()
    }

    /// The default limits (10,000 queued, 2,500 per host) with a fast backoff. On today's main the
    /// dead host's 10,000 fill the whole queue and every live beacon is rejected.
    @Test(.timeLimit(.minutes(2)))
    func aDeadHostsBacklogLeavesRoomForLiveHostsAndIsDeliveredWhenItComesBack() async throws {
        defer { directory.remove() }
        var configuration = BeaconDispatcherConfiguration()
        configuration.backoff = BeaconBackoff(base: .milliseconds(50), cap: .milliseconds(400))
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client, configuration: configuration)
        let deadPort = try unusedLoopbackPort()
        let dead = (0..<10_000).map {
            Beacon(url: "http://127.0.0.1:\(deadPort)/beacon/dead/\($0)", event: "impression", adInstance: "ad")
        }
        for start in stride(from: 0, to: dead.count, by: 500) {
            try await dispatcher.enqueue(Array(dead[start..<start + 500]))
        }
        #expect(await dispatcher.queuedCount == configuration.maxQueuedPerHost)
        let rejected = await dispatcher.outcomes(10_000 - configuration.maxQueuedPerHost, timeout: .seconds(30))
        #expect(rejected.count == 7_500 && rejected.allSatisfy { $0.kind == .rejected })
        #expect(rejected.first?.error?.contains("the queue for http://127.0.0.1:\(deadPort) is full") == true)

        let live = (0..<200).map {
            Beacon(url: server.url("/beacon/live/\($0)"), event: "impression", adInstance: "ad")
        }
        try await dispatcher.enqueue(live)
        let liveOutcomes = await dispatcher.outcomes(200, timeout: .seconds(30))
        #expect(liveOutcomes.count == 200 && liveOutcomes.allSatisfy { $0.kind == .delivered })
        #expect(Set(liveOutcomes.map(\.beacon)) == Set(live))

        let revived = try FixedPortServer(port: deadPort)
        defer { revived.stop() }
        #expect(await dispatcher.flush(deadline: .now + .seconds(60)))
        let deadAccepted = Set(dead.prefix(configuration.maxQueuedPerHost).map { URL(string: $0.url)!.path })
        let received = try await revived.beacons(using: client) + (try server.beacons())
        let tally = BeaconTally(
            test: "dead-host-backlog", accepted: deadAccepted.union(live.map { URL(string: $0.url)!.path }),
            received: received, extra: [("rejected", rejected.count)])
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0 && tally.delivered == 2_700)
    }

    /// A host whose requests hang holds at most its per-host share of the sends. On today's main
    /// its 8 hung sends hold every slot for the whole request timeout.
    @Test(.timeLimit(.minutes(1)))
    func aHostThatHangsHoldsOnlyItsShareOfTheSends() async throws {
        defer { directory.remove() }
        let hanging = try TestServer()
        var configuration = BeaconDispatcherConfiguration()
        configuration.requestTimeout = .seconds(20)
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client, configuration: configuration)
        let stuck = (0..<50).map { Beacon(url: hanging.url("/hang?n=\($0)"), event: "impression", adInstance: "ad") }
        try await dispatcher.enqueue(stuck)
        while await dispatcher.inFlightCount < configuration.maxConcurrentSendsPerHost {
            try await Task.sleep(for: .milliseconds(10))
        }
        let start = ContinuousClock.now
        let live = (0..<40).map { Beacon(url: server.url("/beacon/live/\($0)"), event: "impression", adInstance: "ad") }
        try await dispatcher.enqueue(live)
        let outcomes = await dispatcher.outcomes(40, timeout: .seconds(15))
        #expect(outcomes.count == 40 && outcomes.allSatisfy { $0.kind == .delivered })
        #expect(ContinuousClock.now - start < .seconds(10), "well inside the hung sends' 20 s")
        #expect(await dispatcher.inFlightCount == configuration.maxConcurrentSendsPerHost)
        await dispatcher.stop()
    }

    @Test func dueBeaconsAreTakenFromTheHostsInTurn() async throws {
        defer { directory.remove() }
        let other = try TestServer()
        var configuration = BeaconDispatcherConfiguration()
        configuration.maxConcurrentSends = 1
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client, configuration: configuration)
        await dispatcher.stop()
        // Host A's six are enqueued before host B's three: B still gets every other send.
        try await dispatcher.enqueue(
            (0..<6).map { Beacon(url: server.url("/beacon/a/\($0)"), event: "e", adInstance: "x") })
        try await dispatcher.enqueue(
            (0..<3).map { Beacon(url: other.url("/beacon/b/\($0)"), event: "e", adInstance: "x") })
        await dispatcher.start()
        let order = await dispatcher.outcomes(9).map { URL(string: $0.beacon.url)!.path }
        #expect(
            order == [
                "/beacon/a/0", "/beacon/b/0", "/beacon/a/1", "/beacon/b/1", "/beacon/a/2", "/beacon/b/2",
                "/beacon/a/3", "/beacon/a/4", "/beacon/a/5",
            ])
    }
}

import AdTransport
import Foundation
import TestSupport
import Testing

/// The durable dispatcher against real SQLite files and the loopback server: idempotency,
/// ordering, retries, drops, expiry, the queue cap, pausing and restarts.
@Suite(.serialized) struct BeaconDispatcherTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    /// Fast, deterministic backoff: 20, 40, 80, 100, 100... ms.
    static let fast = BeaconDispatcherConfiguration(
        backoff: BeaconBackoff(base: .milliseconds(20), cap: .milliseconds(100), jitter: .none),
        requestTimeout: .seconds(5))

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        directory = try TemporaryDirectory()
    }

    private func dispatcher(
        _ configuration: BeaconDispatcherConfiguration = fast, store: String = "beacons.sqlite",
        clock: BeaconWallClock = .system
    ) throws -> BeaconDispatcher {
        try BeaconDispatcher(
            storePath: directory.store(store), client: client, configuration: configuration,
            clock: clock)
    }

    /// A dispatcher holding at most `maxQueued` beacons, stopped, so that what it stores can be
    /// looked at before anything is sent.
    private func stoppedDispatcher(maxQueued: Int) async throws -> BeaconDispatcher {
        var configuration = Self.fast
        configuration.maxQueued = maxQueued
        let dispatcher = try dispatcher(configuration)
        await dispatcher.stop()
        return dispatcher
    }

    private func beacon(_ path: String, event: String = "impression", ad: String = "ad-1") -> Beacon {
        Beacon(url: server.url(path), event: event, adInstance: ad)
    }

    @Test func enqueueingTheSameBeaconTwiceDeliversItOnceAndReportsInOrder() async throws {
        defer { directory.remove() }
        var configuration = Self.fast
        configuration.maxConcurrentSends = 1
        let dispatcher = try dispatcher(configuration)
        let a = beacon("/beacon/a")
        let b = beacon("/beacon/b")
        try await dispatcher.enqueue([a, a, b])
        try await dispatcher.enqueue([a])
        #expect(
            await dispatcher.outcomes(2) == [
                BeaconOutcome(.delivered, beacon: a, attempts: 1, status: 204),
                BeaconOutcome(.delivered, beacon: b, attempts: 1, status: 204),
            ])
        #expect(await dispatcher.flush(deadline: .now + .seconds(5)))
        // Delivered keys stay as tombstones for their TTL: a late duplicate is still ignored.
        try await dispatcher.enqueue([a])
        #expect(await dispatcher.queuedCount == 0)
        #expect(await dispatcher.flush(deadline: .now + .seconds(1)))
        #expect(try server.beacons().map(\.target) == ["/beacon/a", "/beacon/b"])
    }

    @Test func theKeyIsAdInstanceEventAndURL() async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        let beacons = [
            beacon("/beacon/k"), beacon("/beacon/k", event: "start"), beacon("/beacon/k", ad: "ad-2"),
            beacon("/beacon/k?x=1"),
        ]
        try await dispatcher.enqueue(beacons + beacons)
        let outcomes = await dispatcher.outcomes(4)
        #expect(Set(outcomes.map(\.beacon)) == Set(beacons))
        #expect(outcomes.allSatisfy { $0.kind == .delivered })
        #expect(try server.beacons().count == 4)
    }

    @Test func fiveHundredsAreRetriedUntilDelivered() async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        let flaky = beacon("/beacon/x?fail_first=2&fail_status=503")
        try await dispatcher.enqueue([flaky])
        #expect(await dispatcher.outcomes(1) == [BeaconOutcome(.delivered, beacon: flaky, attempts: 3, status: 204)])
        #expect(try server.beacons().map(\.status) == [503, 503, 204])
    }

    @Test(arguments: [429, 408])
    func tooManyRequestsAndRequestTimeoutAreRetried(_ status: Int) async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        let limited = beacon("/beacon/limited?fail_first=1&fail_status=\(status)")
        try await dispatcher.enqueue([limited])
        #expect(await dispatcher.outcomes(1) == [BeaconOutcome(.delivered, beacon: limited, attempts: 2, status: 204)])
        #expect(try server.beacons().map(\.status) == [status, 204])
    }

    @Test(arguments: [400, 404, 410])
    func otherClientErrorsAreDroppedWithTheirStatus(_ status: Int) async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        let bad = beacon("/beacon/bad?status=\(status)")
        try await dispatcher.enqueue([bad])
        let outcome = try #require(await dispatcher.outcomes(1).first)
        #expect(outcome.kind == .dropped && outcome.beacon == bad && outcome.attempts == 1 && outcome.status == status)
        #expect(await dispatcher.flush(deadline: .now + .seconds(1)))
        #expect(try server.beacons().map(\.status) == [status])
    }

    @Test func aConnectionResetMidBodyIsRetriedUntilTheBeaconExpires() async throws {
        defer { directory.remove() }
        var configuration = Self.fast
        configuration.timeToLive = .milliseconds(800)
        let dispatcher = try dispatcher(configuration)
        let reset = beacon("/reset-mid-body?beacon=1")
        try await dispatcher.enqueue([reset])
        let outcome = try #require(await dispatcher.outcomes(1).first)
        #expect(outcome.kind == .expired && outcome.beacon == reset)
        #expect(outcome.attempts >= 2)
        #expect(outcome.error?.isEmpty == false)
        #expect(try server.stats().byPath["/reset-mid-body"] == outcome.attempts)
    }

    @Test func aBeaconThatNeverSucceedsExpiresWithItsLastStatus() async throws {
        defer { directory.remove() }
        var configuration = Self.fast
        configuration.timeToLive = .milliseconds(400)
        let dispatcher = try dispatcher(configuration)
        let down = beacon("/beacon/down?status=503")
        try await dispatcher.enqueue([down])
        let outcome = try #require(await dispatcher.outcomes(1).first)
        #expect(outcome.kind == .expired && outcome.status == 503 && outcome.attempts >= 2)
        #expect(try server.beacons().count == outcome.attempts)
        #expect(await dispatcher.queuedCount == 0)
    }

    @Test func theTimeToLiveIsMeasuredFromEnqueueAcrossARestart() async throws {
        defer { directory.remove() }
        let clock = ManualClock()
        var configuration = Self.fast
        configuration.timeToLive = .seconds(3600)
        let beacons = (0..<3).map { beacon("/beacon/ttl/\($0)") }
        do {
            let first = try dispatcher(configuration, clock: clock.clock)
            await first.stop()
            try await first.enqueue(beacons)
            await first.close()
        }
        clock.advance(by: .seconds(3600))
        let second = try dispatcher(configuration, clock: clock.clock)
        let outcomes = await second.outcomes(3)
        #expect(outcomes.map(\.kind) == [.expired, .expired, .expired])
        #expect(outcomes.map(\.beacon) == beacons)
        #expect(outcomes.map(\.attempts) == [0, 0, 0])
        #expect(try server.beacons().isEmpty)
    }

    @Test func beaconsBeyondTheQueueCapAreRejectedAndReported() async throws {
        defer { directory.remove() }
        let dispatcher = try await stoppedDispatcher(maxQueued: 3)
        let beacons = (0..<5).map { beacon("/beacon/cap/\($0)") }
        try await dispatcher.enqueue(beacons)
        try await dispatcher.enqueue([beacons[0]])  // stored already: neither queued again nor rejected
        #expect(await dispatcher.queuedCount == 3)
        let rejected = await dispatcher.outcomes(2)
        #expect(rejected.map(\.kind) == [.rejected, .rejected])
        #expect(rejected.map(\.beacon) == [beacons[3], beacons[4]])
        #expect(rejected.map(\.attempts) == [0, 0])
        await dispatcher.start()
        let delivered = await dispatcher.outcomes(3)
        #expect(Set(delivered.map(\.beacon)) == Set(beacons[0..<3]))
        #expect(delivered.allSatisfy { $0.kind == .delivered })
    }

    @Test func aBeaconRefusedTwiceInOneBatchIsReportedOnce() async throws {
        defer { directory.remove() }
        let dispatcher = try await stoppedDispatcher(maxQueued: 2)
        let beacons = (0..<4).map { beacon("/beacon/twice/\($0)") }
        // Stored, stored, refused, a copy of a stored one, refused, copies of both refused ones.
        try await dispatcher.enqueue([
            beacons[0], beacons[1], beacons[2], beacons[0], beacons[3], beacons[2], beacons[3],
        ])
        #expect(await dispatcher.queuedCount == 2)
        let rejected = await dispatcher.outcomes(2)
        #expect(rejected.map(\.kind) == [.rejected, .rejected])
        #expect(rejected.map(\.beacon) == [beacons[2], beacons[3]])
        await dispatcher.start()
        let delivered = await dispatcher.outcomes(2)
        #expect(delivered.map(\.kind) == [.delivered, .delivered])
        #expect(Set(delivered.map(\.beacon)) == Set(beacons[0..<2]))
        #expect(await dispatcher.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().count == 2)
    }

    @Test func aNewDispatcherOnTheSameStoreDeliversWhatTheOldOneLeft() async throws {
        defer { directory.remove() }
        let beacons = (0..<50).map { beacon("/beacon/restart/\($0)") }
        do {
            let first = try dispatcher()
            await first.stop()
            try await first.enqueue(beacons)
            #expect(await first.queuedCount == 50)
            // WAL mode: commits go to the -wal file (removed again when the last connection closes).
            #expect(FileManager.default.fileExists(atPath: directory.store() + "-wal"))
            await first.close()
        }
        #expect(try server.beacons().isEmpty)
        let second = try dispatcher()
        #expect(second.recoveredInFlight == 0)
        #expect(await second.queuedCount == 50)
        #expect(await second.flush(deadline: .now + .seconds(10)))
        let received = try server.beacons().map(\.path)
        #expect(received.count == 50)
        #expect(Set(received) == Set(beacons.map { URL(string: $0.url)!.path }))
    }

    @Test func stoppingCancelsSendsInFlightWithoutCountingThem() async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        let slow = beacon("/beacon/slow?delay_ms=300")
        try await dispatcher.enqueue([slow])
        while await dispatcher.inFlightCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await dispatcher.stop()
        #expect(await dispatcher.inFlightCount == 0)
        #expect(await dispatcher.queuedCount == 1)
        #expect(await dispatcher.flush(deadline: .now + .milliseconds(200)) == false)
        await dispatcher.start()
        #expect(await dispatcher.outcomes(1) == [BeaconOutcome(.delivered, beacon: slow, attempts: 1, status: 204)])
    }

    @Test func nothingIsLostWhileTheServerIsDown() async throws {
        defer { directory.remove() }
        let port = try unusedLoopbackPort()
        let dispatcher = try dispatcher()
        let beacons = (0..<20).map {
            Beacon(url: "http://127.0.0.1:\(port)/beacon/outage/\($0)", event: "impression", adInstance: "ad-1")
        }
        try await dispatcher.enqueue(beacons)
        try await Task.sleep(for: .milliseconds(300))
        #expect(await dispatcher.queuedCount == 20)
        let server = try FixedPortServer(port: port)
        defer { server.stop() }
        let outcomes = await dispatcher.outcomes(20)
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { $0.kind == .delivered && $0.attempts >= 2 })
        #expect(Set(outcomes.map(\.beacon)) == Set(beacons))
        let received = try await server.beacons(using: client).map(\.path)
        #expect(received.sorted() == beacons.map { URL(string: $0.url)!.path }.sorted())
    }

    @Test func flushReturnsFalseAtItsDeadlineWhileBeaconsWait() async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        try await dispatcher.enqueue([beacon("/beacon/never?status=500")])
        let start = ContinuousClock.now
        #expect(await dispatcher.flush(deadline: .now + .milliseconds(200)) == false)
        #expect(ContinuousClock.now - start < .seconds(2))
        await dispatcher.stop()
    }

    @Test func cancellingAFlushReturnsFalsePromptly() async throws {
        defer { directory.remove() }
        let dispatcher = try dispatcher()
        await dispatcher.stop()
        try await dispatcher.enqueue([beacon("/beacon/waiting")])
        let start = ContinuousClock.now
        let flush = Task { await dispatcher.flush(deadline: .now + .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        flush.cancel()
        #expect(await flush.value == false)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aMixOfServerFaultsGivesEveryBeaconExactlyOneOutcome() async throws {
        defer { directory.remove() }
        var configuration = Self.fast
        configuration.timeToLive = .milliseconds(1500)
        configuration.backoff.jitter = .full
        // Every fault is on one host here: this is about the retry policy, not fairness.
        configuration.maxConcurrentSendsPerHost = configuration.maxConcurrentSends
        let dispatcher = try dispatcher(configuration)
        let beacons = (0..<200).map { index in
            switch index % 5 {
            case 0: beacon("/beacon/mix/\(index)?fail_first=2&fail_status=500")
            case 1: beacon("/beacon/mix/\(index)?fail_first=1&fail_status=429")
            case 2: beacon("/beacon/mix/\(index)?status=\(index % 2 == 0 ? 404 : 403)")
            case 3: beacon("/reset-mid-body?mix=\(index)")
            default: beacon("/beacon/mix/\(index)")
            }
        }
        try await dispatcher.enqueue(beacons)
        let outcomes = await dispatcher.outcomes(200, timeout: .seconds(15))
        #expect(outcomes.count == 200)
        #expect(Set(outcomes.map(\.beacon)) == Set(beacons))
        for (index, beacon) in beacons.enumerated() {
            let outcome = try #require(outcomes.first { $0.beacon == beacon })
            switch index % 5 {
            case 0: #expect(outcome.kind == .delivered && outcome.attempts == 3)
            case 1: #expect(outcome.kind == .delivered && outcome.attempts == 2)
            case 2: #expect(outcome.kind == .dropped && outcome.status == (index % 2 == 0 ? 404 : 403))
            case 3: #expect(outcome.kind == .expired && outcome.attempts >= 2)
            default: #expect(outcome.kind == .delivered && outcome.attempts == 1)
            }
        }
        #expect(await dispatcher.flush(deadline: .now + .seconds(1)))
        let accepted = try server.beacons().filter { $0.status == 204 }.map(\.path)
        #expect(accepted.count == 120)
        #expect(Set(accepted).count == 120)
    }

    @Test func aStoreInAMissingDirectoryFailsNamingThePathAndTheReason() throws {
        defer { directory.remove() }
        let path = directory.path + "/missing/beacons.sqlite"
        #expect {
            try BeaconDispatcher(storePath: path, client: client)
        } throws: { error in
            let error = error as? BeaconStoreError
            return error?.code == .cannotOpen && error?.message.contains(path) == true
                && error?.message.contains("No such file or directory") == true
        }
    }

    @Test func aConfigurationOutOfRangeIsRefused() throws {
        defer { directory.remove() }
        var configuration = BeaconDispatcherConfiguration()
        configuration.maxConcurrentSends = 0
        #expect {
            try BeaconDispatcher(storePath: directory.store(), client: client, configuration: configuration)
        } throws: { error in
            (error as? BeaconStoreError)?.code == .invalidConfiguration
        }
        #expect(!FileManager.default.fileExists(atPath: directory.store()))
    }
}

/// `flush(until: .triedOnce)`: what an app going to the background waits for. A beacon whose first try
/// failed is retried later; the flush does not wait out its backoff.
@Suite(.serialized) struct BeaconFlushGoalTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
        directory = try TemporaryDirectory()
    }

    @Test func aTriedOnceFlushReturnsOnceEveryBeaconWasSentEvenIfOneWaitsForARetry() async throws {
        defer { directory.remove() }
        // The retry of the failing beacon is 30 s away: a drained flush cannot finish, a tried-once one can.
        let configuration = BeaconDispatcherConfiguration(
            backoff: BeaconBackoff(base: .seconds(30), cap: .seconds(30), jitter: .none), requestTimeout: .seconds(5))
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store("goal.sqlite"), client: client,
            configuration: configuration)
        let good = Beacon(url: server.url("/beacon/good"), event: "impression", adInstance: "a")
        let failing = Beacon(url: server.url("/beacon/failing?status=503"), event: "start", adInstance: "a")
        try await dispatcher.enqueue([good, failing])
        #expect(await dispatcher.flush(deadline: .now + .seconds(10), until: .triedOnce))
        #expect(try server.beacons().map(\.target).sorted() == ["/beacon/failing?status=503", "/beacon/good"])
        #expect(await dispatcher.queuedCount == 1)
        #expect(!(await dispatcher.flush(deadline: .now + .milliseconds(300))))
        await dispatcher.close()
    }

    @Test func aTriedOnceFlushOfAnEmptyQueueReturnsAtOnce() async throws {
        defer { directory.remove() }
        let dispatcher = try BeaconDispatcher(storePath: directory.store("empty.sqlite"), client: client)
        #expect(await dispatcher.flush(deadline: .now + .milliseconds(1), until: .triedOnce))
        await dispatcher.close()
    }
}

import AdTransport
import Foundation
import TestSupport
import Testing

/// A process killed while it rebuilds a schema 5 store for schema 6 (an app updated and killed at its
/// first launch): the rebuild is one transaction, so the store is left as version 5 and whole, and the
/// next open rebuilds it, sends its queue and keeps its tombstones.
@Suite(.serialized) struct BeaconStoreRebuildKillTests {
    /// Rows in each old store: enough that the rebuild takes a few hundred milliseconds and writes
    /// far more than SQLite's page cache holds (so an interrupted rebuild has pages in the WAL).
    private static let rows = 60_000
    /// Rows still queued in each old store (the rest are delivered: tombstones).
    private static let queued = 50

    @Test(.timeLimit(.minutes(3)))
    func aProcessKilledWhileItRebuildsTheStoreLosesNothing() async throws {
        let child = try BeaconChild.path()
        let server = try TestServer()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        // How long a whole rebuild takes here: the child says ENQUEUED once its store is open
        // (rebuilt) and its one beacon stored.
        let timed = directory.store("timed.sqlite")
        try await makeOldStore(timed, prefix: "/beacon/t", server: server)
        let started = ContinuousClock.now
        let whole = try BeaconChild(executable: child, arguments: [timed, server.baseURL, "1", "0"])
        let said = await whole.line(timeout: 60)
        let rebuild = ContinuousClock.now - started
        #expect(await whole.killed())
        try #require(said == "ENQUEUED", "beacon-child said \(said.debugDescription)")

        var interrupted = 0
        for (kill, fraction) in [0.3, 0.5, 0.7].enumerated() {
            let prefix = "/beacon/k\(kill)"
            let store = directory.store("killed-\(kill).sqlite")
            try await makeOldStore(store, prefix: prefix, server: server)
            let process = try BeaconChild(executable: child, arguments: [store, server.baseURL, "1", "0"])
            try await Task.sleep(for: rebuild * fraction)
            #expect(await process.killed())
            let walBytes = (try? FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0
            let version = try await userVersion(of: store)
            // Killed mid-rebuild: version 5 still, with the rebuild's pages written to the WAL.
            if version == 5 && walBytes > 1 << 20 { interrupted += 1 }

            let client = try HTTPClient()
            defer { client.shutdown() }
            let dispatcher = try BeaconDispatcher(storePath: store, client: client)
            #expect(try await userVersion(of: store) == 6)
            // A delivered row's key still makes it a duplicate.
            let delivered = Beacon(
                url: server.url("\(prefix)/\(Self.queued)?pad=\(String(repeating: "p", count: 150))"), event: "start",
                adInstance: "ad-\(Self.queued % 97)")
            let before = await dispatcher.queuedCount
            try await dispatcher.enqueue([delivered])
            #expect(await dispatcher.queuedCount == before, "kill \(kill): the tombstone was lost")
            #expect(await dispatcher.flush(deadline: .now + .seconds(20)))
            await dispatcher.close()
            // Every queued row reached the server, whether the child sent it before the kill or this open did.
            let received = Set(try server.beacons().map(\.path).filter { $0.hasPrefix(prefix + "/") })
            #expect(
                received == Set((0..<Self.queued).map { "\(prefix)/\($0)" }),
                "kill \(kill) at \(fraction) of \(rebuild): version \(version), WAL \(walBytes) bytes")
        }
        #expect(interrupted > 0, "no kill landed inside a rebuild of \(rebuild): nothing was proven")
    }

    /// Writes a store as schema 5 wrote it: `rows` rows of one event, the first `queued` pending and the
    /// rest delivered, each URL `server`'s `prefix/N` padded to about 200 bytes.
    private func makeOldStore(_ path: String, prefix: String, server: TestServer) async throws {
        let script =
            OldBeaconStore.schemaFive + """
                base, host, rows, queued = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
                now = int(sys.argv[6])
                c.execute("BEGIN")
                for n in range(rows):
                    state = "pending" if n < queued else "delivered"
                    c.execute("INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts, "
                              "next_attempt_at, state, finished_at, host) VALUES (?, 'start', ?, 0, ?, ?, 0, ?, ?, ?, ?)",
                              ("ad-%d" % (n % 97), base + "/%d?pad=%s" % (n, "p" * 150), now, now + 3600000, now,
                               state, None if state == "pending" else now, host))
                c.execute("COMMIT")
                c.close()
                """
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let python = try await ProgramRun.python(
            [
                "-c", script, path, server.url(prefix), server.baseURL, String(Self.rows),
                String(Self.queued), String(now),
            ])
        try #require(python.status == 0)
    }

    /// The store's `user_version`, read by Python's SQLite (which rolls back what a killed writer left
    /// uncommitted in the WAL).
    private func userVersion(of path: String) async throws -> Int {
        let python = try await ProgramRun.python(
            [
                "-c",
                "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA user_version').fetchone()[0])",
                path,
            ])
        try #require(python.status == 0)
        return try #require(Int(python.text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

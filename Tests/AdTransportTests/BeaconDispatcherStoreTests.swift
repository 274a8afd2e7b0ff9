import AdTransport
import Foundation
import TestSupport
import Testing

/// The store file itself: one dispatcher per file, and stores written by earlier versions.
@Suite(.serialized) struct BeaconDispatcherStoreTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
        directory = try TemporaryDirectory()
    }

    /// On today's main the second dispatcher opens the file too, and the two send each other's rows.
    @Test func aSecondDispatcherOnTheSameStoreInThisProcessIsRefusedAtOnce() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let first = try BeaconDispatcher(storePath: store, client: client)
        let start = ContinuousClock.now
        #expect {
            try BeaconDispatcher(storePath: store, client: client)
        } throws: { error in
            guard let error = error as? BeaconStoreError else { return false }
            return error.code == .inUse && error.message.contains(store)
                && error.message.contains("pid \(getpid())") && error.message.contains("this process")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(await first.queuedCount == 0)
    }

    /// A child that another thread is starting holds a copy of every descriptor until its `exec`, the
    /// lock's too: closing the store then leaves its `flock` held by that copy for a moment. A copy made
    /// here with `dup` stands in for the child's and is closed 300 ms after the store: the reopen waits
    /// for it (it used to fail at once with `inUse`, seen in a parallel `swift test`), and a second live
    /// dispatcher is still refused at once.
    @Test func aStoreReopenedWhileACopyOfItsClosedLockLingersWaitsForTheCopy() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let first = try BeaconDispatcher(storePath: store, client: client)
        let copy = try #require(Self.duplicateDescriptor(of: store + ".lock"))
        await first.close()
        let closer = Thread {
            usleep(300_000)
            close(copy)
        }
        let start = ContinuousClock.now
        closer.start()
        let second = try BeaconDispatcher(storePath: store, client: client)
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(250) && waited < BeaconDispatcherStoreTests.releaseWaitBound, "\(waited)")
        let refusedAt = ContinuousClock.now
        #expect {
            try BeaconDispatcher(storePath: store, client: client)
        } throws: { error in
            (error as? BeaconStoreError)?.code == .inUse
        }
        #expect(ContinuousClock.now - refusedAt < .milliseconds(500), "a live holder is refused without waiting")
        await second.close()
    }

    /// Longer than the 300 ms the copy lives, shorter than the lock's own 2 s wait would make a refusal.
    static let releaseWaitBound: Duration = .milliseconds(1_900)

    /// A duplicate of this process's descriptor open on `path`, found in `/proc/self/fd`.
    private static func duplicateDescriptor(of path: String) -> Int32? {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in names {
            guard let descriptor = Int32(name),
                let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                linked == target
            else { continue }
            let copy = dup(descriptor)
            return copy >= 0 ? copy : nil
        }
        return nil
    }

    @Test func theStoreIsFreeAgainOnceItsDispatcherIsDeinitialized() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let beacons = (0..<5).map { Beacon(url: server.url("/beacon/free/\($0)"), event: "start", adInstance: "a") }
        weak var gone: BeaconDispatcher?
        do {
            let first = try BeaconDispatcher(storePath: store, client: client)
            gone = first
            await first.stop()
            try await first.enqueue(beacons)
        }
        // Work the dispatcher queued on its thread may hold it a moment longer than its owner
        // does, and its deinit (closing the file) ends a moment after the weak reference is gone.
        let deadline = ContinuousClock.now + .seconds(5)
        while gone != nil && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try #require(gone == nil)
        let second = try #require(try await dispatcher(on: store, onceFreeBy: deadline))
        #expect(await second.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set((0..<5).map { "/beacon/free/\($0)" }))
        #expect(FileManager.default.fileExists(atPath: store + ".lock"))
    }

    @Test func closingReleasesTheStoreAtOnceKeepsWhatIsQueuedAndRefusesLaterBeacons() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let first = try BeaconDispatcher(storePath: store, client: client)
        await first.stop()
        try await first.enqueue([Beacon(url: server.url("/beacon/kept"), event: "start", adInstance: "a")])
        let waiting = Task { await first.flush(deadline: .now + .seconds(30)) }
        while await first.queuedCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        await first.close()
        #expect(await waiting.value == false)
        await #expect {
            try await first.enqueue([Beacon(url: server.url("/beacon/late"), event: "start", adInstance: "a")])
        } throws: { error in
            (error as? BeaconStoreError)?.code == .closed
        }
        // `first` is still referenced here: close() alone gave the file up.
        let second = try BeaconDispatcher(storePath: store, client: client)
        #expect(await second.flush(deadline: .now + .seconds(10)))
        #expect(try server.beacons().map(\.path) == ["/beacon/kept"])
        #expect(await first.queuedCount == 1)
    }

    /// A store as version 2 wrote it (made here with Python's sqlite3, not this library): its
    /// queued rows get their hosts and are sent, its tombstones still suppress duplicates.
    @Test func aStoreOfSchemaTwoOpensAndItsBeaconsAreSent() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let script =
            OldBeaconStore.scriptStart + """
                    last_status INTEGER, last_error TEXT, finished_at INTEGER, UNIQUE (ad_instance, event, url));
                CREATE INDEX beacons_by_state ON beacons (state, next_attempt_at);
                CREATE INDEX beacons_by_expiry ON beacons (state, expires_at);
                PRAGMA user_version = 2;
                ''')
                now, base = int(sys.argv[2]), sys.argv[3]
                for i in range(3):
                    c.execute("INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts, "
                              "next_attempt_at, state) VALUES ('old', 'start', ?, 0, ?, ?, 0, ?, 'pending')",
                              (base + "/beacon/v2/%d" % i, now, now + 3600000, now))
                c.execute("INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts, "
                          "next_attempt_at, state, finished_at) VALUES ('old', 'start', ?, 0, ?, ?, 1, ?, 'delivered', ?)",
                          (base + "/beacon/v2/done", now, now + 3600000, now, now))
                c.close()
                """
        try await runPython(script, store, String(now), server.baseURL)

        let dispatcher = try BeaconDispatcher(storePath: store, client: client)
        #expect(dispatcher.recovery == nil)
        #expect(await dispatcher.queuedCount == 3)
        try await dispatcher.enqueue([Beacon(url: server.url("/beacon/v2/done"), event: "start", adInstance: "old")])
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == ["/beacon/v2/0", "/beacon/v2/1", "/beacon/v2/2"])
    }

    /// A store as version 3 wrote it (made with Python's sqlite3): its full indexes on `state`
    /// are replaced by the current partial ones, a row it left mid-send is recovered and sent, and
    /// its tombstone still suppresses a duplicate.
    @Test func aStoreOfSchemaThreeGetsThePartialIndexesAndItsBeaconsAreSent() async throws {
        try await openOldStore(
            indexes: """
                CREATE INDEX beacons_by_state ON beacons (state, next_attempt_at);
                CREATE INDEX beacons_by_expiry ON beacons (state, expires_at);
                CREATE INDEX beacons_by_host ON beacons (state, host, next_attempt_at);
                PRAGMA user_version = 3;
                """,
            rows: #"[("v3/0", "pending", 0, 0), ("v3/1", "sending", 1, 0), ("v3/done", "delivered", 1, 0)]"#,
            queued: 2, sent: ["v3/0", "v3/1"], tombstone: "v3/done")
    }

    /// A store as version 4 wrote it (made with Python's sqlite3): `beacons_queued`, which held
    /// every pending and sending row, gives way to `beacons_sending`; opening counts the queue
    /// from the pending rows, a row left mid-send is recovered and sent, a row waiting out its
    /// backoff is sent when due, and a tombstone still suppresses a duplicate.
    @Test func aStoreOfSchemaFourGetsTheSendingIndexAndItsBeaconsAreSent() async throws {
        try await openOldStore(
            indexes: """
                CREATE INDEX beacons_due ON beacons (host, next_attempt_at) WHERE state = 'pending';
                CREATE INDEX beacons_pending_expiry ON beacons (expires_at) WHERE state = 'pending';
                CREATE INDEX beacons_queued ON beacons (state, host) WHERE state IN ('pending', 'sending');
                CREATE INDEX beacons_expiry ON beacons (expires_at);
                PRAGMA user_version = 4;
                """,
            rows: #"""
                [("v4/0", "pending", 0, 0), ("v4/1", "sending", 1, 0), ("v4/later", "pending", 1, 400),
                 ("v4/done", "delivered", 1, 0)]
                """#,
            queued: 3, sent: ["v4/0", "v4/1", "v4/later"], tombstone: "v4/done")
    }

    /// A store as version 5 wrote it (made with Python's sqlite3): the table is rebuilt without
    /// its `UNIQUE` constraint and every row's key numbered, so the tombstone it had still
    /// suppresses a duplicate; a row left mid-send is recovered and sent.
    @Test func aStoreOfSchemaFiveGetsTheKeyIndexAndKeepsItsTombstones() async throws {
        try await openOldStore(
            indexes: OldBeaconStore.schemaFiveIndexes,
            rows: #"""
                [("v5/0", "pending", 0, 0), ("v5/1", "sending", 1, 0), ("v5/done", "delivered", 1, 0),
                 ("v5/gone", "dropped", 1, 0)]
                """#,
            queued: 2, sent: ["v5/0", "v5/1"], tombstone: "v5/done")
    }

    /// A version 5 store filled to its size cap (1 MiB, made with Python's sqlite3) still opens:
    /// the rebuild without the `UNIQUE` constraint moves rows a chunk at a time into the room the
    /// old ones leave, so it needs no second copy's worth of pages. Its queued beacons are sent,
    /// its tombstones still suppress duplicates, and the file stays within the cap.
    @Test func aStoreOfSchemaFiveAtItsSizeCapIsRebuiltInPlace() async throws {
        defer { directory.remove() }
        let store = directory.store()
        let cap = 1 << 20
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let counted = directory.path + "/rows.txt"
        let pad = String(repeating: "p", count: 150)
        let script =
            OldBeaconStore.schemaFive + """
                c.execute("PRAGMA synchronous=OFF")
                c.execute("PRAGMA max_page_count=%d" % (int(sys.argv[5]) // 4096))
                now, base, host, n = int(sys.argv[2]), sys.argv[3], sys.argv[4], 0
                try:
                    while True:
                        state = "pending" if n < 20 else "delivered"
                        c.execute("INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts, "
                                  "next_attempt_at, state, finished_at, host) VALUES (?, 'start', ?, 0, ?, ?, 0, ?, ?, ?, ?)",
                                  ("ad-%d" % (n * 7919 % 1000), base + "/beacon/full/%d?pad=%s" % (n, "p" * 150), now,
                                   now + 3600000, now, state, None if state == "pending" else now, host))
                        n += 1
                except sqlite3.OperationalError as full:
                    assert "full" in str(full), full
                c.close()
                open(sys.argv[6], "w").write("%d" % n)
                """
        try await runPython(script, store, String(now), server.baseURL, server.baseURL, String(cap), counted)
        let rows = try #require(Int(try String(contentsOfFile: counted, encoding: .utf8)))
        #expect(rows > 1_000, "the cap holds \(rows) rows")

        let dispatcher = try BeaconDispatcher(
            storePath: store, client: client, configuration: BeaconDispatcherConfiguration(maxStoreBytes: cap))
        #expect(dispatcher.recovery == nil)
        #expect(await dispatcher.queuedCount == 20)
        let last = rows - 1
        let repeated = Beacon(
            url: server.url("/beacon/full/\(last)?pad=\(pad)"), event: "start", adInstance: "ad-\(last * 7919 % 1000)")
        try await dispatcher.enqueue([repeated])
        #expect(await dispatcher.queuedCount == 20, "the tombstone still holds its key")
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set((0..<20).map { "/beacon/full/\($0)" }))
        await dispatcher.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
        #expect(size <= cap)
        #expect(try await self.indexes(of: store) == Self.currentIndexes)
    }

    /// Makes a store as version 3, 4 or 5 wrote it (their table is the same: version 3 added
    /// `host`), with `indexes` and `rows` (Python tuples: path under `/beacon/`, state, attempts,
    /// ms from now to `next_attempt_at`; a final row is finished now), then opens it: exactly one
    /// row was mid-send, `queued` rows are queued, `sent` are delivered and the `tombstone`'s path
    /// enqueued again is not, and the file has the current indexes.
    private func openOldStore(indexes: String, rows: String, queued: Int, sent: Set<String>, tombstone: String)
        async throws
    {
        defer { directory.remove() }
        let store = directory.store()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let script =
            OldBeaconStore.scriptStart + OldBeaconStore.hostColumns + """
                \(indexes)
                ''')
                now, base, host = int(sys.argv[2]), sys.argv[3], sys.argv[4]
                for path, state, attempts, later in \(rows):
                    finished = now if state in ("delivered", "dropped", "expired") else None
                    c.execute("INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts, "
                              "next_attempt_at, state, finished_at, host) VALUES ('old', 'start', ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                              (base + "/beacon/" + path, now, now + 3600000, attempts, now + later, state, finished, host))
                c.close()
                """
        // The origin as the dispatcher computes it for these URLs.
        try await runPython(script, store, String(now), server.baseURL, server.baseURL)

        let dispatcher = try BeaconDispatcher(storePath: store, client: client)
        #expect(dispatcher.recovery == nil)
        #expect(dispatcher.recoveredInFlight == 1)
        #expect(await dispatcher.queuedCount == queued)
        try await dispatcher.enqueue([
            Beacon(url: server.url("/beacon/" + tombstone), event: "start", adInstance: "old")
        ])
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set(sent.map { "/beacon/" + $0 }))
        await dispatcher.close()
        #expect(try await self.indexes(of: store) == Self.currentIndexes)
    }

    /// A new store gets 16 KiB pages (fewer pages, so fewer writes, per commit); one capped below
    /// 8 MiB keeps SQLite's 4 KiB, so that its pages hold rows. The file says which (Python's
    /// sqlite3 reads it).
    @Test func aNewStoreHasLargePagesUnlessItsCapIsSmall() async throws {
        defer { directory.remove() }
        for (cap, expected) in [(128 << 20, "16384"), (1 << 20, "4096")] {
            let store = directory.store("\(cap).sqlite")
            let dispatcher = try BeaconDispatcher(
                storePath: store, client: client, configuration: BeaconDispatcherConfiguration(maxStoreBytes: cap))
            try await dispatcher.enqueue([Beacon(url: server.url("/beacon/page"), event: "start", adInstance: "\(cap)")]
            )
            #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
            await dispatcher.close()
            let listing = directory.path + "/pages.txt"
            try await runPython(
                """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1])
                open(sys.argv[2], "w").write("%d" % c.execute("PRAGMA page_size").fetchone()[0])
                """, store, listing)
            #expect(try String(contentsOfFile: listing, encoding: .utf8) == expected, "cap \(cap)")
        }
    }

    /// The indexes and `user_version` of a store of the current schema, as ``indexes(of:)`` lists them.
    private static let currentIndexes =
        "beacons_due beacons_expiry beacons_key beacons_pending_expiry beacons_sending version=6"

    /// The names of the indexes of `store` (not the UNIQUE constraint's) and its `user_version`,
    /// read with Python's sqlite3.
    private func indexes(of store: String) async throws -> String {
        let listing = directory.path + "/indexes.txt"
        try await runPython(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            names = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")]
            version = c.execute("PRAGMA user_version").fetchone()[0]
            open(sys.argv[2], "w").write(" ".join(names) + " version=%d" % version)
            """, store, listing)
        return try String(contentsOfFile: listing, encoding: .utf8)
    }

    /// A dispatcher on `store` as soon as no other holds it, or `nil` at `deadline`.
    private func dispatcher(on store: String, onceFreeBy deadline: ContinuousClock.Instant) async throws
        -> BeaconDispatcher?
    {
        while ContinuousClock.now < deadline {
            let opened = Result { () throws(BeaconStoreError) in
                try BeaconDispatcher(storePath: store, client: client)
            }
            switch opened {
            case .success(let dispatcher): return dispatcher
            case .failure(let error) where error.code == .inUse: try await Task.sleep(for: .milliseconds(5))
            case .failure(let error): throw error
            }
        }
        return nil
    }

    /// Runs a Python script with `arguments`, which must succeed.
    private func runPython(_ script: String, _ arguments: String...) async throws {
        let python = try await ProgramRun.python(["-c", script] + arguments)
        try #require(python.status == 0)
    }
}

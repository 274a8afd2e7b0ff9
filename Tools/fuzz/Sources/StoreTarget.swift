import AdTransport
import Foundation
import Synchronization

/// The beacon store's opener on arbitrary files: `BeaconDispatcher(storePath:)` on a database (and a
/// WAL) written to a fresh folder.
///
/// Input: byte 0 `% 4` picks what the files are: `0` the rest is the database file; `1` the rest is the
/// database and its WAL, split at `\n--8<--\n`; `2` a real store holding ``pendingCount`` pending beacons
/// (made once per process), its database patched by the rest (3 bytes a patch: a 16-bit offset, little
/// endian, and a byte XORed in there); `3` the same store as it is while open (database and WAL), its WAL
/// patched the same way. Checked: opening returns or throws only `schema` for a newer version; an opened
/// store names files it moved aside that exist, takes a new beacon (its queue grows by one) and opens
/// again with no damage and no more beacons (fewer only by rows whose URL cannot be sent, which a dispatcher
/// drops when it runs), among them the new beacon's key; the real store unpatched opens with every beacon it
/// holds, and reopens with them all. The dispatchers' wall clock is fixed far in the past, so
/// that nothing expires between the opens. No beacon is ever sent: the client is shut down before any
/// dispatcher exists.
enum StoreTarget {
    static let pendingCount = 8

    /// The dispatchers' wall clock: fixed, and so early that no beacon a file can hold is overdue
    /// (but one whose `expires_at` is `Int64.min`), so that nothing expires between two opens and the
    /// queues can be compared exactly (the first fuzz run found the system clock expiring a patched
    /// row in one open and not the other, which a dispatcher does as soon as it runs).
    static let clock = BeaconWallClock { Int64.min + 1 }

    /// The client every dispatcher gets: shut down, so that every send fails at once, off the network.
    static let client: HTTPClient = {
        guard let client = try? HTTPClient() else { Invariant.fail("no HTTP client") }
        client.shutdown()
        return client
    }()

    /// The real store's files: its database closed (the WAL folded in), and its database and WAL
    /// as they are while it is open.
    static let template: (closed: [UInt8], open: [UInt8], wal: [UInt8]) = makeTemplate()

    /// Where each input's folder is made: memory (`/dev/shm`) when there is one, so that the stores'
    /// `fsync`s cost nothing and the target runs more inputs a second; else the temporary directory.
    static let scratch: String = access("/dev/shm", W_OK) == 0 ? "/dev/shm/" : NSTemporaryDirectory()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte() % 4
        let folder = scratch + "store-fuzz-" + UUID().uuidString
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)) != nil
        else { Invariant.fail("cannot create \(folder)") }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/beacons.sqlite"
        var database: [UInt8]
        var wal: [UInt8]?
        switch mode {
        case 0:
            database = input.rest
        case 1:
            let parts = input.parts(limit: 2)
            database = parts.first ?? []
            wal = parts.count > 1 ? parts[1] : nil
        case 2:
            database = patched(template.closed, with: input.rest)
        default:
            database = template.open
            wal = patched(template.wal, with: input.rest)
        }
        write(database, to: path)
        if let wal { write(wal, to: path + "-wal") }
        let untouched = (mode == 2 && database == template.closed) || (mode == 3 && wal == template.wal)
        check(path, untouched: untouched)
    }

    /// Opens the store at `path` and checks the invariants.
    private static func check(_ path: String, untouched: Bool) {
        let first: BeaconDispatcher
        do throws(BeaconStoreError) {
            first = try BeaconDispatcher(storePath: path, client: client, clock: clock)
        } catch {
            Invariant.check(
                error.code == .schema && error.message.contains("newer"),
                "opening failed with \(error.code): \(error.message)")
            return
        }
        if let recovery = first.recovery {
            Invariant.check(!recovery.movedTo.isEmpty, "a recovery that moved nothing: \(recovery)")
            for moved in recovery.movedTo {
                var info = stat()
                Invariant.check(lstat(moved, &info) == 0, "\(moved), named as moved aside, is not there")
            }
        } else if untouched {
            Invariant.check(blocking { await first.queuedCount } == pendingCount, "the real store lost beacons")
        }
        let queued = blocking { () async -> Int in
            await first.stop()
            return await first.queuedCount
        }
        let beacon = Beacon(url: "http://127.0.0.1:9/fuzz", event: "fuzz", adInstance: UUID().uuidString)
        let after = blocking { () async -> Result<Int, BeaconStoreError> in
            do throws(BeaconStoreError) {
                try await first.enqueue([beacon])
                let count = await first.queuedCount
                await first.close()
                return .success(count)
            } catch {
                await first.close()
                return .failure(error)
            }
        }
        guard case .success(let count) = after else { Invariant.fail("the opened store refused a beacon: \(after)") }
        Invariant.check(count == queued + 1, "a new beacon made the queue \(count), from \(queued)")
        do throws(BeaconStoreError) {
            let second = try BeaconDispatcher(storePath: path, client: client, clock: clock)
            Invariant.check(
                second.recovery == nil, "damage found again after a recovery: \(String(describing: second.recovery))")
            let (again, afterDuplicate) = blocking { () async -> (Int, Int) in
                await second.stop()
                let count = await second.queuedCount
                // Its key was stored: the same beacon again is ignored.
                try? await second.enqueue([beacon])
                let afterDuplicate = await second.queuedCount
                await second.close()
                return (count, afterDuplicate)
            }
            // A row whose URL cannot be sent (a patched scheme or host) is dropped by whichever dispatcher
            // pumps first, which may be this one (the first fuzz runs found such a row dropped here and
            // not by the first open): the queue may shrink by those, never grow. The real store has none.
            Invariant.check(again <= count, "the queue was \(count), reopened \(again)")
            Invariant.check(!untouched || again == count, "the real store's queue was \(count), reopened \(again)")
            Invariant.check(afterDuplicate == again, "the new beacon's key was lost: \(again) -> \(afterDuplicate)")
        } catch {
            Invariant.fail("the store opened once failed to open again: \(error)")
        }
    }

    /// `bytes` with each 3-byte patch of `patches` applied: a 16-bit little-endian offset (modulo the
    /// size) and a byte XORed in there.
    private static func patched(_ bytes: [UInt8], with patches: [UInt8]) -> [UInt8] {
        var result = bytes
        guard !result.isEmpty else { return result }
        var index = 0
        while index + 3 <= patches.count {
            let offset = (Int(patches[index]) | Int(patches[index + 1]) << 8) % result.count
            result[offset] ^= patches[index + 2]
            index += 3
        }
        return result
    }

    private static func write(_ bytes: [UInt8], to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            Invariant.fail("cannot write \(path)")
        }
    }

    private static func read(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { Invariant.fail("cannot read \(path)") }
        return Array(data)
    }

    /// A store of ``pendingCount`` pending beacons, as its files are while it is open and once closed.
    private static func makeTemplate() -> (closed: [UInt8], open: [UInt8], wal: [UInt8]) {
        let folder = scratch + "store-fuzz-template-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/beacons.sqlite"
        // A small cap: 4 KiB pages, so that the 16-bit patch offsets reach every page.
        let configuration = BeaconDispatcherConfiguration(maxStoreBytes: 1 << 20)
        guard let dispatcher = try? BeaconDispatcher(storePath: path, client: client, configuration: configuration)
        else { Invariant.fail("cannot make the template store") }
        let beacons = (0..<pendingCount).map {
            Beacon(url: "http://127.0.0.1:9/t/\($0)", event: "impression", adInstance: "template")
        }
        blocking { () async in
            await dispatcher.stop()
            try? await dispatcher.enqueue(beacons)
        }
        let open = (read(path), read(path + "-wal"))
        blocking { await dispatcher.close() }
        return (read(path), open.0, open.1)
    }

    /// Runs `body` on a task and waits for it, from the fuzzer's thread (never a pool thread).
    @discardableResult
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<T?>(nil)
        Task.detached {
            let value = await body()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = box.withLock({ $0 }) else { Invariant.fail("a task ended without a value") }
        return value
    }
}

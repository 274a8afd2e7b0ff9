import AdTransport
import Foundation
import TestSupport
import Testing

/// A store that cannot take a batch says so with `diskFull`, never a silent success, and loses
/// nothing it accepted: with the store's own size cap (SQLite's `max_page_count`, the same
/// `SQLITE_FULL` a full disk gives) and on a genuinely full file system.
@Suite(.serialized) struct BeaconDispatcherDiskFullTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        directory = try TemporaryDirectory()
    }

    /// Beacons `range`, each URL padded to about 450 bytes so a small store fills fast (short of
    /// the size where its row would move it to an overflow page of its own).
    private func beacons(_ range: Range<Int>, padding: Int = 400) -> [Beacon] {
        let pad = String(repeating: "p", count: padding)
        return range.map {
            Beacon(url: server.url("/beacon/d/\($0)?pad=\(pad)"), event: "impression", adInstance: "ad")
        }
    }

    /// On today's main the same `SQLITE_FULL` is a `statementFailed`, indistinguishable from any
    /// other failure (and before the last change to `enqueue`, it reported success).
    @Test func aFullStoreRefusesTheBatchWithDiskFullAndLosesNothingItAccepted() async throws {
        defer { directory.remove() }
        var configuration = BeaconDispatcherConfiguration()
        configuration.maxStoreBytes = 64 << 10
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client, configuration: configuration)
        await dispatcher.stop()  // nothing is delivered, so no tombstone can make room
        var accepted = 0
        var refusal: BeaconStoreError?
        for start in stride(from: 0, to: 1000, by: 10) {
            do {
                try await dispatcher.enqueue(beacons(start..<start + 10))
                accepted += 10
            } catch {
                refusal = error
                break
            }
        }
        let error = try #require(refusal, "64 KiB cannot hold 1,000 beacons of 450 bytes")
        #expect(error.code == .diskFull && error.resultCode.map { $0 & 0xFF } == 13)
        #expect(accepted > 0)
        #expect(await dispatcher.queuedCount == accepted, "nothing of the refused batch was stored")
        let refused = await dispatcher.outcomes(10)
        #expect(refused.map(\.kind) == Array(repeating: .rejected, count: 10))
        #expect(Set(refused.map(\.beacon)) == Set(beacons(accepted..<accepted + 10)))

        await dispatcher.start()
        #expect(await dispatcher.flush(deadline: .now + .seconds(20)))
        let tally = BeaconTally(
            test: "disk-full-cap", accepted: Set((0..<accepted).map { "/beacon/d/\($0)" }),
            received: try server.beacons(), extra: [("refused", 10)])
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0)
        #expect(!(try server.beacons()).contains { $0.path == "/beacon/d/\(accepted)" }, "a refused beacon was sent")
    }

    @Test func oldTombstonesMakeRoomForNewBeaconsInAFullStore() async throws {
        defer { directory.remove() }
        var configuration = BeaconDispatcherConfiguration()
        configuration.maxStoreBytes = 64 << 10
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client, configuration: configuration)
        // Deliver batches until the store is full of tombstones: each delivered key is remembered.
        var delivered = 0
        for start in stride(from: 0, to: 400, by: 10) {
            try await dispatcher.enqueue(beacons(start..<start + 10))
            #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
            delivered += 10
        }
        #expect(delivered == 400, "400 beacons of 450 bytes went through a 64 KiB store")
        #expect(await dispatcher.lastStoreError == nil)
        let tally = BeaconTally(
            test: "disk-full-tombstones", accepted: Set((0..<400).map { "/beacon/d/\($0)" }),
            received: try server.beacons())
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0)
    }

    /// A store on a 2 MiB tmpfs of its own (a child in a private mount namespace, `unshare -m`):
    /// the child enqueues until the file system is full, then frees space as a user would and
    /// drains. Skipped, by name and with its reason, where a mount namespace cannot be made.
    @Test(
        .enabled(
            if: TestConditions.canMountPrivateTmpfs,
            "cannot mount a tmpfs in a private mount namespace (unshare -m needs root or user namespaces)"),
        .timeLimit(.minutes(2)))
    func onAGenuinelyFullFileSystemEnqueueThrowsDiskFullAndNothingAcceptedIsLost() async throws {
        defer { directory.remove() }
        let child = try BeaconChild.path()
        let mountPoint = directory.path + "/tiny"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let store = mountPoint + "/beacons.sqlite"
        let process = try BeaconChild(
            executable: "/usr/bin/env",
            arguments: [
                "unshare", "-m", "sh", "-c",
                "mount -t tmpfs -o size=2m tmpfs \"$1\" && exec \"$2\" \"$3\" \"$4\" 100000 1 --fill",
                "sh", mountPoint, child, store, server.baseURL,
            ])
        let full = await process.line(timeout: 60) ?? ""
        let drained = await process.line(timeout: 70) ?? ""
        #expect(await process.wait(timeout: 10) == 0)
        let fields = Dictionary(
            full.split(separator: " ").dropFirst().compactMap { field -> (String, String)? in
                let pair = field.split(separator: "=", maxSplits: 1)
                return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
            }, uniquingKeysWith: { $1 })
        #expect(full.hasPrefix("FULL "), "the child said \(full.debugDescription)")
        #expect(fields["kind"] == "diskFull")
        let accepted = try #require(fields["accepted"].flatMap { Int($0) })
        #expect(accepted > 0)
        #expect(drained == "DRAINED")
        let tally = BeaconTally(
            test: "disk-full-fs", accepted: Set((0..<accepted).map { "/beacon/d/\($0)" }),
            received: try server.beacons(), extra: [("refused", Int(fields["refused"] ?? "") ?? 0)])
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0)
        #expect(!(try server.beacons()).contains { $0.path == "/beacon/d/\(accepted)" }, "a refused beacon was sent")
    }
}

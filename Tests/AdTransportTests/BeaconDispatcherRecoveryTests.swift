import AdTransport
import Foundation
import TestSupport
import Testing

/// A damaged store (database or WAL) does not stop the dispatcher: it is moved aside, kept for
/// diagnosis, reported, and a usable store takes its place. On today's main every one of these
/// fails in `init` (`file is not a database`, `database disk image is malformed`), on every
/// launch, or, for the WAL, opens without a word having silently dropped what the WAL held.
@Suite(.serialized) struct BeaconDispatcherRecoveryTests {
    /// How a file is damaged.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case databaseGarbage, databaseWrongMagic, databaseTruncated, databaseDamagedPage
        case walGarbage, walWrongMagic, walShorterThanItsHeader

        var testDescription: String { rawValue }
        var onWAL: Bool { self == .walGarbage || self == .walWrongMagic || self == .walShorterThanItsHeader }
        var scope: BeaconStoreRecovery.Scope { onWAL ? .writeAheadLog : .database }

        /// Damages `path` (the database, or its `-wal`) in place; returns the damaged bytes.
        func apply(to path: String) throws -> Data {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            // A fixed, non-SQLite pattern: the same damage on every run.
            let garbage = { (count: Int) in Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }) }
            switch self {
            case .databaseGarbage, .walGarbage: bytes = garbage(bytes.count)
            case .databaseWrongMagic: bytes.replaceSubrange(0..<16, with: Data("NOT A SQLITE DB!".utf8))
            case .walWrongMagic: bytes.replaceSubrange(0..<4, with: Data([0, 0, 0, 0]))
            case .databaseTruncated: bytes = bytes.prefix(bytes.count / 2)
            case .databaseDamagedPage:
                // The third page, whatever the page size (the header's bytes 16–17; 1 means 65,536).
                let size = bytes[16] == 0 && bytes[17] == 1 ? 65_536 : Int(bytes[16]) << 8 | Int(bytes[17])
                bytes.replaceSubrange((2 * size)..<(3 * size), with: garbage(size))
            case .walShorterThanItsHeader: bytes = bytes.prefix(20)
            }
            try bytes.write(to: URL(fileURLWithPath: path))
            return bytes
        }
    }

    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        directory = try TemporaryDirectory()
    }

    private func beacons(_ range: Range<Int>) -> [Beacon] {
        range.map { Beacon(url: server.url("/beacon/d/\($0)"), event: "impression", adInstance: "ad") }
    }

    /// Delivers `count` beacons through a store at `path`, then leaves the files as a process
    /// would: closed (the WAL folded into the database), or, for WAL damage, as they were while
    /// the dispatcher was alive (a copy taken then, the WAL holding every commit).
    private func makeStore(_ path: String, count: Int, keepWAL: Bool) async throws {
        let live = directory.store("live.sqlite")
        let dispatcher = try BeaconDispatcher(storePath: keepWAL ? live : path, client: client)
        try await dispatcher.enqueue(beacons(0..<count))
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        if keepWAL {
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(atPath: live + suffix, toPath: path + suffix)
            }
        }
        await dispatcher.close()
    }

    @Test(arguments: Damage.allCases)
    func aDamagedStoreIsMovedAsideReportedAndReplaced(_ damage: Damage) async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makeStore(path, count: 50, keepWAL: damage.onWAL)
        let damaged = try damage.apply(to: damage.onWAL ? path + "-wal" : path)

        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        let recovery = try #require(dispatcher.recovery)
        #expect(recovery.scope == damage.scope)
        #expect(!recovery.reason.isEmpty)
        let moved = try #require(recovery.movedTo.first)
        #expect(moved.hasPrefix(path + ".corrupt-") && moved.hasSuffix(damage.onWAL ? "-wal" : ""))
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == damaged, "kept as it was found")
        var events = dispatcher.events.makeAsyncIterator()
        #expect(await events.next() == .storeRecovered(recovery))

        try await dispatcher.enqueue(beacons(50..<100))
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(await dispatcher.lastStoreError == nil)
        let tally = BeaconTally(
            test: "corrupt-store-\(damage.rawValue)", accepted: Set((0..<100).map { "/beacon/d/\($0)" }),
            received: try server.beacons())
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0 && tally.delivered == 100)
    }

    @Test func aSecondDamageIsMovedAsideUnderAnotherName() async throws {
        defer { directory.remove() }
        let path = directory.store()
        var moved: [String] = []
        for _ in 0..<2 {
            try Data("garbage, not SQLite at all".utf8).write(to: URL(fileURLWithPath: path))
            let dispatcher = try BeaconDispatcher(storePath: path, client: client)
            moved += try #require(dispatcher.recovery).movedTo
            await dispatcher.close()
        }
        #expect(moved.count == 2 && Set(moved).count == 2)
        #expect(moved.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func aSoundStoreIsNotRecovered() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makeStore(path, count: 5, keepWAL: false)
        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        #expect(dispatcher.recovery == nil)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!siblings.contains { $0.contains("corrupt") })
    }

    /// What a process killed mid-commit leaves looks the same as a WAL cut short: SQLite keeps
    /// every commit before the cut, and that is not reported as damage.
    @Test func aWALCutMidFrameKeepsTheCommitsBeforeTheCut() async throws {
        defer { directory.remove() }
        let live = directory.store("live.sqlite")
        let path = directory.store()
        let dispatcher = try BeaconDispatcher(storePath: live, client: client)
        await dispatcher.stop()
        try await dispatcher.enqueue(beacons(0..<10))
        try await dispatcher.enqueue(beacons(10..<20))
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: live + suffix, toPath: path + suffix) }
        let wal = FileHandle(forUpdatingAtPath: path + "-wal")
        let size = try #require(wal).seekToEnd()
        try wal?.truncate(atOffset: size - 100)
        try wal?.close()

        let reopened = try BeaconDispatcher(storePath: path, client: client)
        #expect(reopened.recovery == nil)
        #expect(await reopened.queuedCount == 10)
        #expect(await reopened.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set((0..<10).map { "/beacon/d/\($0)" }))
    }
}

import Foundation
import TestSupport
import Testing

@testable import AdTransport

/// A store whose schema is not the store's (no tables, a foreign table, a missing index or key, a
/// trigger) or whose WAL is a directory is moved aside like a corrupt file, its readable pending
/// beacons are carried into the fresh store and sent, instead of every launch failing with
/// `statementFailed`.
@Suite(.serialized) struct BeaconStoreSchemaDamageTests {
    /// How the schema is damaged: SQL run on a closed store holding 20 pending beacons.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case noTables, foreignTable, foreignTableAtVersionZero, tableWithAnExtraColumn, missingIndex, missingKey
        case trigger, view

        var testDescription: String { rawValue }

        var sql: String {
            switch self {
            case .noTables: "DROP TABLE beacons"
            case .foreignTable:
                "DROP TABLE beacons; CREATE TABLE beacons (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)"
            case .foreignTableAtVersionZero:
                "DROP TABLE beacons; CREATE TABLE beacons (url TEXT, note TEXT); PRAGMA user_version = 0"
            case .tableWithAnExtraColumn: "ALTER TABLE beacons ADD COLUMN extra TEXT NOT NULL DEFAULT 'x'"
            case .missingIndex: "DROP INDEX beacons_due"
            case .missingKey:
                """
                CREATE TABLE copy AS SELECT * FROM beacons; DROP TABLE beacons; ALTER TABLE copy RENAME TO beacons
                """
            case .trigger: "CREATE TRIGGER forget AFTER INSERT ON beacons BEGIN DELETE FROM beacons; END"
            case .view:
                "ALTER TABLE beacons RENAME TO old; CREATE VIEW beacons AS SELECT * FROM old"
            }
        }

        /// The pending beacons that can still be read after the damage.
        var readable: Int {
            switch self {
            case .noTables, .foreignTable, .foreignTableAtVersionZero: 0
            default: 20
            }
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
        range.map { Beacon(url: server.url("/beacon/s/\($0)"), event: "impression", adInstance: "ad") }
    }

    /// A closed store at `path` holding `count` pending beacons, never sent.
    private func makePendingStore(_ path: String, count: Int) async throws {
        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        await dispatcher.stop()
        try await dispatcher.enqueue(beacons(0..<count))
        await dispatcher.close()
    }

    /// Runs `sql` on the closed store at `path` (the dispatcher's own SQLite connection, no lock).
    private func damage(_ path: String, _ sql: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute(sql)
    }

    @Test(arguments: Damage.allCases)
    func aDamagedSchemaIsMovedAsideWithItsReadableBeaconsRecovered(_ damage: Damage) async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 20)
        try self.damage(path, damage.sql)

        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        let recovery = try #require(dispatcher.recovery)
        #expect(recovery.scope == .database)
        #expect(recovery.reason.contains("schema"), "\(recovery.reason)")
        #expect(recovery.recoveredBeacons == damage.readable)
        let moved = try #require(recovery.movedTo.first)
        #expect(moved.hasPrefix(path + ".corrupt-"))
        #expect(FileManager.default.fileExists(atPath: moved))

        try await dispatcher.enqueue(beacons(20..<30))
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(await dispatcher.lastStoreError == nil)
        let expected = Set((20 - damage.readable..<30).map { "/beacon/s/\($0)" })
        let tally = BeaconTally(test: "schema-\(damage.rawValue)", accepted: expected, received: try server.beacons())
        tally.print()
        #expect(tally.lost == 0 && tally.duplicated == 0 && tally.delivered == expected.count)
        await dispatcher.close()

        let reopened = try BeaconDispatcher(storePath: path, client: client)
        #expect(reopened.recovery == nil, "the fresh store is sound")
        await reopened.close()
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aCompanionThatIsADirectoryIsMovedAsideAndTheQueueKept(_ suffix: String) async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 5)
        try FileManager.default.createDirectory(atPath: path + suffix, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: path + suffix + "/file"))

        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        let recovery = try #require(dispatcher.recovery)
        #expect(recovery.scope == .writeAheadLog)
        #expect(recovery.reason.contains("is a directory"))
        let moved = try #require(recovery.movedTo.first)
        #expect(moved.hasPrefix(path + ".corrupt-") && moved.hasSuffix(suffix))
        #expect(try String(contentsOfFile: moved + "/file", encoding: .utf8) == "inside", "kept as found")
        #expect(await dispatcher.queuedCount == 5)
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set((0..<5).map { "/beacon/s/\($0)" }))
        await dispatcher.close()
    }

    /// A store path naming a folder or a device is the caller's mistake, never moved (renaming
    /// `/dev/null` would be a disaster): refused as before.
    @Test func aStorePathThatIsADirectoryIsRefusedAndLeftAlone() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect {
            _ = try BeaconDispatcher(storePath: path, client: client)
        } throws: { ($0 as? BeaconStoreError)?.code == .cannotOpen }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!siblings.contains { $0.contains("corrupt") })
    }

    @Test func aCompanionThatIsAFIFOIsRefusedAndLeftAlone() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 1)
        guard mkfifo(path + "-wal", 0o600) == 0 else { throw POSIXError(.EPERM) }
        #expect {
            _ = try BeaconDispatcher(storePath: path, client: client)
        } throws: { ($0 as? BeaconStoreError)?.code == .cannotOpen }
        var info = stat()
        #expect(lstat(path + "-wal", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aNewerSchemaVersionIsRefusedAndLeftInPlace() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 3)
        try damage(path, "PRAGMA user_version = 99")
        #expect {
            _ = try BeaconDispatcher(storePath: path, client: client)
        } throws: { error in
            guard let error = error as? BeaconStoreError else { return false }
            return error.code == .schema && error.message.contains("newer")
        }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!siblings.contains { $0.contains("corrupt") })
    }

    /// Found by the store fuzz target in its first minute: a header whose write version SQLite
    /// does not know (byte 18 above 2) makes the file read-only, and every launch failed at the
    /// first write with `statementFailed: attempt to write a readonly database`.
    @Test func aHeaderThatMakesTheStoreReadOnlyIsDamage() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 20)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[18] = 3
        try bytes.write(to: URL(fileURLWithPath: path))

        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        let recovery = try #require(dispatcher.recovery)
        #expect(recovery.scope == .database && recovery.reason.contains("read-only"))
        #expect(recovery.recoveredBeacons == 20)
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(Set(try server.beacons().map(\.path)) == Set((0..<20).map { "/beacon/s/\($0)" }))
        await dispatcher.close()
    }

    @Test func aCorruptDatabaseGivesBackTheBeaconsItsReadablePagesHold() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await makePendingStore(path, count: 20)
        // The last page (an index's) damaged: quick_check fails, the table's pages still read.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let size = bytes[16] == 0 && bytes[17] == 1 ? 65_536 : Int(bytes[16]) << 8 | Int(bytes[17])
        bytes.replaceSubrange((bytes.count - size)..<bytes.count, with: Data(repeating: 0xA5, count: size))
        try bytes.write(to: URL(fileURLWithPath: path))

        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        let recovery = try #require(dispatcher.recovery)
        #expect(recovery.scope == .database)
        #expect(recovery.recoveredBeacons == 20)
        #expect(await dispatcher.queuedCount == 20)
        #expect(recovery.description.contains("20 pending beacons were recovered"))
        await dispatcher.close()
    }
}

import Foundation
import Testing

@testable import AdTransport

/// The WAL header check against the format SQLite documents, on a WAL SQLite itself wrote.
@Suite struct WALHeaderTests {
    /// The first 32 bytes of a WAL written by SQLite 3.40 (Python's sqlite3, 4 KiB pages).
    let real: [UInt8] = Array(hex: "377f0682002de2180000100000000001047d1d63f2b8d648390480173ac310ae")

    @Test func aHeaderSQLiteWroteIsValid() {
        #expect(WALHeader.problem(real) == nil)
        #expect(WALHeader.problem([]) == nil)
    }

    @Test func aWALOfTheStoreIsValid() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = try HTTPClient()
        let dispatcher = try BeaconDispatcher(storePath: directory.store(), client: client)
        await dispatcher.stop()
        try await dispatcher.enqueue([Beacon(url: "http://127.0.0.1:9/x", event: "e", adInstance: "a")])
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: directory.store() + "-wal")).prefix(32))
        #expect(header.count == 32)
        #expect(WALHeader.problem(header) == nil)
    }

    @Test func eachBrokenFieldIsNamed() {
        func broken(_ offset: Int, _ value: UInt8) -> String? {
            var bytes = real
            bytes[offset] = value
            return WALHeader.problem(bytes)
        }
        #expect(WALHeader.problem(Array(real.prefix(31)))?.contains("shorter than its 32-byte header") == true)
        #expect(broken(0, 0)?.contains("magic number") == true)
        #expect(broken(7, 1)?.contains("format version") == true)
        #expect(broken(10, 0x30)?.contains("page size") == true)
        #expect(broken(16, 0xFF)?.contains("checksum") == true)
        #expect(broken(31, 0)?.contains("checksum") == true)
    }
}

extension Array where Element == UInt8 {
    init(hex: String) {
        let digits = Array(hex.utf8)
        self = stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16) ?? 0
        }
    }
}

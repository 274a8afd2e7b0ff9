import Foundation
import TestSupport
import Testing

@testable import AdTransport

/// The number the store files a beacon's key under: fixed across processes and versions (it is
/// in the files), grouped by ad instance, and never the last word on a duplicate.
@Suite(.serialized) struct BeaconKeyHashTests {
    /// FNV-1a's published 32-bit test vectors: the function is FNV-1a, so a store written by one
    /// build is read by the next.
    @Test(arguments: [("", 0x811C_9DC5), ("a", 0xE40C_292C), ("foobar", 0xBF9C_F968)] as [(String, UInt32)])
    func theHashIsFNV1a(_ text: String, _ expected: UInt32) {
        #expect(BeaconKeyHash.fnv1a(text.utf8, from: BeaconKeyHash.offsetBasis) == expected)
        let key = BeaconKeyHash.of(adInstance: text, event: "start", url: "http://h/")
        #expect(UInt32(truncatingIfNeeded: UInt64(bitPattern: key) >> 32) == expected)
    }

    /// The event and URL are told apart by a separator, and the same key always gets the same number.
    @Test func theNumberDependsOnEveryPartOfTheKey() {
        let key = BeaconKeyHash.of(adInstance: "ad", event: "start", url: "http://h/a")
        #expect(BeaconKeyHash.of(adInstance: "ad", event: "start", url: "http://h/a") == key)
        #expect(BeaconKeyHash.of(adInstance: "ad", event: "star", url: "thttp://h/a") != key)
        #expect(BeaconKeyHash.of(adInstance: "ad", event: "start", url: "http://h/b") != key)
        #expect(BeaconKeyHash.of(adInstance: "ae", event: "start", url: "http://h/a") != key)
        // One ad's keys share their high half, so its beacons sit together in the index.
        let other = BeaconKeyHash.of(adInstance: "ad", event: "complete", url: "http://h/z")
        #expect(key >> 32 == other >> 32)
    }

    /// Two beacons of one ad whose keys share a number (found by search: FNV-1a is not made to
    /// resist that, and a tracking URL is whatever an ad server wrote) are two beacons: both are
    /// stored and sent, and each is still a duplicate of itself.
    @Test func beaconsWhoseKeysShareANumberAreBothSent() async throws {
        let server = try TestServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (first, second) = try #require(Self.collidingPaths(base: server.baseURL))
        let beacons = [first, second].map { Beacon(url: server.baseURL + $0, event: "start", adInstance: "ad") }
        #expect(BeaconKeyHash.of(beacons[0]) == BeaconKeyHash.of(beacons[1]))

        let dispatcher = try BeaconDispatcher(storePath: directory.store(), client: client)
        try await dispatcher.enqueue(beacons)
        #expect(await dispatcher.queuedCount == 2)
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        try await dispatcher.enqueue(beacons + beacons)
        #expect(await dispatcher.queuedCount == 0)
        #expect(await dispatcher.flush(deadline: .now + .seconds(10)))
        #expect(try server.beacons().map(\.path).sorted() == [first, second].sorted())
        await dispatcher.close()
    }

    /// Two paths under `/beacon/c/` whose beacons (event `start`, ad `ad`) get the same number,
    /// found among paths made of 16 hex digits of a fixed SplitMix64 sequence (numbers counted up
    /// in decimal rarely collide: FNV-1a spreads a short suffix's few changed bits too evenly).
    /// About 50,000 paths in, for a birthday search over 32 bits.
    private static func collidingPaths(base: String) -> (String, String)? {
        var seen: [Int64: String] = [:]
        var state: UInt64 = 0
        for _ in 0..<400_000 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            let hex = String(mixed ^ (mixed >> 31), radix: 16)
            let path = "/beacon/c/" + String(repeating: "0", count: 16 - hex.count) + hex
            let key = BeaconKeyHash.of(adInstance: "ad", event: "start", url: base + path)
            if let earlier = seen.updateValue(path, forKey: key) { return (earlier, path) }
        }
        return nil
    }
}

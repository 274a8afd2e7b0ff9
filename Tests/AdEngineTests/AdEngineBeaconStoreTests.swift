import AdEngine
import AdLifecycle
import AdPlacement
import AdTransport
import Foundation
import TestSupport
import Testing

/// What the app sees of its beacon store through the engine: a damaged store moved aside and reported, a
/// full store refusing beacons with an event and a rejected result per beacon.
@Suite(.serialized) struct AdEngineBeaconStoreTests {
    let server: TestServer
    let scratch: ScratchFolder
    var folder: URL { scratch.url }

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-store")
    }

    private func engine(tag: String, store: String, beacons: BeaconDispatcherConfiguration = .init()) throws -> AdEngine
    {
        try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [
                        .clipsBetweenItems: PlacementSettings(
                            enabled: true,
                            sources: [
                                PlacementSourceSettings(
                                    name: "main", tier: 0, kind: .tag(urlTemplate: tag), timeoutMilliseconds: 2_000)
                            ])
                    ]),
                beaconStorePath: store, beacons: beacons))
    }

    @Test func aDamagedStoreIsMovedAsideAndTheEngineSaysSo() async throws {
        let store = folder.appendingPathComponent("beacons.sqlite").path
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: store))
        let engine = try engine(tag: try server.registerChain("damaged", hops: 1), store: store)
        let recovery = try #require(engine.beaconStoreRecovery)
        #expect(recovery.scope == .database)
        let moved = try #require(recovery.movedTo.first)
        #expect(FileManager.default.fileExists(atPath: moved))
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == Data(repeating: 0x5A, count: 8_192))
    }

    @Test func aFullStoreRefusesAnImpressionsBeaconsWithAnEventAndARejectedResultEach() async throws {
        // 60 impression URLs of 2 KiB each cannot fit a 64 KiB store (each is kept in the row and its key).
        let padding = String(repeating: "p", count: 2_048)
        let impressions = (0..<60).map {
            "<Impression><![CDATA[{{BASE_URL}}/beacon/full/\($0)?pad=\(padding)]]></Impression>"
        }
        try server.register(
            "full-0",
            body: """
                <VAST version="3.0"><Ad id="full"><InLine><AdSystem>test</AdSystem><AdTitle>full</AdTitle>\
                \(impressions.joined())<Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>\
                <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
                <![CDATA[{{BASE_URL}}/media/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>\
                </InLine></Ad></VAST>
                """)
        let engine = try engine(
            tag: server.docURL("full-0"), store: folder.appendingPathComponent("small.sqlite").path,
            beacons: BeaconDispatcherConfiguration(maxStoreBytes: 64 << 10))
        let events = engine.events
        let ad = try await engine.getAd(for: AdRequestInfo(placement: .clipsBetweenItems, itemId: "clip-1"))
        let session = try ad.makeSession()
        try session.send(.unit(.impressionRendered))
        var failure: BeaconStoreError?
        var rejected = 0
        for await event in events {
            switch event.kind {
            case .beaconStore(.storeFailed(let error)): failure = error
            case .beacon(let outcome) where outcome.kind == .rejected: rejected += 1
            default: break
            }
            if failure != nil && rejected == 60 { break }
        }
        #expect(failure?.code == .diskFull)
        #expect(rejected == 60)
        #expect(try server.stats().byPath.keys.filter { $0.hasPrefix("/beacon/full/") }.isEmpty)
    }
}

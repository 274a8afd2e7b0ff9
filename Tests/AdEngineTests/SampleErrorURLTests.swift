import AdEngine
import AdLifecycle
import AdPlacement
import Foundation
import TestSupport
import Testing
import VAST

/// The bundled samples write `[ERRORCODE]` percent-encoded, `%5BERRORCODE%5D`, as the XSD's `anyURI` wants
/// and `url.macro-unencoded` advises: served from the loopback server as a Wrapper and its InLine, played
/// through the engine and failed, their Error URLs reach the server with the code in place.
@Suite(.serialized) struct SampleErrorURLTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("sample-errors")
    }

    /// A sample as written, its hosts moved to the loopback server's beacon route (`/beacon/HOST/...`).
    private func sample(_ name: String, replacing replacements: [(String, String)] = []) throws -> String {
        var text = try String(
            contentsOf: TestServer.repositoryRoot.appendingPathComponent("vast-samples/\(name).xml"), encoding: .utf8)
        for (from, to) in replacements { text = text.replacingOccurrences(of: from, with: to) }
        for host in ["ads.example.com", "exchange.example.org", "measure.example.net", "survey.example.com"] {
            text = text.replacingOccurrences(of: "https://\(host)/", with: server.url("/beacon/\(host)/"))
        }
        return text
    }

    @Test func theSamplesEncodedErrorMacrosArriveExpandedAtTheServer() async throws {
        let inline = try sample("v20-inline-linear")
        let wrapper = try sample(
            "v20-wrapper-basic",
            replacing: [("https://ads.example.com/v20/vast?ad=v20-linear-001", server.docURL("v20-inline-linear"))])
        // The samples' own Error URLs, before anything is done to them.
        #expect(inline.contains("/beacon/ads.example.com/v20/error?code=%5BERRORCODE%5D"))
        #expect(wrapper.contains("/beacon/exchange.example.org/v20/error?code=%5BERRORCODE%5D"))
        try server.register("v20-inline-linear", body: inline)
        try server.register("v20-wrapper-basic", body: wrapper)
        let engine = try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [
                        .clipsBetweenItems: PlacementSettings(
                            enabled: true,
                            sources: [
                                PlacementSourceSettings(
                                    name: "samples", tier: 0,
                                    kind: .tag(urlTemplate: server.docURL("v20-wrapper-basic")),
                                    timeoutMilliseconds: 2_000)
                            ])
                    ]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path))
        let ad = try await engine.getAd(
            for: AdRequestInfo(
                placement: .clipsBetweenItems, itemId: "clip-1", playerSize: AdSize(width: 640, height: 360)))
        #expect(ad.report.sources.map(\.outcome) == [.won])
        try ad.makeSession().send(.unit(.renderFailed(errorCode: 405)))
        _ = await engine.flush()
        let errors = try await server.waitForBeacons(count: 2).filter { $0.path.hasSuffix("/v20/error") }
        for beacon in errors { print("received: \(beacon.method) \(beacon.target)") }
        // Both are sent at once; the order they arrive in is the network's.
        #expect(
            errors.map(\.target).sorted() == [
                "/beacon/ads.example.com/v20/error?code=405", "/beacon/exchange.example.org/v20/error?code=405",
            ])
    }
}

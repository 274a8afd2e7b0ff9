import Foundation
import TestSupport
import Testing

/// The example host program (`Examples/host-app`), built with the package and run as an app SDK would
/// run it: against the loopback ad server the test starts, with only the public API. Its output and what
/// the server received must tell the same story.
@Suite(.serialized) struct ExampleHostTests {
    /// `example-host`, built with the package: next to the test bundle, else in `.build/debug`.
    static var programPath: String? {
        [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("example-host").path,
            TestServer.repositoryRoot.appendingPathComponent(".build/debug/example-host").path,
        ].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.timeLimit(.minutes(1)))
    func theExampleHostPlaysAPreRollAndABannerAndTheServerReceivesExactlyTheirBeacons() throws {
        let program = try #require(Self.programPath, "example-host not built: run `swift build` first")
        let server = try TestServer()
        let ads = TestServer.repositoryRoot.appendingPathComponent("Examples/host-app/ads")
        for (name, file) in [
            ("example-preroll", "preroll-wrapper.xml"), ("example-preroll-inline", "preroll-inline.xml"),
            ("example-banner", "banner.xml"),
        ] {
            try server.register(name, body: String(contentsOf: ads.appendingPathComponent(file), encoding: .utf8))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [
            "--preroll-tag", server.docURL("example-preroll"), "--banner-tag", server.docURL("example-banner"),
            "--beacon-log", server.url("/beacons"),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let received = try server.beacons().map { $0.path + ($0.query.isEmpty ? "" : "?" + $0.query) }
        #expect(
            received.sorted() == [
                "/beacon/banner/impression", "/beacon/banner/view-320x50", "/beacon/banner/viewable",
                "/beacon/exchange/click", "/beacon/exchange/complete", "/beacon/exchange/impression",
                "/beacon/exchange/start", "/beacon/exchange/viewable",
                "/beacon/inline/click?ph=00%3A00%3A07.500&pos=195,420",
                "/beacon/inline/complete", "/beacon/inline/firstQuartile", "/beacon/inline/impression",
                "/beacon/inline/midpoint", "/beacon/inline/playerCollapse?ph=00%3A00%3A18.000",
                "/beacon/inline/playerExpand?ph=00%3A00%3A00.000", "/beacon/inline/start",
                "/beacon/inline/thirdQuartile",
                "/beacon/inline/viewable",
            ])
        for beacon in received { #expect(text.contains(beacon), "the program's output lists \(beacon)") }
        #expect(text.contains("the ad server received \(received.count) beacons, in arrival order:"))
        #expect(text.contains("click opens \(server.baseURL)/landing/example"))
        #expect(text.contains("banner example-banner: 320x50"))
        #expect(text.contains("flush: everything delivered"))
        #expect(text.contains("getad_to_last_beacon_ms="))
    }
}

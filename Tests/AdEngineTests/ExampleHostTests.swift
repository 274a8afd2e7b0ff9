import Foundation
import TestSupport
import Testing

/// The example host program (`Examples/host-app`), built with the package and run as an app SDK would
/// run it: against the loopback ad server the test starts, with only the public API. Its output and what
/// the server received must tell the same story.
@Suite(.serialized) struct ExampleHostTests {
    /// `example-host`, built by `Tools/test` (or `Tools/build-package Examples/host-app`) in its own
    /// package; a missing or stale one is refused with the command that builds it.
    static func programPath() throws -> String { try BuiltProgram.require("example-host") }

    @Test(.timeLimit(.minutes(1)))
    func
        theExampleHostPlaysAPreRollABannerAndThePreRollThroughSessionAndControllersAndTheServerReceivesExactlyTheirBeacons()
        async throws
    {
        let program = try Self.programPath()
        let server = try TestServer()
        let ads = TestServer.repositoryRoot.appendingPathComponent("Examples/host-app/ads")
        for (name, file) in [
            ("example-preroll", "preroll-wrapper.xml"), ("example-preroll-inline", "preroll-inline.xml"),
            ("example-banner", "banner.xml"),
        ] {
            try server.register(name, body: String(contentsOf: ads.appendingPathComponent(file), encoding: .utf8))
        }
        let run = try await ProgramRun.run(
            program,
            [
                "--preroll-tag", server.docURL("example-preroll"), "--banner-tag", server.docURL("example-banner"),
                "--beacon-log", server.url("/beacons"),
            ])
        let text = run.text
        #expect(run.status == 0, "\(text)")
        let received = try server.beacons().map { $0.path + ($0.query.isEmpty ? "" : "?" + $0.query) }
        // The first pre-roll (through a virtual player, exposed: viewable), the banner, and the same pre-roll
        // twice more with the same reports, once through its session and once through the controllers.
        let scripted = [
            "/beacon/exchange/click", "/beacon/exchange/complete", "/beacon/exchange/impression",
            "/beacon/exchange/start", "/beacon/inline/click?ph=00%3A00%3A07.500&pos=195,420",
            "/beacon/inline/complete", "/beacon/inline/firstQuartile", "/beacon/inline/impression",
            "/beacon/inline/midpoint", "/beacon/inline/playerCollapse?ph=00%3A00%3A18.000",
            "/beacon/inline/playerExpand?ph=00%3A00%3A00.000", "/beacon/inline/start", "/beacon/inline/thirdQuartile",
        ]
        let first = scripted + ["/beacon/exchange/viewable", "/beacon/inline/viewable"]
        let banner = ["/beacon/banner/impression", "/beacon/banner/view-320x50", "/beacon/banner/viewable"]
        #expect(received.sorted() == (first + banner + scripted + scripted).sorted())
        #expect(
            text.contains("session and controllers fired the same \(scripted.count) beacons in the same order: yes"))
        for beacon in received { #expect(text.contains(beacon), "the program's output lists \(beacon)") }
        #expect(text.contains("the ad server received \(received.count) beacons, in arrival order:"))
        #expect(text.contains("click opens \(server.baseURL)/landing/example"))
        #expect(text.contains("banner example-banner: 320x50"))
        #expect(text.contains("flush: everything delivered"))
        #expect(text.contains("getad_to_last_beacon_ms="))
    }
}

/// The README's library snippet is the body of `readmeSnippet` in the example host, which the example's
/// build compiles: the snippet a newcomer copies is one that builds against the public API.
@Suite struct ReadmeSnippetTests {
    @Test func theReadmesLibrarySnippetIsTheOneTheExampleHostCompiles() throws {
        let root = TestServer.repositoryRoot
        let source = try String(
            contentsOf: root.appendingPathComponent("Examples/host-app/Sources/ReadmeSnippet.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let open = try #require(source.range(of: "async throws {\n"))
        let close = try #require(source.range(of: "\n}", options: .backwards))
        let body = source[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        let snippet = "```swift\nimport AdEngine\nimport AdPlacement\n\n" + body + "\n```\n"
        #expect(readme.contains("## The library in twenty lines\n\n" + snippet))
    }
}

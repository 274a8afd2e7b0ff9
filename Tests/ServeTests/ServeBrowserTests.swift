import Foundation
import TestSupport
import Testing

/// The browser tests of `vastcheck serve` (Tests/Browser/serve_browser_test.py): headless Chromium driven by
/// Selenium plays a two-hop tag to its end and checks the beacon timeline against the built-in collector,
/// checks that a hostile AdTitle stays text, and runs the batch page on 50 tags. The script prints one
/// `ok NAME` line per scenario and the median latency from the player's event to the beacon shown.
///
/// Screenshots go to `SERVE_SCREENSHOTS` when it names a folder (docs/images for the committed ones).
@Suite struct ServeBrowserTests {
    static let python = "/usr/bin/python3"

    /// Debian's chromium, chromium-driver, python3-selenium (for /usr/bin/python3) and ffmpeg.
    static let available: Bool = {
        let files = ["/usr/bin/chromium", "/usr/bin/chromedriver", python]
        guard files.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }), TestMedia.available else {
            return false
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test(
        .enabled(if: available, "needs chromium, chromium-driver, python3-selenium and ffmpeg (Tools/install-deps)"),
        .timeLimit(.minutes(5)))
    func aPlayedTagsBeaconsShowInOrderAndMatchTheCollector() throws {
        let script = TestServer.repositoryRoot.appendingPathComponent("Tests/Browser/serve_browser_test.py").path
        var arguments = [script, "--vastcheck", try BuiltProgram.require("vastcheck")]
        if let folder = ProcessInfo.processInfo.environment["SERVE_SCREENSHOTS"], !folder.isEmpty {
            arguments += ["--screenshots", folder]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text, terminator: "")
        #expect(process.terminationStatus == 0, "\(text)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ok play: " + Self.expectedTimeline) })
        #expect(lines.contains { $0.hasPrefix("ok hostile: ") })
        #expect(lines.contains { $0.hasPrefix("ok batch: progress 100 %, 50 rows") })
        let latency = try #require(lines.first { $0.hasPrefix("latency median_ms=") })
        #expect(latency.hasSuffix(" beacons=12"))
    }

    /// impression, start, the quartiles and complete, each from the wrapper (hop 0) then the InLine (hop 1).
    static let expectedTimeline = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
        .flatMap { [$0, $0] }.joined(separator: " ")
}

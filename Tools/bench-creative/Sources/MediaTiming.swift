import AdResolution
import BenchSupport
import Foundation
import LoopbackSupport
import VASTCheck

/// What `vastcheck validate --media` adds for a typical spot: a 15 s 1280x720 fast-start H.264 MP4.
enum MediaTiming {
    /// Median milliseconds of `validate --media FILE` minus those of `validate FILE`, `runs` of each, alternating.
    static func measure(server: TestServer, media: URL, folder: URL, runs: Int) async throws -> Double {
        guard TestMedia.available else { throw BenchFailure("ffmpeg is needed for the 15 s 720p MP4") }
        let spot = media.appendingPathComponent("spot.mp4")
        try FileManager.default.copyItem(atPath: TestMedia.path(.h264FastStart720p), toPath: spot.path)
        let size = (try FileManager.default.attributesOfItem(atPath: spot.path)[.size] as? Int) ?? 0
        let document = folder.appendingPathComponent("spot.xml")
        try Data(vast(url: server.mediaURL("spot.mp4", query: "cors=*")).utf8).write(to: document)
        let console = Console(
            out: { _ in }, err: { _ in }, standardInput: StandardInput { _ in [] }, outputIsTerminal: false,
            environment: [:])
        var plain: [Double] = []
        var withMedia: [Double] = []
        log("vastcheck validate with and without --media: \(runs) runs each, a \(size)-byte 15 s 720p MP4")
        for run in 0..<(runs + 2) {
            for media in run % 2 == 0 ? [false, true] : [true, false] {
                let arguments = ["validate"] + (media ? ["--media"] : []) + [document.path]
                let start = ContinuousClock.now
                let code = await VASTCheck.run(arguments, console: console)
                let elapsed = milliseconds(.now - start)
                guard code == .success else { throw BenchFailure("vastcheck \(arguments) exited \(code.rawValue)") }
                // The first two runs warm the code and the connection.
                if run >= 2 { if media { withMedia.append(elapsed) } else { plain.append(elapsed) } }
            }
        }
        let log = try server.mediaLog()
        let read = log.last.map { "\($0.status) \($0.range ?? "-")" } ?? "nothing"
        print(
            "validate_ms plain p50: \(fmt(median(plain), 1))  --media p50: \(fmt(median(withMedia), 1))  (last request: \(read) of \(size) bytes)"
        )
        return median(withMedia) - median(plain)
    }

    private static func vast(url: String) -> String {
        """
        <VAST version="4.1" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine><AdSystem>bench</AdSystem>
        <Impression><![CDATA[https://t.example/i]]></Impression><AdServingId>a</AdServingId><AdTitle>spot</AdTitle>
        <Creatives><Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear>
        <Duration>00:00:15</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[\(url)]]></MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }
}

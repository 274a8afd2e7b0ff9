import AdTransport
import Creatives
import Foundation
import MediaProbe
import TestSupport
import Testing
import VAST

/// `MediaCheck` (what `vastcheck --media` runs) against real files served from loopback: the ranges it
/// asks for, and what it reads from them.
@Suite(.serialized, .enabled(if: TestMedia.available, "ffmpeg is not installed"))
struct MediaCheckTests {
    let fixture: CacheFixture

    init() async throws {
        try await TestMedia.prepare()
        fixture = try CacheFixture("media-check")
        try fixture.serve(copyOf: TestMedia.path(.h264FastStart360p), as: "fast.mp4")
        try fixture.serve(copyOf: TestMedia.path(.h264NoFastStart720p), as: "slow.mp4")
    }

    private func check(_ path: String, width: Int = 640, height: Int = 360, limits: MediaCheckLimits) async
        -> MediaCheckResult
    {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        var mediaFile = VASTMediaFile(url: fixture.server.mediaURL(parts[0], query: parts.count > 1 ? parts[1] : nil))
        mediaFile.type = "video/mp4"
        mediaFile.width = width
        mediaFile.height = height
        return await MediaCheck(client: fixture.client, verifier: MediaVerifier(), limits: limits)
            .check(mediaFile, adDuration: VASTTime(seconds: 15), deadline: .now + .seconds(10))
    }

    @Test func aHeaderLongerThanTheHeadIsReadWithOneMoreRange() async throws {
        let result = await check("fast.mp4?cors=*", limits: MediaCheckLimits(headBytes: 4096))
        #expect(result.problems.map(\.kind) == [.insecureURL])
        #expect(result.description?.width == 640)
        let log = try fixture.server.mediaLog()
        #expect(log.map(\.status) == [206, 206])
        #expect(log.map(\.range).first == "bytes=0-4095")
        #expect(log.last?.range?.hasPrefix("bytes=4096-") == true)
        #expect(result.bytesRead < 4 << 20)
    }

    @Test func aServerThatIgnoresRangeIsCutAtTheHead() async throws {
        let result = await check("fast.mp4?cors=*&no_range=1", limits: MediaCheckLimits(headBytes: 256 << 10))
        #expect(result.rangeSupported == false)
        #expect(result.status == 200)
        #expect(result.bytesRead == 256 << 10)
        #expect(result.problems.map(\.kind) == [.insecureURL])
        #expect(try fixture.server.mediaLog().map(\.status) == [200])
    }

    @Test func aFileWithItsMoovAtTheEndIsReadAtBothEnds() async throws {
        let result = await check("slow.mp4?cors=*", width: 1280, height: 720, limits: MediaCheckLimits())
        #expect(result.problems.map(\.kind) == [.insecureURL, .noFastStart])
        #expect(result.description?.fastStart == false)
        #expect(abs((result.description?.durationSeconds ?? 0) - 15) < 0.5)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: TestMedia.path(.h264NoFastStart720p))[.size] as? Int)
        #expect(result.totalSize == size)
        // The head, then from the moov to the end: tens of kilobytes, not the media data between.
        #expect(result.bytesRead < (512 << 10) + (256 << 10) && result.bytesRead < size)
        let log = try fixture.server.mediaLog()
        #expect(log.map(\.status) == [206, 206])
        #expect(log.map(\.range).first == "bytes=0-524287")
        #expect(log.last.map { ($0.last ?? 0) == size - 1 && ($0.first ?? 0) > size / 2 } == true)
    }
}

import Foundation
import MediaProbe
import TestSupport
import Testing

/// The probe on real files made by ffmpeg (``TestMedia``): each property read right, fast start both ways,
/// WebM, and the files that must fail with their typed error.
@Suite(.enabled(if: TestMedia.available, "needs the ffmpeg CLI (Tools/install-deps installs it)"))
struct MediaProbeTests {
    @Test func fastStartMP4IsDescribedInFull() throws {
        let path = try TestMedia.path(.h264FastStart720p)
        let file = try MediaProbe.probe(fileAt: path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(file.container == "mp4")
        #expect(file.mimeType == "video/mp4")
        #expect(file.width == 1280)
        #expect(file.height == 720)
        #expect(file.videoCodec == "h264")
        #expect(file.audioCodec == "aac")
        // ffprobe reads the same stream as Constrained Baseline (66, constraint flags 0xC0), level 31; AAC-LC.
        #expect(file.codecsParameter == "avc1.42C01F, mp4a.40.2")
        #expect(file.fastStart == true)
        #expect(file.complete)
        #expect(file.fileSize == size)
        let duration = try #require(file.durationSeconds)
        #expect(abs(duration - 15) < 0.2)
        #expect(file.bitrateKbps == Int((Double(size) * 8 / duration / 1000).rounded()))
        #expect(file.byteCount > 0 && file.byteCount < size)
    }
}

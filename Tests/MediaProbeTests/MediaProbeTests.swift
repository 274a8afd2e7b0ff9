import Foundation
import MediaProbe
import TestSupport
import Testing

/// The probe on real files made by ffmpeg (``TestMedia``): each property read right, fast start both ways,
/// WebM, and the files that must fail with their typed error.
@Suite(.enabled(if: TestMedia.available, "needs the ffmpeg CLI (Tools/install-deps installs it)"))
struct MediaProbeTests {
    /// The files are made off the cooperative pool before any test reads them (``TestMedia/prepare(_:)``).
    init() async throws { try await TestMedia.prepare() }

    private func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    @Test func fastStartMP4IsDescribedInFull() throws {
        let path = try TestMedia.path(.h264FastStart720p)
        let file = try MediaProbe.probe(fileAt: path)
        let size = try size(path)
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
        #expect(file.byteCount > 0 && file.byteCount < size / 4, "the probe reads the header, not the media")
    }

    @Test func mp4WithMoovAfterMdatIsDescribedAndDoesNotStartFast() throws {
        let path = try TestMedia.path(.h264NoFastStart720p)
        let file = try MediaProbe.probe(fileAt: path)
        #expect(file.fastStart == false)
        #expect(file.container == "mp4")
        #expect(file.width == 1280 && file.height == 720)
        #expect(file.videoCodec == "h264" && file.audioCodec == "aac")
        #expect(abs((file.durationSeconds ?? 0) - 15) < 0.2)
        #expect(file.byteCount < (try size(path)) / 4, "the probe seeks to moov instead of reading mdat")
    }

    @Test func webmIsDescribedWithItsDocTypeAndCodecs() throws {
        let path = try TestMedia.path(.webmVP9)
        let file = try MediaProbe.probe(fileAt: path)
        #expect(file.container == "webm")
        #expect(file.mimeType == "video/webm")
        #expect(file.width == 640 && file.height == 360)
        #expect(file.videoCodec == "vp9")
        #expect(file.audioCodec == "opus")
        #expect(file.codecsParameter == "vp9, opus")
        #expect(file.fastStart == nil)
        #expect(abs((file.durationSeconds ?? 0) - 15) < 0.2)
        #expect(file.fileSize == (try size(path)))
    }

    @Test func durationsAndDimensionsOfOtherFilesAreTheirOwn() throws {
        let long = try MediaProbe.probe(fileAt: TestMedia.path(.h264FastStart40s))
        #expect(abs((long.durationSeconds ?? 0) - 40) < 0.2)
        #expect(long.width == 640 && long.height == 360)
        let small = try MediaProbe.probe(fileAt: TestMedia.path(.h264FastStart360p))
        #expect(abs((small.durationSeconds ?? 0) - 15) < 0.2)
        #expect(small.width == 640 && small.height == 360)
        #expect(small.fastStart == true)
    }

    @Test func truncatedFileIsTruncatedWithCode405() throws {
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(fileAt: TestMedia.path(.truncated))
        }
        #expect(error.code == .truncated)
        #expect(error.vastErrorCode.rawValue == 405)
    }

    @Test func randomBytesNamedMP4AreUnreadableWithCode405() throws {
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(fileAt: TestMedia.path(.randomBytes))
        }
        #expect(error.code == .unreadable)
        #expect(error.vastErrorCode.rawValue == 405)
    }

    @Test(arguments: [
        ("#EXTM3U\n#EXT-X-VERSION:3\n", "an HLS playlist"),
        ("<!doctype html><title>404</title>", "a text document"),
        ("OggS\0\u{2}", "an Ogg file"),
    ])
    func recognisableOtherFormatsAreUnsupportedWithCode403(text: String, named: String) throws {
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(prefix: Array(text.utf8), totalSize: text.utf8.count)
        }
        #expect(error.code == .unsupportedContainer)
        #expect(error.vastErrorCode == .noSupportedMediaFile)
        #expect(error.message.contains(named))
    }

    @Test func ebmlHeaderWhoseChildRunsPastItIsRefusedWithoutATrap() throws {
        // Tools/fuzz/crashes-found/media-ebml-child-past-header without its two mode bytes: the EBML header
        // declares one byte, and its first child's ID and size take three.
        let bytes: [UInt8] =
            [0x1A, 0x45, 0xDF, 0xA3, 0x81, 0x86, 0x42, 0x9F, 0x42, 0x01, 0xF7, 0x81, 0x01, 0x42, 0xF2, 0x81, 0x04]
            + [0x42, 0xF3, 0x81, 0x08, 0x42, 0x82, 0x84] + Array("webm".utf8)
            + [0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02, 0x18, 0x53, 0x80, 0x67, 0x01]
            + [UInt8](repeating: 0xFF, count: 7)
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(prefix: bytes, totalSize: bytes.count)
        }
        #expect(error.code == .unreadable)
    }

    @Test func prefixOfFastStartFileGivesTheWholeDescription() throws {
        let bytes = try TestMedia.bytes(.h264FastStart720p)
        let whole = try MediaProbe.probe(fileAt: TestMedia.path(.h264FastStart720p))
        let prefix = try MediaProbe.probe(prefix: Array(bytes.prefix(256 << 10)), totalSize: bytes.count)
        #expect(!prefix.complete)
        var expected = whole
        expected.complete = false
        expected.byteCount = prefix.byteCount
        #expect(prefix == expected)
    }

    @Test func prefixOfNonFastStartFileSaysSoAndNothingElse() throws {
        let bytes = try TestMedia.bytes(.h264NoFastStart720p)
        let prefix = try MediaProbe.probe(prefix: Array(bytes.prefix(256 << 10)), totalSize: bytes.count)
        #expect(
            prefix
                == MediaDescription(
                    container: "mp4", fastStart: false, fileSize: bytes.count, byteCount: prefix.byteCount,
                    complete: false))
    }

    @Test func prefixThatIsTheWholeFileIsComplete() throws {
        let bytes = try TestMedia.bytes(.webmVP9)
        let file = try MediaProbe.probe(prefix: bytes, totalSize: bytes.count)
        #expect(file.complete)
        #expect(file == (try MediaProbe.probe(fileAt: TestMedia.path(.webmVP9))))
    }

    @Test func tinyTimeBudgetOnALargeFileStopsWithTimedOutWithinBounds() throws {
        // A 12 MB moov of 3,000,000 samples: libavformat needs far more than 5 ms to read and index it, so the
        // deadline passes inside avformat_open_input, where only the probe's callbacks can stop it.
        let folder = try ScratchFolder("media-deadline")
        let path = folder.url.appendingPathComponent("large-moov.mp4").path
        let recipe = try #require(HostileMedia.recipes["mp4-moov-3m-entries"])
        #expect(FileManager.default.createFile(atPath: path, contents: Data(recipe())))
        let started = ContinuousClock.now
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(fileAt: path, limits: MediaProbeLimits(timeBudget: .milliseconds(5)))
        }
        #expect(error.code == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(2), "stopped near its 5 ms budget, not at the end")
        let whole = try MediaProbe.probe(fileAt: path)
        #expect(whole.width == 640, "the same file within the default budget")
    }

    @Test func byteCapBelowTheHeaderStopsWithTooLarge() throws {
        let path = try TestMedia.path(.h264NoFastStart720p)
        let error = try #require(throws: MediaProbeError.self) {
            try MediaProbe.probe(fileAt: path, limits: MediaProbeLimits(maxBytes: 4096))
        }
        #expect(error.code == .tooLarge)
    }

    @Test func missingFilesAndLinksAreUnreadable() throws {
        let folder = try ScratchFolder("media-probe")
        let link = folder.url.appendingPathComponent("link.mp4").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: TestMedia.path(.h264FastStart360p))
        for path in [folder.url.appendingPathComponent("missing.mp4").path, link, folder.url.path, "/dev/zero"] {
            let error = try #require(throws: MediaProbeError.self, "\(path)") { try MediaProbe.probe(fileAt: path) }
            #expect(error.code == .unreadable, "\(path)")
        }
    }

    @Test func eightConcurrentProbesGiveWhatEachGivesAlone() throws {
        let files: [TestMedia.File] = [
            .h264FastStart720p, .h264NoFastStart720p, .h264FastStart360p, .h264FastStart40s, .webmVP9,
            .truncated, .randomBytes, .h264FastStart720p,
        ]
        let paths = try files.map(TestMedia.path)
        let alone = paths.map { path in Result { () throws(MediaProbeError) in try MediaProbe.probe(fileAt: path) } }
        // Each probe takes a few milliseconds: 25 rounds of eight at once make their reads interleave.
        for round in 0..<25 {
            let together = ConcurrentResults(count: paths.count)
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                together.set(index, Result { () throws(MediaProbeError) in try MediaProbe.probe(fileAt: paths[index]) })
            }
            #expect(together.values == alone, "round \(round)")
            if together.values != alone { break }
        }
    }
}

/// Results written by concurrent threads, one slot each.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<MediaDescription, MediaProbeError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<MediaDescription, MediaProbeError>) {
        lock.withLock { slots[index] = result }
    }

    var values: [Result<MediaDescription, MediaProbeError>] { lock.withLock { slots.compactMap { $0 } } }
}

import Foundation
import MediaProbe
import TestSupport
import Testing
import VAST

/// Real files compared with what a VAST says: each mismatch found from a real file, the exact list in its
/// fixed order, and nothing when the file is what the VAST says.
@Suite(.enabled(if: TestMedia.available, "needs the ffmpeg CLI (Tools/install-deps installs it)"))
struct MediaMismatchTests {
    /// The files are made off the cooperative pool before any test reads them (``TestMedia/prepare(_:)``).
    init() async throws { try await TestMedia.prepare() }

    /// The first Linear's first MediaFile and Duration of a VAST 4.1 InLine with `attributes` on the MediaFile.
    private func expectation(_ attributes: String, duration: String = "00:00:15") throws -> MediaExpectation {
        let xml = """
            <VAST version="4.1"><Ad id="a"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
            <Impression><![CDATA[https://t.example.com/i]]></Impression><AdServingId>s</AdServingId>
            <Creatives><Creative><UniversalAdId idRegistry="r">u</UniversalAdId><Linear>
            <Duration>\(duration)</Duration><MediaFiles>
            <MediaFile delivery="progressive" \(attributes)><![CDATA[https://cdn.example.com/ad.mp4]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(xml).document
        let linear = try #require(document.ads.first?.creatives.first?.linear)
        let mediaFile = try #require(linear.mediaFiles.first)
        return MediaExpectation(mediaFile: mediaFile, adDuration: linear.duration)
    }

    private func probe(_ file: TestMedia.File) throws -> MediaDescription {
        try MediaProbe.probe(fileAt: TestMedia.path(file))
    }

    @Test func fileThatIsWhatTheVASTSaysHasNoMismatch() throws {
        let file = try probe(.h264FastStart720p)
        let bitrate = try #require(file.bitrateKbps)
        let size = try #require(file.fileSize)
        let expected = try expectation(
            """
            type="video/mp4" width="1280" height="720" bitrate="\(bitrate)" fileSize="\(size)" \
            codec="avc1.42C01F, mp4a.40.2"
            """)
        #expect(file.mismatches(against: expected) == [])
    }

    @Test func fortySecondFileDeclaredFifteenIsADurationMismatch() throws {
        let file = try probe(.h264FastStart40s)
        let found = file.mismatches(against: try expectation(#"type="video/mp4" width="640" height="360""#))
        #expect(found.map(\.kind) == [.durationMismatch])
        #expect(found.first?.expected == "15 s")
        #expect(found.first?.found == "40 s")
    }

    @Test func fileOfOtherDimensionsIsADimensionsMismatch() throws {
        let file = try probe(.h264FastStart360p)
        let found = file.mismatches(against: try expectation(#"type="video/mp4" width="1920" height="1080""#))
        #expect(found.map(\.kind) == [.dimensionsMismatch])
        #expect(found.first?.expected == "1920x1080")
        #expect(found.first?.found == "640x360")
    }

    @Test func webmDeclaredAsMP4IsATypeMismatchAndItsCodecToo() throws {
        let file = try probe(.webmVP9)
        let found = file.mismatches(
            against: try expectation(#"type="video/mp4" width="640" height="360" codec="avc1.42E01E""#))
        #expect(found.map(\.kind) == [.typeMismatch, .codecMismatch])
        #expect(found.map(\.found) == ["video/webm", "vp9, opus"])
    }

    @Test func moovAfterMdatIsNoFastStart() throws {
        let file = try probe(.h264NoFastStart720p)
        let found = file.mismatches(against: try expectation(#"type="video/mp4" width="1280" height="720""#))
        #expect(found.map(\.kind) == [.noFastStart])
    }

    @Test func bitrateAndSizeBeyondTheirTolerancesAreMismatches() throws {
        let file = try probe(.h264FastStart720p)
        let bitrate = try #require(file.bitrateKbps)
        let size = try #require(file.fileSize)
        let within = try expectation(
            #"type="video/mp4" bitrate="\#(bitrate * 120 / 100)" fileSize="\#(size * 104 / 100)""#)
        #expect(file.mismatches(against: within) == [])
        let beyond = try expectation(
            #"type="video/mp4" bitrate="\#(bitrate * 2)" fileSize="\#(size * 2)""#)
        #expect(file.mismatches(against: beyond).map(\.kind) == [.bitrateMismatch, .sizeMismatch])
        let range = try expectation(#"type="video/mp4" minBitrate="\#(bitrate * 2)" maxBitrate="\#(bitrate * 3)""#)
        #expect(file.mismatches(against: range).map(\.kind) == [.bitrateMismatch])
    }

    @Test func everyMismatchAtOnceComesInTheFixedOrder() throws {
        let file = try probe(.h264NoFastStart720p)
        let expected = try expectation(
            #"type="video/webm" width="640" height="360" bitrate="50000" fileSize="10" codec="vp9""#,
            duration: "00:01:00")
        #expect(
            file.mismatches(against: expected).map(\.kind) == [
                .typeMismatch, .dimensionsMismatch, .durationMismatch, .bitrateMismatch, .sizeMismatch,
                .codecMismatch, .noFastStart,
            ])
    }
}

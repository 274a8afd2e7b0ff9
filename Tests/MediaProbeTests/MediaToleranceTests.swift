import MediaProbe
import Testing
import VAST

/// The tolerances at their edges, on descriptions written out (the comparison is pure).
struct MediaToleranceTests {
    private let file = MediaDescription(
        container: "mp4", mimeType: "video/mp4", durationSeconds: 15, width: 1280, height: 720, bitrateKbps: 1000,
        videoCodec: "h264", audioCodec: "aac", codecsParameter: "avc1.42C01F, mp4a.40.2", fastStart: true,
        fileSize: 1_000_000)

    private func expecting(_ change: (inout VASTMediaFile) -> Void, seconds: Double? = 15) -> MediaExpectation {
        var mediaFile = VASTMediaFile(url: "https://cdn.example.com/a.mp4")
        change(&mediaFile)
        return MediaExpectation(mediaFile: mediaFile, adDuration: seconds.map { VASTTime(seconds: $0) })
    }

    @Test(arguments: [(15.0, true), (16.0, true), (13.9, false), (16.1, false), (40.0, false)])
    func durationAllowsOneSecondForShortAds(declared: Double, matches: Bool) {
        #expect(file.mismatches(against: expecting({ _ in }, seconds: declared)).isEmpty == matches)
    }

    @Test func durationAllowsFivePercentForLongAds() {
        var long = file
        long.durationSeconds = 120
        #expect(long.mismatches(against: expecting({ _ in }, seconds: 126)).isEmpty)
        #expect(long.mismatches(against: expecting({ _ in }, seconds: 126.5)).map(\.kind) == [.durationMismatch])
    }

    @Test func dimensionsAreExactByDefaultAndZeroIsNotCompared() {
        #expect(
            file.mismatches(
                against: expecting {
                    $0.width = 1280
                    $0.height = 720
                }
            ).isEmpty)
        #expect(
            file.mismatches(
                against: expecting {
                    $0.width = 1280
                    $0.height = 0
                }
            ).isEmpty)
        #expect(
            file.mismatches(
                against: expecting {
                    $0.width = 1281
                    $0.height = 720
                }
            ).map(\.kind)
                == [.dimensionsMismatch])
        let loose = MediaTolerance(dimensionPixels: 2)
        #expect(
            file.mismatches(
                against: expecting {
                    $0.width = 1282
                    $0.height = 718
                }, tolerance: loose
            ).isEmpty)
    }

    @Test func typeIgnoresParametersCaseAndAcceptedAliases() {
        for type in ["video/mp4", "Video/MP4; codecs=\"avc1.42C01F\"", "video/x-m4v"] {
            #expect(file.mismatches(against: expecting { $0.type = type }).isEmpty, "\(type)")
        }
        #expect(file.mismatches(against: expecting { $0.type = "video/quicktime" }).map(\.kind) == [.typeMismatch])
    }

    @Test(arguments: [
        ("avc1.42C01F, mp4a.40.2", true), ("avc1.64001F", true), ("H.264", true), ("h264,aac", true),
        ("some-vendor-codec", true), ("hvc1.1.6.L93.B0", false), ("VP9", false), ("avc1.42C01F, opus", false),
    ])
    func codecComparesFamiliesAndSkipsNamesItDoesNotKnow(declared: String, matches: Bool) {
        #expect(file.mismatches(against: expecting { $0.codec = declared }).isEmpty == matches, "\(declared)")
    }

    @Test func bitrateRangeAllowsItsToleranceOnEachSide() {
        #expect(
            file.mismatches(
                against: expecting {
                    $0.minBitrate = 1300
                    $0.maxBitrate = 2000
                }
            ).isEmpty)
        #expect(
            file.mismatches(
                against: expecting {
                    $0.minBitrate = 1400
                    $0.maxBitrate = 2000
                }
            ).map(\.kind)
                == [.bitrateMismatch])
        #expect(
            file.mismatches(
                against: expecting {
                    $0.minBitrate = 200
                    $0.maxBitrate = 800
                }
            ).isEmpty)
        #expect(
            file.mismatches(against: expecting { $0.maxBitrate = 790 }).map(\.kind) == [.bitrateMismatch])
    }

    @Test func whatTheProbeCouldNotReadIsNeverAMismatch() {
        let prefix = MediaDescription(container: "mp4", fastStart: false, complete: false)
        let everything = expecting {
            $0.type = "video/webm"
            $0.width = 1
            $0.height = 1
            $0.bitrate = 1
            $0.fileSize = 1
            $0.codec = "vp9"
        }
        #expect(prefix.mismatches(against: everything).map(\.kind) == [.noFastStart])
    }
}

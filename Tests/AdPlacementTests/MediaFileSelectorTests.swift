import AdPlacement
import Testing
import VAST

/// Media-file selection never traps and never picks a file whose numbers are not real (issue 9, item 1).
@Suite struct MediaFileSelectorTests {
    static func file(_ name: String, width: Int?, height: Int?, bitrate: Int? = nil, type: String = "video/mp4")
        -> VASTMediaFile
    {
        var file = VASTMediaFile(url: "https://cdn.example/\(name).mp4")
        file.id = name
        file.type = type
        file.delivery = "progressive"
        file.width = width
        file.height = height
        file.bitrate = bitrate
        return file
    }

    static func linear(_ files: VASTMediaFile...) -> VASTLinear {
        var linear = VASTLinear()
        linear.mediaFiles = files
        return linear
    }

    static let player = AdSize(width: 390, height: 844)

    @Test func aFileWithSizesNearInt64MaxIsSkippedWithoutTrapping() {
        let linear = Self.linear(
            Self.file("huge", width: Int.max, height: Int.max), Self.file("ok", width: 640, height: 360))
        #expect(MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: Self.player)?.id == "ok")
    }

    @Test func onlyOutOfBoundsFilesMeanNoPlayableFile() {
        let linear = Self.linear(
            Self.file("wide", width: 16_385, height: 360),
            Self.file(
                "fast", width: 640, height: 360,
                bitrate: 1_000_001))
        #expect(MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: Self.player) == nil)
    }

    @Test func aFileWithoutASizeIsNotPreferredOverOneWithAKnownSize() {
        let linear = Self.linear(
            Self.file("unsized", width: nil, height: nil, bitrate: 9_000),
            Self.file("sized", width: 1920, height: 1080, bitrate: 500))
        #expect(
            MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: Self.player)?.id == "sized")
    }

    @Test func aFileWithoutASizeIsStillChosenWhenNoOtherIsPlayable() {
        let linear = Self.linear(
            Self.file("unsized", width: nil, height: 360),
            Self.file("webm", width: 640, height: 360, type: "video/webm"))
        #expect(
            MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: Self.player)?.id == "unsized")
    }

    @Test func aPlayerSizeOutsideThePixelBoundCountsAsUnknownWithoutTrapping() {
        let linear = Self.linear(
            Self.file("small", width: 320, height: 180, bitrate: 300),
            Self.file("large", width: 1920, height: 1080, bitrate: 4_000))
        let hostile = AdSize(width: Int.max, height: Int.max)
        // Unknown player size: the size no longer decides, the higher bitrate does.
        #expect(MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: hostile)?.id == "large")
        #expect(
            MediaFileSelector.choose(
                from: linear, supported: ["video/mp4"], playerSize: AdSize(width: -5, height: Int.min))?
                .id == "large")
        #expect(
            MediaFileSelector.choose(
                from: linear, supported: ["video/mp4"], playerSize: AdSize(width: 300, height: 200))?
                .id == "small")
    }

    @Test func theParsedHostileDocumentYieldsItsRealFile() throws {
        let text = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine><AdSystem>s</AdSystem>\
            <Impression>https://t.example/i</Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle><Creatives>\
            <Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear><Duration>00:00:10</Duration>\
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="9223372036854775807" \
            height="9223372036854775807">https://cdn.example/m.mp4</MediaFile><MediaFile delivery="progressive" \
            type="video/mp4" width="640" height="360">https://cdn.example/n.mp4</MediaFile></MediaFiles></Linear>\
            </Creative></Creatives></InLine></Ad></VAST>
            """
        let result = try VASTParser().parse(text)
        #expect(!result.isValid)
        let linear = try #require(result.document.ads.first?.creatives.first?.linear)
        let chosen = MediaFileSelector.choose(from: linear, supported: ["video/mp4"], playerSize: Self.player)
        #expect(chosen?.url == "https://cdn.example/n.mp4")
    }
}

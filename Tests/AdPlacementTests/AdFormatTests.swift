import AdPlacement
import Foundation
import Testing
import VAST

/// The per-candidate check of a mediation: whether an ad can be shown in the format asked for, and
/// how (issue 24, item 5).
@Suite struct AdFormatTests {
    typealias Banner = BottomBannerTests

    static let video = AdFormat.fullScreenVideo(supportedMediaTypes: ["video/mp4"], playerSize: nil)

    static func linear(_ type: String) -> String {
        """
        <Linear><Duration>00:00:10</Duration><MediaFiles>\
        <MediaFile delivery="progressive" type="\(type)" width="640" height="360">https://cdn.example/a</MediaFile>\
        </MediaFiles></Linear>
        """
    }

    @Test func aVideoPlaysTheFirstLinearsBestFile() throws {
        let ad = try Banner.ad(Banner.companions(Banner.image(320, 50, id: "b")), Self.linear("video/mp4"))
        #expect(
            try Self.video.fit(ad) == .video(creativeIndex: 1, mediaFile: ad.inLine.creatives[1].linear!.mediaFiles[0]))
    }

    @Test func aVideoWithNoPlayableFileIs403AndOneWithNoLinearIs201() throws {
        let flash = try Banner.ad(Self.linear("video/x-flv"))
        let noFile = try #require(throws: AdFitError.self) { try Self.video.fit(flash) }
        #expect(noFile.code == .noPlayableMediaFile && noFile.vastErrorCode == .noSupportedMediaFile)
        #expect(noFile.message == "the ad has no media file of a supported type (video/mp4)")
        let banner = try Banner.ad(Banner.companions(Banner.image(320, 50, id: "b")))
        let noLinear = try #require(throws: AdFitError.self) { try Self.video.fit(banner) }
        #expect(noLinear.code == .noLinearCreative && noLinear.vastErrorCode == .unexpectedLinearity)
    }

    @Test func aBannerIsBottomBannersChoiceAndItsRefusalKeepsTheFirstCode() throws {
        let ad = try Banner.ad(Banner.companions(Banner.html(300, 250, id: "box"), Banner.image(320, 50, id: "b")))
        guard case .banner(let choice) = try AdFormat.bottomBanner(maxHeight: 50.5, maxWidth: nil).fit(ad) else {
            Issue.record("expected a banner")
            return
        }
        #expect(choice.elementIndex == 1 && choice.size == AdSize(width: 320, height: 50))
        let tall = try Banner.ad(Banner.companions(Banner.html(300, 250, id: "box")))
        let error = try #require(throws: AdFitError.self) {
            try AdFormat.bottomBanner(maxHeight: 90, maxWidth: nil).fit(tall)
        }
        #expect(error.code == .noFittingBanner && error.vastErrorCode == .companionDoesNotFit)
        #expect(error.message == "nothing fits maxHeight 90: companion 0.0 300x250 html (fixed size)")
        let noSpace = try #require(throws: AdFitError.self) {
            try AdFormat.bottomBanner(maxHeight: .nan, maxWidth: nil).fit(tall)
        }
        #expect(noSpace.code == .noFittingBanner && noSpace.vastErrorCode == nil)
    }

    @Test func eachKnownPlacementHasItsFormatAndAnUnknownOneNone() {
        #expect(
            Placement.known.map { $0.format?.rawValue ?? "-" } == [
                "fullScreenVideo", "fullScreenVideo", "bottomBanner", "fullScreenVideo",
            ])
        #expect(Placement(rawValue: "clipsMidRoll").format == nil)
        #expect(AdFormat.bottomBanner(maxHeight: 50, maxWidth: 320).kind == .bottomBanner)
        #expect(Self.video.kind == .fullScreenVideo)
    }
}

import AdPlacement
import Testing
import VAST

/// Banner fitting skips sizes that are not real and never traps on the space asked for (issue 9, item 1).
@Suite struct BottomBannerBoundsTests {
    typealias Banner = BottomBannerTests

    @Test func aCompanionWithSizesNearInt64MaxIsSkippedWithoutTrapping() throws {
        let ad = try Banner.ad(
            Banner.companions(
                Banner.image(Int.max, Int.max, id: "huge"), Banner.image(320, 50, id: "ok")))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 50, maxWidth: 390)
        #expect(choice.creativeIndex == 0 && choice.elementIndex == 1)
        #expect(choice.size == AdSize(width: 320, height: 50))
    }

    @Test func aNonLinearWithAnOutOfBoundsExpandedSizeIsSkipped() throws {
        let ad = try Banner.ad(
            Banner.nonLinear(
                300, 50, id: "n", attributes: #" scalable="true" expandedWidth="9223372036854775807""#))
        let error = try #require(
            Banner.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.code == .doesNotFit)
        #expect(error.vastErrorCodes == [.nonLinearDoesNotFit])
        #expect(error.message.contains("expandedWidth out of bounds"), "\(error.message)")
    }

    @Test func onlyOutOfBoundsCompanionsDoNotFitAndSaySo() throws {
        let ad = try Banner.ad(Banner.companions(Banner.image(16_385, 50, id: "wide")))
        let error = try #require(
            Banner.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 90) })
        #expect(error.code == .doesNotFit && error.vastErrorCodes == [.companionDoesNotFit])
        #expect(error.message.contains("width out of bounds"), "\(error.message)")
    }

    @Test func theLargestSpacesDoNotTrapAndFitTheDeclaredSize() throws {
        let ad = try Banner.ad(
            Banner.companions(Banner.image(16_384, 16_384, id: "max"), Banner.image(300, 250, id: "mid")))
        let choice = try BottomBanner.choose(from: ad, maxHeight: Int.max, maxWidth: Int.max)
        #expect(choice.elementIndex == 0 && choice.size == AdSize(width: 16_384, height: 16_384))
        let scaled = try BottomBanner.choose(from: ad, maxHeight: 100, maxWidth: Int.max)
        #expect(scaled.elementIndex == 1 && scaled.size == AdSize(width: 120, height: 100))
    }

    @Test(arguments: [(0, nil), (-1, nil), (Int.min, nil), (50, 0), (50, Int.min)] as [(Int, Int?)])
    func aSpaceBelowOnePixelIsTheCallersMistakeWithNoVASTCode(_ maxHeight: Int, _ maxWidth: Int?) throws {
        let ad = try Banner.ad(Banner.companions(Banner.image(320, 50, id: "ok")))
        let error = try #require(
            Banner.error { () throws(BannerFitError) in
                try BottomBanner.choose(from: ad, maxHeight: maxHeight, maxWidth: maxWidth)
            })
        #expect(error.code == .invalidSpace && error.vastErrorCodes.isEmpty)
    }
}

import AdPlacement
import Foundation
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
        let choice = try BottomBanner.choose(from: ad, maxHeight: .greatestFiniteMagnitude, maxWidth: Int.max)
        #expect(choice.elementIndex == 0 && choice.size == AdSize(width: 16_384, height: 16_384))
        let scaled = try BottomBanner.choose(from: ad, maxHeight: 100, maxWidth: Int.max)
        #expect(scaled.elementIndex == 1 && scaled.size == AdSize(width: 120, height: 100))
    }

    @Test(
        arguments: [
            (0, nil), (-1, nil), (-.greatestFiniteMagnitude, nil), (0.999, nil), (.nan, nil), (.infinity, nil),
            (-.infinity, nil), (50, 0), (50, Int.min),
        ] as [(CGFloat, Int?)])
    func aSpaceBelowOnePixelOrNotANumberIsTheCallersMistakeWithNoVASTCode(_ maxHeight: CGFloat, _ maxWidth: Int?)
        throws
    {
        let ad = try Banner.ad(Banner.companions(Banner.image(320, 50, id: "ok")))
        let error = try #require(
            Banner.error { () throws(BannerFitError) in
                try BottomBanner.choose(from: ad, maxHeight: maxHeight, maxWidth: maxWidth)
            })
        #expect(error.code == .invalidSpace && error.vastErrorCodes.isEmpty)
    }

    @Test func fractionalHeightsFitExactly() throws {
        let fixed = try Banner.ad(Banner.companions(Banner.html(320, 50, id: "fixed")))
        #expect(try BottomBanner.choose(from: fixed, maxHeight: 50.0).size == AdSize(width: 320, height: 50))
        #expect(try BottomBanner.choose(from: fixed, maxHeight: 50.5).size == AdSize(width: 320, height: 50))
        let error = try #require(
            Banner.error { () throws(BannerFitError) in try BottomBanner.choose(from: fixed, maxHeight: 49.99) })
        #expect(error.code == .doesNotFit && error.vastErrorCodes == [.companionDoesNotFit])
        #expect(error.maxHeight == 49.99)
        #expect(error.message == "nothing fits maxHeight 49.99: companion 0.0 320x50 html (fixed size)")
        // An image scales down to the whole points below the space: 49 high, not 49.99.
        let image = try Banner.ad(Banner.companions(Banner.image(320, 50, id: "image")))
        #expect(try BottomBanner.choose(from: image, maxHeight: 49.99).size == AdSize(width: 313, height: 49))
        #expect(try BottomBanner.choose(from: image, maxHeight: 50.5).size == AdSize(width: 320, height: 50))
    }
}

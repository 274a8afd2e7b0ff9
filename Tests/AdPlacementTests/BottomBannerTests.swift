import AdPlacement
import Testing
import VAST

@Suite struct BottomBannerTests {
    /// A VAST 4.2 InLine ad holding the given `<Creative>` bodies, parsed and resolved with no wrappers.
    static func ad(_ creatives: String...) throws -> ResolvedAd {
        let body = creatives.enumerated().map { index, creative in
            "<Creative id=\"cr\(index)\">\(creative)</Creative>"
        }.joined(separator: "\n")
        let text = """
            <VAST version="4.2">
              <Ad id="a1">
                <InLine>
                  <AdSystem>Test</AdSystem>
                  <AdTitle>Banner test</AdTitle>
                  <Impression>https://t.example/imp</Impression>
                  <Creatives>
                    \(body)
                  </Creatives>
                </InLine>
              </Ad>
            </VAST>
            """
        let document = try VASTParser().parse(text).document
        let first = try #require(document.ads.first)
        return try #require(ResolvedAd(ad: first, hop: 0, chain: []))
    }

    static func companions(_ elements: String...) -> String {
        "<CompanionAds>\(elements.joined())</CompanionAds>"
    }

    static func image(_ width: Int, _ height: Int, id: String, extra: String = "") -> String {
        """
        <Companion id="\(id)" width="\(width)" height="\(height)"\(extra)>
          <StaticResource creativeType="image/png">https://cdn.example/\(id).png</StaticResource>
        </Companion>
        """
    }

    static func html(_ width: Int, _ height: Int, id: String, extra: String = "") -> String {
        """
        <Companion id="\(id)" width="\(width)" height="\(height)"\(extra)>
          <HTMLResource><![CDATA[<div>\(id)</div>]]></HTMLResource>
        </Companion>
        """
    }

    static func iframe(_ width: Int, _ height: Int, id: String) -> String {
        """
        <Companion id="\(id)" width="\(width)" height="\(height)">
          <IFrameResource>https://cdn.example/\(id).html</IFrameResource>
        </Companion>
        """
    }

    static func nonLinear(_ width: Int, _ height: Int, id: String, attributes: String = "") -> String {
        """
        <NonLinearAds><NonLinear id="\(id)" width="\(width)" height="\(height)"\(attributes)>
          <StaticResource creativeType="image/png">https://cdn.example/\(id).png</StaticResource>
        </NonLinear></NonLinearAds>
        """
    }

    static let linear = """
        <Linear><Duration>00:00:15</Duration><MediaFiles>
          <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/v.mp4</MediaFile>
        </MediaFiles></Linear>
        """

    static func id(_ choice: BannerChoice) -> String? {
        switch choice.creative {
        case .companion(let companion): companion.id
        case .nonLinear(let nonLinear): nonLinear.id
        }
    }

    static func error(_ body: () throws(BannerFitError) -> BannerChoice) -> BannerFitError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aBannerThatFitsKeepsItsSize() throws {
        let ad = try Self.ad(Self.linear, Self.companions(Self.image(320, 50, id: "b")))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 50)
        #expect(Self.id(choice) == "b")
        #expect(choice.creativeIndex == 1 && choice.elementIndex == 0)
        #expect(choice.resource == .staticResource(creativeType: "image/png", url: "https://cdn.example/b.png"))
        #expect(choice.size == AdSize(width: 320, height: 50))
        #expect(!choice.isResized)
    }

    @Test func aStaticCompanionScalesDownKeepingItsAspectRatio() throws {
        let ad = try Self.ad(Self.companions(Self.image(640, 100, id: "wide")))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 50)
        #expect(choice.declaredSize == AdSize(width: 640, height: 100))
        #expect(choice.size == AdSize(width: 320, height: 50))
        #expect(choice.isResized)
    }

    @Test func theWidthBoundsTheScaleWhenGiven() throws {
        let ad = try Self.ad(Self.companions(Self.image(728, 90, id: "leader")))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 90, maxWidth: 364)
        #expect(choice.size == AdSize(width: 364, height: 45))
    }

    @Test func theLargestThatFitsIsChosen() throws {
        let ad = try Self.ad(
            Self.companions(
                Self.html(300, 250, id: "mrec-html"),  // fixed size, too high
                Self.image(320, 50, id: "small"),  // 320x50 = 16,000
                Self.image(300, 250, id: "mrec-image"),  // scales to 120x100 = 12,000
                Self.iframe(320, 100, id: "large")))  // 320x100 = 32,000
        let choice = try BottomBanner.choose(from: ad, maxHeight: 100)
        #expect(Self.id(choice) == "large")
        #expect(choice.elementIndex == 3)
        #expect(choice.resource == .iframe(url: "https://cdn.example/large.html"))
        #expect(choice.size == AdSize(width: 320, height: 100))
    }

    @Test func anEqualAreaPrefersTheUnscaledThenTheFirst() throws {
        let ad = try Self.ad(
            Self.companions(
                Self.image(640, 100, id: "scaled"),  // 320x50 after scaling
                Self.image(320, 50, id: "exact"),
                Self.html(320, 50, id: "exact-html")))
        #expect(Self.id(try BottomBanner.choose(from: ad, maxHeight: 50)) == "exact")
    }

    @Test func anHTMLCompanionRendersAtItsSmallerAssetSize() throws {
        let ad = try Self.ad(
            Self.companions(
                Self.html(320, 100, id: "h", extra: #" assetWidth="320" assetHeight="50""#)))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 60)
        #expect(choice.size == AdSize(width: 320, height: 50))
        #expect(choice.declaredSize == AdSize(width: 320, height: 100))
    }

    @Test func endCardCompanionsAreNotBanners() throws {
        let ad = try Self.ad(
            Self.companions(
                Self.image(320, 50, id: "end", extra: #" renderingMode="end-card""#),
                Self.image(300, 50, id: "concurrent", extra: #" renderingMode="concurrent""#)))
        #expect(Self.id(try BottomBanner.choose(from: ad, maxHeight: 50)) == "concurrent")
    }

    @Test func noCompanionFittingIs601() throws {
        let ad = try Self.ad(
            Self.linear, Self.companions(Self.html(300, 250, id: "mrec"), Self.iframe(728, 90, id: "leader")))
        let error = try #require(
            Self.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.code == .doesNotFit)
        #expect(error.vastErrorCodes == [.companionDoesNotFit])
        #expect(error.vastErrorCodes.map(\.rawValue) == [601])
        #expect(error.maxHeight == 50)
        #expect(
            error.message
                == "nothing fits maxHeight 50: companion 1.0 300x250 html (fixed size); companion 1.1 728x90 iframe (fixed size)"
        )
    }

    @Test func aNonScalableNonLinearThatDoesNotFitIs501() throws {
        let ad = try Self.ad(Self.nonLinear(480, 70, id: "overlay", attributes: #" scalable="false""#))
        let error = try #require(
            Self.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.code == .doesNotFit)
        #expect(error.vastErrorCodes.map(\.rawValue) == [501])
    }

    @Test func aScalableNonLinearKeepsItsAspectRatio() throws {
        let ad = try Self.ad(
            Self.nonLinear(480, 70, id: "o", attributes: #" scalable="true" maintainAspectRatio="true""#))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 35)
        #expect(Self.id(choice) == "o")
        #expect(choice.size == AdSize(width: 240, height: 35))
    }

    @Test func aScalableNonLinearWithoutAspectRatioKeepsItsWidth() throws {
        let ad = try Self.ad(
            Self.nonLinear(480, 70, id: "o", attributes: #" scalable="true" maintainAspectRatio="false""#))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 35)
        #expect(choice.size == AdSize(width: 480, height: 35))
    }

    @Test func aNonLinearWithoutScalableIsNotScaled() throws {
        let ad = try Self.ad(Self.nonLinear(480, 70, id: "o"))
        #expect(throws: BannerFitError.self) { try BottomBanner.choose(from: ad, maxHeight: 69) }
        #expect(try BottomBanner.choose(from: ad, maxHeight: 70).size == AdSize(width: 480, height: 70))
    }

    @Test func whenNeitherKindFitsBothCodesAreReturned() throws {
        let ad = try Self.ad(Self.companions(Self.html(300, 250, id: "c")), Self.nonLinear(480, 70, id: "n"))
        let error = try #require(
            Self.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.vastErrorCodes.map(\.rawValue) == [601, 501])
    }

    @Test func aLinearOnlyAdHasNoBanner() throws {
        let ad = try Self.ad(Self.linear)
        let error = try #require(
            Self.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.code == .noBannerCreative)
        #expect(error.vastErrorCodes.map(\.rawValue) == [201])
    }

    @Test func scriptResourcesAreNotBanners() throws {
        let script = """
            <Companion id="js" width="320" height="50">
              <StaticResource creativeType="application/javascript">https://cdn.example/a.js</StaticResource>
            </Companion>
            """
        let ad = try Self.ad(Self.companions(script))
        let error = try #require(
            Self.error { () throws(BannerFitError) in try BottomBanner.choose(from: ad, maxHeight: 50) })
        #expect(error.code == .noSupportedResource)
        #expect(error.vastErrorCodes.map(\.rawValue) == [604])
    }

    @Test func aCompanionPrefersItsStaticResource() throws {
        let both = """
            <Companion id="both" width="640" height="100">
              <HTMLResource><![CDATA[<b>x</b>]]></HTMLResource>
              <StaticResource creativeType="image/jpeg">https://cdn.example/both.jpg</StaticResource>
            </Companion>
            """
        let ad = try Self.ad(Self.companions(both))
        let choice = try BottomBanner.choose(from: ad, maxHeight: 50)
        #expect(choice.resource == .staticResource(creativeType: "image/jpeg", url: "https://cdn.example/both.jpg"))
        #expect(choice.size == AdSize(width: 320, height: 50))
    }
}

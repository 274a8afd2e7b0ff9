import Foundation
import TestSupport
import Testing
import VASTCheck

/// Other players' test tags (`other/` of the outside corpus, `Corpus`, read in place), judged as the VAST text and
/// VAST-FACTS.md say a player judges them, not as this code happens to. Wrappers whose tags name outside
/// hosts are not followed here (`--max-depth 0`).
@Suite(
    .enabled(
        if: Corpus.isPresent, "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
struct OtherPlayersCorpusTests {
    static func path(_ name: String) -> String { Repository.otherPlayersCorpus + "/" + name }

    private func inspect(_ name: String) async throws -> (ExitCode, [String: Any]) {
        let captured = CapturedConsole()
        let code = await captured.run(["inspect", "--json", "--max-depth", "0", Self.path(name)])
        return (code, try captured.json())
    }

    private func validate(_ name: String) async throws -> [String: Any] {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", Self.path(name)])
        let documents = try #require(try captured.json()["documents"] as? [[String: Any]])
        return try #require(documents.first)
    }

    /// XML 1.0 section 2.8: the declaration, when present, comes first; a comment before it is not
    /// well-formed, so the document is malformed (100), whatever the player that wrote it tolerated.
    @Test(arguments: ["prebid-mobile-ios/VAST_Empty_Inline.xml", "prebid-mobile-ios/VAST_Empty_Response.xml"])
    func aCommentBeforeTheDeclarationIsMalformed(_ name: String) async throws {
        let document = try await validate(name)
        #expect(document["errorCode"] as? Int == 100)
        #expect((document["parseError"] as? [String: Any])?["kind"] as? String == "malformed")
    }

    /// A `<VAST>` with no `<Ad>` is the no-ad response (VAST 4.3 section 2.3.6.4): a valid document and no ad.
    @Test func aVASTWithoutAdsIsAValidNoAdResponse() async throws {
        let document = try await validate("prebid-mobile-ios/VAST_Empty_Response2.xml")
        #expect(document["valid"] as? Bool == true)
        let (code, inspected) = try await inspect("prebid-mobile-ios/VAST_Empty_Response2.xml")
        #expect(code == .invalid)
        #expect(inspected["errorCode"] as? Int == 303)
        #expect(inspected["ad"] == nil)
    }

    /// Players trim the white space around a URL in CDATA, and pick the MP4 over the FLV.
    @Test func paddedURLsAreTrimmedAndTheSupportedFileIsChosen() async throws {
        let (code, inspected) = try await inspect("prebid-mobile-ios/inline_with_padding_on_urls.xml")
        #expect(code == .success)
        let ad = try #require(inspected["ad"] as? [String: Any])
        let file = try #require(ad["mediaFile"] as? [String: Any])
        #expect(file["url"] as? String == "http://i.cdn.openx.com/videos/mobile/OpenX_15_Seconds_Fade_Small.mp4")
        #expect(file["type"] as? String == "video/mp4")
        let impressions = try #require(ad["impressions"] as? [[String: Any]])
        #expect(!impressions.isEmpty)
        for url in impressions.compactMap({ $0["url"] as? String }) {
            #expect(url == url.trimmingCharacters(in: .whitespacesAndNewlines) && !url.contains("\n"))
        }
    }

    /// An empty `<CompanionAds>` takes nothing from the video: the ad plays, with no companion.
    @Test func anEmptyCompanionAdsLeavesTheVideoPlayable() async throws {
        let (code, inspected) = try await inspect("prebid-mobile-ios/VAST_with_empty_companion.xml")
        #expect(code == .success)
        let ad = try #require(inspected["ad"] as? [String: Any])
        #expect((ad["mediaFile"] as? [String: Any])?["type"] as? String == "video/mp4")
        #expect(ad["companionTracking"] == nil)
    }

    /// `www.test.com` is not a URL a player can fetch (no scheme): refused where it is written.
    @Test func aSchemelessImpressionIsAnInvalidURL() async throws {
        let document = try await validate("prebid-mobile-ios/vast.3.0.xml")
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "url.invalid"
                    && ($0["location"] as? String)?.hasSuffix("/Wrapper/Impression[2]") == true
            })
    }

    /// A VPAID script is not a media file this player plays: 403, not an ad that plays.
    @Test func aVPAIDOnlyAdDoesNotPlay() async throws {
        let (code, inspected) = try await inspect("videojs-vast-vpaid/vpaidJS.xml")
        #expect(code == .invalid)
        #expect((inspected["ad"] as? [String: Any])?["errorCode"] as? Int == 403)
    }

    /// Every InLine of the two corpora that has an MP4 plays it.
    @Test(arguments: [
        "prebid-mobile-ios/VAST_with_companion.xml", "prebid-mobile-ios/document_with_one_inline_ad.xml",
        "prebid-mobile-ios/prebid_vast_response.xml", "prebid-mobile-ios/vast.xml",
        "prebid-mobile-ios/vast_om_verification_from_extension.xml",
        "prebid-mobile-ios/vast_om_verification_one_inline_ad.xml", "prebid-mobile-ios/vast_with_companion.xml",
        "videojs-vast-vpaid/ad.xml", "videojs-vast-vpaid/skippableLinear.xml",
        "videojs-vast-vpaid/skippableLinearPercentage.xml",
    ])
    func anInLineWithAnMP4Plays(_ name: String) async throws {
        let (code, inspected) = try await inspect(name)
        #expect(code == .success)
        let ad = try #require(inspected["ad"] as? [String: Any])
        #expect((ad["mediaFile"] as? [String: Any])?["type"] as? String == "video/mp4")
    }
}

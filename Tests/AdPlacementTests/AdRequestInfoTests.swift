import AdPlacement
import Foundation
import Testing
import VAST

@Suite struct AdRequestInfoTests {
    /// The example of `Sources/AdPlacement/README.md`.
    static let example = #"""
        {
          "placement": "clipsBetweenItems",
          "collectionId": "clips-home",
          "itemId": "clip-8841",
          "categories": [
            {"name": "Sports", "externalId": "IAB17"},
            {"name": "Football", "externalId": "IAB17-12"},
            {"name": "Local"}
          ],
          "context": {"team": "reds", "season": "2025"},
          "consent": {
            "gdprApplies": true,
            "gdprConsent": "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
            "gppString": "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
            "gppSectionIds": [2],
            "limitAdTracking": false
          },
          "app": {
            "bundleId": "com.example.news", "name": "Example News", "version": "5.2.0",
            "storeId": "1234567890", "storeUrl": "https://apps.apple.com/app/id1234567890"
          },
          "device": {
            "ifa": "6D92078A-8246-4BA4-AE5B-76104861E7DC", "ifaType": "idfa",
            "userAgent": "ExampleNews/5.2.0 (iPhone; iOS 17.4)", "os": "iOS", "osVersion": "17.4",
            "model": "iPhone15,2", "language": "en-GB"
          },
          "playerSize": {"width": 390, "height": 844}
        }
        """#

    @Test func readmeExampleDecodes() throws {
        let request = try JSONDecoder().decode(AdRequestInfo.self, from: Data(Self.example.utf8))
        #expect(request.placement == .clipsBetweenItems)
        #expect(request.placement.product == .clips)
        #expect(
            request.categories == [
                AdCategory(name: "Sports", externalId: "IAB17"), AdCategory(name: "Football", externalId: "IAB17-12"),
                AdCategory(name: "Local"),
            ])
        #expect(request.context == ["team": "reds", "season": "2025"])
        #expect(request.consent.gppSectionIds == [2])
        #expect(request.device?.ifaType == "idfa")
        #expect(request.playerSize == AdSize(width: 390, height: 844))
        let again = try JSONDecoder().decode(AdRequestInfo.self, from: try JSONEncoder().encode(request))
        #expect(again == request)
    }

    @Test func onlyThePlacementIsRequired() throws {
        let request = try JSONDecoder().decode(
            AdRequestInfo.self, from: Data(#"{"placement": "storiesBetweenPages"}"#.utf8))
        #expect(request == AdRequestInfo(placement: .storiesBetweenPages))
        #expect(request.placement.product == .stories)
    }

    @Test func anUnknownPlacementStillDecodes() throws {
        let request = try JSONDecoder().decode(AdRequestInfo.self, from: Data(#"{"placement": "clipsMidRoll"}"#.utf8))
        #expect(request.placement.rawValue == "clipsMidRoll")
        #expect(request.placement.product == nil)
    }

    @Test func macroValuesComeFromTheRequest() throws {
        let request = try JSONDecoder().decode(AdRequestInfo.self, from: Data(Self.example.utf8))
        let context = request.applyingMacroValues(
            to: VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 1 }))
        #expect(context.appBundle == "com.example.news")
        #expect(context.storeID == "1234567890")
        #expect(context.ifa == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
        #expect(context.deviceUA == "ExampleNews/5.2.0 (iPhone; iOS 17.4)")
        #expect(context.contentID == "clip-8841")
        #expect(context.contentCategories == ["IAB17", "IAB17-12"])
        #expect(context.playerSize == VASTMacroContext.PlayerSize(width: 390, height: 844))
        #expect(context.placementType == .inFeed)
        #expect(context.limitAdTracking == false)
        #expect(context.regulations == ["gdpr"])
        #expect(context.gppSectionIDs == [2])
        #expect(context.withheld.isEmpty)
    }

    @Test func limitAdTrackingWithholdsTheIFA() {
        let request = AdRequestInfo(
            placement: .clipsPreRoll, consent: AdConsent(limitAdTracking: true), device: DeviceInfo(ifa: "X"))
        let context = request.applyingMacroValues(
            to: VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 1 }))
        #expect(context.limitAdTracking == true)
        #expect(context.withheld == [.ifa])
        #expect(context.placementType == .inStream)
    }
}

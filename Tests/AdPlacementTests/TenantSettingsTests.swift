import AdPlacement
import Foundation
import Testing

@Suite struct TenantSettingsTests {
    /// The example of `Sources/AdPlacement/README.md`.
    static let example = #"""
        {
          "tenantId": "acme-news",
          "placements": {
            "clipsPreRoll": {
              "enabled": true,
              "sources": [
                {"name": "gam", "tier": 0, "kind": "tag", "timeoutMs": 2500, "floor": 4.0,
                 "url": "https://pubads.example.com/gampad/ads?iu=/123/clips&sz=640x480&correlator=[CACHEBUSTING]&gdpr_consent=[GDPRCONSENT]"},
                {"name": "house", "tier": 1, "kind": "document", "timeoutMs": 100,
                 "document": "<VAST version=\"4.2\"></VAST>"}
              ],
              "caps": {"maxPerSession": 3, "minimumIntervalSeconds": 300}
            },
            "clipsBetweenItems": {
              "enabled": true,
              "sources": [{"name": "ssp", "kind": "tag", "timeoutMs": 2000, "price": 6.5,
                           "url": "https://ssp.example.com/vast?app=[APPBUNDLE]&ifa=[IFA]"}],
              "caps": {"firstAfterItems": 3, "everyItems": 5, "maxPerSession": 10, "minimumIntervalSeconds": 60}
            },
            "clipsBottomBanner": {"enabled": false},
            "storiesBetweenPages": {
              "enabled": true,
              "sources": [{"name": "ssp", "kind": "tag", "timeoutMs": 2000, "url": "https://ssp.example.com/vast?p=stories"}],
              "caps": {"firstAfterItems": 2, "everyItems": 4}
            }
          }
        }
        """#

    @Test func readmeExampleLoads() throws {
        let settings = try TenantSettings(json: Self.example)
        #expect(settings.tenantId == "acme-news")
        #expect(settings.placements.count == 4)
        #expect(settings.placements[.clipsBottomBanner] == PlacementSettings(enabled: false))
        #expect(
            settings.placements[.clipsPreRoll]?.sources == [
                PlacementSourceSettings(
                    name: "gam", tier: 0,
                    kind: .tag(
                        urlTemplate:
                            "https://pubads.example.com/gampad/ads?iu=/123/clips&sz=640x480&correlator=[CACHEBUSTING]&gdpr_consent=[GDPRCONSENT]"
                    ),
                    timeoutMilliseconds: 2500, floor: 4.0),
                PlacementSourceSettings(
                    name: "house", tier: 1, kind: .document(#"<VAST version="4.2"></VAST>"#), timeoutMilliseconds: 100),
            ])
        #expect(
            settings.placements[.clipsBetweenItems]?.caps
                == PlacementCaps(firstAfterItems: 3, everyItems: 5, maxPerSession: 10, minimumIntervalSeconds: 60))
        #expect(settings.placements[.clipsBetweenItems]?.sources.first?.price == 6.5)
    }

    @Test func encodingRoundTrips() throws {
        let settings = try TenantSettings(json: Self.example)
        let again = try TenantSettings(json: try JSONEncoder().encode(settings))
        #expect(again == settings)
    }

    @Test func unknownPlacementsAreKept() throws {
        let settings = try TenantSettings(json: #"{"placements": {"clipsMidRoll": {"enabled": false}}}"#)
        #expect(settings.placements[Placement(rawValue: "clipsMidRoll")] == PlacementSettings(enabled: false))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var placement: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let tag = #"{"name": "a", "kind": "tag", "timeoutMs": 1000, "url": "https://a.example/vast"}"#

    /// Each case is one placement's JSON, wrapped as `{"placements": {"clipsBottomBanner": ...}}` unless
    /// it starts with `!` (then it is the whole document).
    static let cases: [Case] = [
        Case(
            name: "everyItems zero",
            placement: #"{"enabled": true, "sources": [\#(tag)], "caps": {"everyItems": 0}}"#,
            expected: ["placements.clipsBottomBanner.caps.everyItems must be at least 1"]),
        Case(
            name: "several issues, all named",
            placement:
                #"{"enabled": true, "sources": [\#(tag)], "caps": {"firstAfterItems": -1, "maxPerSession": 0, "minimumIntervalSeconds": -5}}"#,
            expected: [
                "placements.clipsBottomBanner.caps.firstAfterItems must be at least 0",
                "placements.clipsBottomBanner.caps.maxPerSession must be at least 1",
                "placements.clipsBottomBanner.caps.minimumIntervalSeconds must be a number of at least 0",
            ]),
        Case(
            name: "enabled without sources",
            placement: #"{"enabled": true}"#,
            expected: ["placements.clipsBottomBanner.sources must not be empty when enabled is true"]),
        Case(
            name: "missing timeout",
            placement: #"{"enabled": true, "sources": [{"name": "a", "kind": "tag", "url": "https://a.example"}]}"#,
            expected: ["placements.clipsBottomBanner.sources[0].timeoutMs is missing"]),
        Case(
            name: "timeout out of range, bad url, negative tier, duplicate name, negative floor",
            placement:
                #"{"enabled": true, "sources": [\#(tag), {"name": "a", "tier": -1, "kind": "tag", "timeoutMs": 60000, "url": "ftp://a.example", "floor": -1}]}"#,
            expected: [
                "placements.clipsBottomBanner.sources[1].name must be unique in the placement (\"a\" is used twice)",
                "placements.clipsBottomBanner.sources[1].tier must be at least 0",
                "placements.clipsBottomBanner.sources[1].timeoutMs must be between 1 and 30000",
                "placements.clipsBottomBanner.sources[1].url must be an http or https URL",
                "placements.clipsBottomBanner.sources[1].floor must be a number of at least 0",
            ]),
        Case(
            name: "unknown kind",
            placement: #"{"enabled": true, "sources": [{"name": "a", "kind": "vpaid", "timeoutMs": 10}]}"#,
            expected: [#"placements.clipsBottomBanner.sources[0].kind must be "tag" or "document", not "vpaid""#]),
        Case(
            name: "empty document",
            placement:
                #"{"enabled": true, "sources": [{"name": "a", "kind": "document", "timeoutMs": 10, "document": " "}]}"#,
            expected: ["placements.clipsBottomBanner.sources[0].document must not be empty"]),
        Case(
            name: "field of the other kind",
            placement:
                #"{"enabled": true, "sources": [{"name": "a", "kind": "document", "timeoutMs": 10, "document": "<VAST/>", "url": "https://a"}]}"#,
            expected: ["placements.clipsBottomBanner.sources[0].url is not a known field"]),
        Case(
            name: "misspelt cap",
            placement: #"{"enabled": true, "sources": [\#(tag)], "caps": {"everyItem": 3}}"#,
            expected: ["placements.clipsBottomBanner.caps.everyItem is not a known field"]),
        Case(
            name: "wrong type",
            placement: #"{"enabled": "yes"}"#,
            expected: ["placements.clipsBottomBanner.enabled must be true or false"]),
        Case(
            name: "fractional count",
            placement: #"{"enabled": false, "caps": {"everyItems": 2.5}}"#,
            expected: ["placements.clipsBottomBanner.caps.everyItems must be a whole number"]),
        Case(
            name: "missing enabled",
            placement: #"{"sources": []}"#,
            expected: ["placements.clipsBottomBanner.enabled is missing"]),
        Case(
            name: "item caps on the pre-roll",
            placement:
                #"!{"placements": {"clipsPreRoll": {"enabled": false, "caps": {"firstAfterItems": 1, "everyItems": 2}}}}"#,
            expected: [
                "placements.clipsPreRoll.caps.firstAfterItems does not apply to the opening pre-roll",
                "placements.clipsPreRoll.caps.everyItems does not apply to the opening pre-roll",
            ]),
        Case(
            name: "no placements",
            placement: #"!{"tenantId": "x"}"#,
            expected: ["placements is missing"]),
        Case(
            name: "unknown top-level field",
            placement: #"!{"placements": {}, "version": 2}"#,
            expected: ["version is not a known field"]),
    ]

    @Test(arguments: cases)
    func errorsNameTheField(_ testCase: Case) {
        let json =
            testCase.placement.hasPrefix("!")
            ? String(testCase.placement.dropFirst())
            : #"{"placements": {"clipsBottomBanner": \#(testCase.placement)}}"#
        do {
            _ = try TenantSettings(json: json)
            Issue.record("expected an error")
        } catch {
            #expect(error.issues.map(\.description) == testCase.expected)
        }
    }

    @Test func notJSONIsReportedForTheDocument() {
        do {
            _ = try TenantSettings(json: "{placements")
            Issue.record("expected an error")
        } catch {
            #expect(error.issues.map(\.field) == ["document"])
            #expect(error.issues.first?.problem.hasPrefix("is not valid JSON") == true)
        }
    }

    @Test func validateChecksValuesBuiltInCode() {
        let settings = TenantSettings(placements: [
            .clipsBottomBanner: PlacementSettings(
                enabled: true,
                sources: [
                    PlacementSourceSettings(name: "a", kind: .tag(urlTemplate: "https://a"), timeoutMilliseconds: 0)
                ],
                caps: PlacementCaps(everyItems: 0))
        ])
        #expect(
            throws: TenantSettingsError(issues: [
                .init(
                    field: "placements.clipsBottomBanner.sources[0].timeoutMs", problem: "must be between 1 and 30000"),
                .init(field: "placements.clipsBottomBanner.caps.everyItems", problem: "must be at least 1"),
            ])
        ) {
            try settings.validate()
        }
    }

    @Test func errorDescriptionJoinsIssues() {
        let error = TenantSettingsError(issues: [
            .init(field: "a.b", problem: "must be at least 1"), .init(field: "c", problem: "is missing"),
        ])
        #expect(error.description == "a.b must be at least 1; c is missing")
    }
}

/// Every number in tenant settings and request JSON is bounded where it is decoded, with the field
/// named, and pacing never traps on settings built in code (issue 9, item 1).
@Suite struct SettingsBoundsTests {
    static func placement(_ body: String) -> String {
        #"{"placements": {"clipsBetweenItems": "# + body + "}}"
    }

    static let source = #"{"name": "s", "kind": "tag", "timeoutMs": 1000, "url": "https://s.example/v"}"#

    static func issues(_ json: String) -> [String] {
        do {
            _ = try TenantSettings(json: json)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test(arguments: [
        (#"{"everyItems": 9223372036854775807}"#, "placements.clipsBetweenItems.caps.everyItems is far too large"),
        (#"{"firstAfterItems": 10001}"#, "placements.clipsBetweenItems.caps.firstAfterItems must be at most 10000"),
        (#"{"maxPerSession": 1e9}"#, "placements.clipsBetweenItems.caps.maxPerSession must be at most 10000"),
        (
            #"{"minimumIntervalSeconds": 1e300}"#,
            "placements.clipsBetweenItems.caps.minimumIntervalSeconds must be at most 86400 (a day)"
        ),
    ])
    func aCapBeyondItsBoundNamesTheField(_ caps: String, _ expected: String) {
        #expect(
            Self.issues(Self.placement(#"{"enabled": true, "sources": [\#(Self.source)], "caps": \#(caps)}"#)) == [
                expected
            ])
    }

    @Test func aSourceBeyondItsBoundsNamesEveryField() {
        let bad =
            #"{"name": "s", "kind": "tag", "timeoutMs": 1000, "tier": 101, "floor": 1e7, "price": 2000000, "url": "https://s.example/v"}"#
        #expect(
            Self.issues(Self.placement(#"{"enabled": true, "sources": [\#(bad)]}"#)) == [
                "placements.clipsBetweenItems.sources[0].tier must be at most 100",
                "placements.clipsBetweenItems.sources[0].floor must be at most 1000000",
                "placements.clipsBetweenItems.sources[0].price must be at most 1000000",
            ])
    }

    @Test func aWholeNumberTooLargeForAnIntIsRefusedNotTrapped() {
        let bad = #"{"name": "s", "kind": "tag", "timeoutMs": 1e30, "url": "https://s.example/v"}"#
        #expect(
            Self.issues(Self.placement(#"{"enabled": true, "sources": [\#(bad)]}"#)) == [
                "placements.clipsBetweenItems.sources[0].timeoutMs is far too large"
            ])
    }

    @Test func moreThanFiftySourcesAreRefused() {
        let sources = (0..<51).map {
            #"{"name": "s\#($0)", "kind": "tag", "timeoutMs": 1000, "url": "https://s.example/v"}"#
        }
        #expect(
            Self.issues(Self.placement(#"{"enabled": true, "sources": [\#(sources.joined(separator: ","))]}"#)) == [
                "placements.clipsBetweenItems.sources must list at most 50 sources (51 given)"
            ])
    }

    @Test func pacingOnUnvalidatedExtremeCapsDoesNotTrap() {
        let caps = PlacementCaps(
            firstAfterItems: Int.max, everyItems: Int.max, maxPerSession: Int.max,
            minimumIntervalSeconds: 0x1p70)
        let source = PlacementSourceSettings(
            name: "s", kind: .tag(urlTemplate: "https://s.example/v"), timeoutMilliseconds: 1)
        var policy = PlacementPolicy(
            settings: TenantSettings(placements: [
                .clipsBetweenItems: PlacementSettings(enabled: true, sources: [source], caps: caps),
                .storiesBetweenPages: PlacementSettings(
                    enabled: true, sources: [source],
                    caps: PlacementCaps(
                        everyItems: Int.min, maxPerSession: Int.min, minimumIntervalSeconds: .nan)),
            ]))
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(policy.decide(.clipsBetweenItems, presentation: nil, now: start).reason == .tooEarly)
        policy.adShown(placement: .clipsBetweenItems, at: start)
        let later = policy.decide(.clipsBetweenItems, presentation: nil, now: .distantFuture)
        #expect(later.reason == .minimumIntervalNotElapsed)
        // 2^70 s is a whole number of milliseconds past Int's range: converting it to Int would trap.
        #expect(later.message.contains("1.1805916207174113e+21"), "\(later.message)")
        #expect(policy.decide(.storiesBetweenPages, presentation: nil, now: start).reason == .sessionCapReached)
    }

    @Test(arguments: [
        (
            #"{"placement": "clipsPreRoll", "playerSize": {"width": 9223372036854775807, "height": 844}}"#,
            "playerSize.width must be a whole number from 0 to 16384"
        ),
        (
            #"{"placement": "clipsPreRoll", "playerSize": {"width": 390, "height": -1}}"#,
            "playerSize.height must be a whole number from 0 to 16384"
        ),
        (
            #"{"placement": "clipsPreRoll", "playerSize": {"width": 390.5, "height": 844}}"#,
            "playerSize.width must be a whole number from 0 to 16384"
        ),
        (
            #"{"placement": "clipsPreRoll", "consent": {"gppSectionIds": [2, 7, 1e20]}}"#,
            "consent.gppSectionIds[2] must be a whole number from -1 to 1000"
        ),
    ])
    func aRequestNumberOutOfRangeNamesItsField(_ json: String, _ expected: String) {
        do {
            _ = try JSONDecoder().decode(AdRequestInfo.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let error as AdRequestError {
            #expect(error.description == expected)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func requestNumbersInsideTheirRangesDecode() throws {
        let json =
            #"{"placement": "clipsPreRoll", "playerSize": {"width": 16384, "height": 0}, "consent": {"gppSectionIds": [-1, 1000]}}"#
        let request = try JSONDecoder().decode(AdRequestInfo.self, from: Data(json.utf8))
        #expect(request.playerSize == AdSize(width: 16_384, height: 0))
        #expect(request.consent.gppSectionIds == [-1, 1000])
    }
}

import Foundation
import Synchronization
import Testing
import VAST

/// A context with every field filled, a fixed clock (2016-01-17T08:15:07.127Z) and a fixed random value.
func filledMacroContext() -> VASTMacroContext {
    var context = VASTMacroContext(now: { Date(timeIntervalSince1970: 1_453_018_507.127) }, random: { 12_345 })
    context.contentPlayhead = VASTTime(milliseconds: 3_723_004)
    context.mediaPlayhead = VASTTime(milliseconds: 15_250)
    context.breakPosition = .midRoll
    context.blockedAdCategories = ["IAB8-5", "IAB 9"]
    context.adCategories = ["IAB1", "IAB2-3"]
    context.adCount = 2
    context.transactionID = "123e4567-e89b-12d3-a456-426614174000"
    context.placementType = .inArticle
    context.adType = .video
    context.universalAdID = "ad-id.org CNPA0484000H"
    context.breakMaxDurationSeconds = 60
    context.breakMaxAds = 4
    context.breakMinAdLengthSeconds = 5
    context.breakMaxAdLengthSeconds = 30
    context.ifa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    context.ifaType = "idfa"
    context.clientUA = "AdEngine/1.0 VASTPlugin/2.1"
    context.serverUA = "ssai/3 (+https://x.example)"
    context.deviceUA = "Mozilla/5.0 (iPhone)"
    context.serverSide = 0
    context.deviceIP = "2001:db8::1"
    context.latLong = .init(latitude: 51.004, longitude: -0.1)
    context.domain = "example.com"
    context.pageURL = "https://example.com/a?b=c&d=é"
    context.appBundle = "com.example.app"
    context.vastVersions = [2, 3, 7, 11, 12]
    context.apiFrameworks = [2, 7]
    context.extensions = ["AdVerifications", "waterfall"]
    context.verificationVendors = ["moat.com-omid", "ias.com-omid"]
    context.omidPartner = "AdEngine/1.0"
    context.mediaMIME = ["video/mp4", "application/x-mpegURL"]
    context.playerCapabilities = ["skip", "mute"]
    context.clickType = .fullArea
    context.playerState = ["muted", "fullscreen"]
    context.inventoryState = ["skippable", "autoplayed"]
    context.playerSize = .init(width: 640, height: 360)
    context.adPlayhead = VASTTime(milliseconds: 5_000)
    context.assetURI = "https://cdn.example/ad.mp4"
    context.contentID = "episode 12"
    context.contentURI = "https://cdn.example/show.m3u8"
    context.podSequence = 3
    context.adServingID = "a1b2~c3_d4.e5"
    context.clickPosition = .init(x: 120, y: 45)
    context.errorCode = .noSupportedMediaFile
    context.reason = .loadError
    context.limitAdTracking = true
    context.regulations = ["gdpr", "coppa"]
    context.gdprConsent = "CPc+/=x"
    context.storeID = "id284882215"
    context.storeURL = "https://apps.apple.com/app/id284882215"
    context.playbackMethods = [1, 6]
    context.contentCategories = ["IAB1-6", "IAB17"]
    context.gppString = "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    context.gppSectionIDs = [2, 6]
    context.dsaRequired = 2
    context.dsaParams = "dsarequired=2&pubrender=1"
    context.dsaPubRender = 1
    return context
}

@Suite struct VASTMacroContextTests {
    /// Every IAB macro, the URI kind it may appear in, and its exact expansion from ``filledMacroContext()``.
    static let expectedExpansions: [(VASTMacro, VASTMacroUsage, String)] = [
        (.timestamp, .impression, "2016-01-17T08%3A15%3A07.127Z"),
        (.cacheBusting, .impression, "10012345"),
        (.contentPlayhead, .impression, "01%3A02%3A03.004"),
        (.mediaPlayhead, .impression, "00%3A00%3A15.250"),
        (.breakPosition, .impression, "2"),
        (.blockedAdCategories, .vastAdTagURI, "IAB8-5,IAB%209"),
        (.adCategories, .impression, "IAB1,IAB2-3"),
        (.adCount, .impression, "2"),
        (.transactionID, .vastAdTagURI, "123e4567-e89b-12d3-a456-426614174000"),
        (.placementType, .vastAdTagURI, "3"),
        (.adType, .vastAdTagURI, "video"),
        (.universalAdID, .impression, "ad-id.org%20CNPA0484000H"),
        (.breakMaxDuration, .vastAdTagURI, "60"),
        (.breakMaxAds, .vastAdTagURI, "4"),
        (.breakMinAdLength, .vastAdTagURI, "5"),
        (.breakMaxAdLength, .vastAdTagURI, "30"),
        (.ifa, .vastAdTagURI, "6D92078A-8246-4BA4-AE5B-76104861E7DC"),
        (.ifaType, .vastAdTagURI, "idfa"),
        (.clientUA, .impression, "AdEngine%2F1.0%20VASTPlugin%2F2.1"),
        (.serverUA, .impression, "ssai%2F3%20%28%2Bhttps%3A%2F%2Fx.example%29"),
        (.deviceUA, .impression, "Mozilla%2F5.0%20%28iPhone%29"),
        (.serverSide, .impression, "0"),
        (.deviceIP, .impression, "2001%3Adb8%3A%3A1"),
        (.latLong, .vastAdTagURI, "51.004,-0.1"),
        (.domain, .vastAdTagURI, "example.com"),
        (.pageURL, .vastAdTagURI, "https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%26d%3D%C3%A9"),
        (.appBundle, .vastAdTagURI, "com.example.app"),
        (.vastVersions, .vastAdTagURI, "2,3,7,11,12"),
        (.apiFrameworks, .vastAdTagURI, "2,7"),
        (.extensions, .vastAdTagURI, "AdVerifications,waterfall"),
        (.verificationVendors, .vastAdTagURI, "moat.com-omid,ias.com-omid"),
        (.omidPartner, .vastAdTagURI, "AdEngine%2F1.0"),
        (.mediaMIME, .vastAdTagURI, "video%2Fmp4,application%2Fx-mpegURL"),
        (.playerCapabilities, .vastAdTagURI, "skip,mute"),
        (.clickType, .vastAdTagURI, "1"),
        (.playerState, .tracking(.mute), "muted,fullscreen"),
        (.inventoryState, .vastAdTagURI, "skippable,autoplayed"),
        (.playerSize, .tracking(.start), "640,360"),
        (.adPlayhead, .tracking(.pause), "00%3A00%3A05.000"),
        (.assetURI, .tracking(.start), "https%3A%2F%2Fcdn.example%2Fad.mp4"),
        (.contentID, .vastAdTagURI, "episode%2012"),
        (.contentURI, .vastAdTagURI, "https%3A%2F%2Fcdn.example%2Fshow.m3u8"),
        (.podSequence, .impression, "3"),
        (.adServingID, .impression, "a1b2~c3_d4.e5"),
        (.clickPosition, .clickTracking, "120,45"),
        (.errorCode, .error, "403"),
        (.reason, .verificationNotExecuted, "3"),
        (.limitAdTracking, .vastAdTagURI, "1"),
        (.regulations, .vastAdTagURI, "gdpr,coppa"),
        (.gdprConsent, .vastAdTagURI, "CPc%2B%2F%3Dx"),
        (.storeID, .vastAdTagURI, "id284882215"),
        (.storeURL, .vastAdTagURI, "https%3A%2F%2Fapps.apple.com%2Fapp%2Fid284882215"),
        (.playbackMethods, .vastAdTagURI, "1,6"),
        (.contentCategories, .vastAdTagURI, "IAB1-6,IAB17"),
        (.gppString, .vastAdTagURI, "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"),
        (.gppSectionID, .vastAdTagURI, "2,6"),
        (.dsaRequired, .vastAdTagURI, "2"),
        (.dsaParams, .vastAdTagURI, "dsarequired%3D2%26pubrender%3D1"),
        (.dsaPubRender, .vastAdTagURI, "1"),
    ]

    @Test func theIABTableHasExactly59UniqueMacros() {
        #expect(VASTMacro.all.count == 59)
        #expect(Set(VASTMacro.all).count == 59)
        #expect(VASTMacro.all.allSatisfy { $0.isIAB })
        #expect(!VASTMacro(rawValue: "FOO").isIAB)
        #expect(VASTMacro.clickPosition.rawValue == "CLICKPOS")
        #expect(VASTMacro.contentCategories.description == "[CONTENTCAT]")
    }

    @Test func everyIABMacroHasAnExpectedExpansion() {
        #expect(Self.expectedExpansions.map(\.0) == VASTMacro.all)
    }

    @Test(arguments: expectedExpansions)
    func everyMacroExpandsFromAFilledContextInBothForms(
        _ macro: VASTMacro, _ usage: VASTMacroUsage, _ expected: String
    ) {
        let context = filledMacroContext()
        let url = "https://t.example/p?a=[\(macro.rawValue)]&b=%%\(macro.rawValue)%%"
        let expansion = VASTMacroExpander.expand(url, context: context, usage: usage)
        #expect(expansion.url == "https://t.example/p?a=\(expected)&b=\(expected)")
        #expect(expansion.replacements == 2)
        #expect(expansion.findings.allSatisfy { $0.kind == .deprecated })
        #expect(expansion.isComplete)
    }

    /// The context keeps most of its values in a box its copies share: a change to one copy, in place or
    /// whole, a value, a list or a declaration, must leave every other copy as it was, from any thread.
    @Test func aCopyIsItsOwnValueWhateverChangesIt() async {
        let original = filledMacroContext()
        var copy = original
        copy.ifa = "changed"
        copy.playerState?.append("pip")
        copy.withheld.insert(.deviceIP)
        copy.unknown = [.latLong]
        copy.adPlayhead = VASTTime(milliseconds: 1)
        let third = copy
        copy.regulations = nil
        #expect(original.ifa == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
        #expect(original.playerState == ["muted", "fullscreen"])
        #expect(original.withheld.isEmpty && original.unknown.isEmpty)
        #expect(copy.ifa == "changed" && copy.playerState == ["muted", "fullscreen", "pip"])
        #expect(copy.withheld == [.deviceIP] && copy.unknown == [.latLong] && copy.regulations == nil)
        #expect(third.regulations == ["gdpr", "coppa"] && third.ifa == "changed")
        #expect(original.adPlayhead == VASTTime(milliseconds: 5_000) && copy.adPlayhead == VASTTime(milliseconds: 1))
        #expect(VASTMacroExpander.expand("[IFA]", context: original, usage: .impression).url.hasPrefix("6D92078A"))
        #expect(VASTMacroExpander.expand("[DEVICEIP]", context: third, usage: .impression).url == "-2")
        // Copies changed on other threads at once: each sees its own values only.
        let seen = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    var mine = original
                    for step in 0..<200 { mine.ifa = "task-\(index)-\(step)" }
                    mine.extensions?.append("task-\(index)")
                    return mine.ifa == "task-\(index)-199" && mine.extensions?.last == "task-\(index)"
                        && original.ifa == "6D92078A-8246-4BA4-AE5B-76104861E7DC"
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(seen)
        #expect(original.extensions == ["AdVerifications", "waterfall"])
    }

    @Test(arguments: VASTMacro.all)
    func aWithheldMacroBecomesMinusTwoEvenWhenFilledOrUnknown(_ macro: VASTMacro) {
        var context = filledMacroContext()
        context.withheld = [macro]
        context.unknown = [macro]
        let usage = Self.expectedExpansions.first { $0.0 == macro }?.1 ?? .impression
        #expect(VASTMacroExpander.expand("x=[\(macro.rawValue)]", context: context, usage: usage).url == "x=-2")
    }

    @Test(arguments: VASTMacro.all)
    func anUnknownMacroBecomesMinusOneEvenWhenFilled(_ macro: VASTMacro) {
        var context = filledMacroContext()
        context.unknown = [macro]
        let usage = Self.expectedExpansions.first { $0.0 == macro }?.1 ?? .impression
        #expect(VASTMacroExpander.expand("x=[\(macro.rawValue)]", context: context, usage: usage).url == "x=-1")
    }

    @Test func anEmptyContextFillsOnlyTheTimestampAndCacheBuster() {
        let context = VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 0 })
        let expansion = VASTMacroExpander.expand(
            "t=[TIMESTAMP]&c=[CACHEBUSTING]&i=[IFA]&d=%%DOMAIN%%&j=[IFA]", context: context, usage: .impression)
        #expect(expansion.url == "t=1970-01-01T00%3A00%3A00.000Z&c=10000000&i=[IFA]&d=%%DOMAIN%%&j=[IFA]")
        #expect(expansion.replacements == 2)
        #expect(expansion.findings.map(\.kind) == [.notFilled, .notFilled])
        #expect(expansion.findings.map(\.macro) == [.ifa, .domain])
        #expect(expansion.findings.map(\.occurrences) == [2, 1])
        #expect(!expansion.isComplete)
    }

    @Test func declaringOnlySomeMacrosLeavesTheRestAsWrittenAndReported() {
        var context = VASTMacroContext()
        context.withheld = [.ifa, .deviceIP]
        context.unknown = [.latLong]
        let expansion = VASTMacroExpander.expand(
            "[IFA]/[DEVICEIP]/[LATLONG]/[PAGEURL]", context: context, usage: .vastAdTagURI)
        #expect(expansion.url == "-2/-2/-1/[PAGEURL]")
        #expect(expansion.findings.map(\.kind) == [.notFilled])
        #expect(expansion.findings.map(\.macro) == [.pageURL])
    }

    @Test func anEmptyListExpandsToNothing() {
        var context = VASTMacroContext()
        context.blockedAdCategories = []
        let expansion = VASTMacroExpander.expand("b=[BLOCKEDADCATEGORIES]&", context: context, usage: .vastAdTagURI)
        #expect(expansion.url == "b=&")
    }

    @Test func listItemsAreEncodedOneByOneAndTheirCommasAreNot() {
        var context = VASTMacroContext()
        context.adCategories = ["a,b", "c d", "é/f"]
        #expect(
            VASTMacroExpander.expand("[ADCATEGORIES]", context: context, usage: .impression).url
                == "a%2Cb,c%20d,%C3%A9%2Ff")
    }

    @Test(arguments: [
        (":/?#[]@!$&'()*+,;=%", "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25"),
        ("AZaz09-._~", "AZaz09-._~"),
        ("é😀 \u{0}\n\"<>\\^`{|}", "%C3%A9%F0%9F%98%80%20%00%0A%22%3C%3E%5C%5E%60%7B%7C%7D"),
    ])
    func valuesArePercentEncodedPerRFC3986WithUppercaseHex(_ value: String, _ expected: String) {
        var context = VASTMacroContext()
        context.contentID = value
        #expect(VASTMacroExpander.expand("[CONTENTID]", context: context, usage: .impression).url == expected)
    }

    @Test(arguments: [
        (0 as UInt64, "10000000"), (12_345, "10012345"), (89_999_999, "99999999"), (90_000_000, "10000000"),
        (UInt64.max, "29551615"),
    ])
    func cacheBustingIsEightDigitsFromTheInjectedRandomSource(_ random: UInt64, _ expected: String) {
        let context = VASTMacroContext(random: { random })
        #expect(VASTMacroExpander.expand("[CACHEBUSTING]", context: context, usage: .impression).url == expected)
    }

    @Test func cacheBustingFromTheSystemRandomSourceIsAlwaysEightDigits() {
        for _ in 0..<200 {
            let url = VASTMacroExpander.expand("[CACHEBUSTING]", context: VASTMacroContext(), usage: .impression).url
            #expect(url.utf8.count == 8 && url.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && url.first != "0")
        }
    }

    @Test func theClockAndRandomSourceAreReadOncePerURI() {
        let calls = Mutex(0)
        let context = VASTMacroContext(random: {
            calls.withLock {
                $0 += 1
                return UInt64($0)
            }
        })
        let expansion = VASTMacroExpander.expand(
            "[CACHEBUSTING]-%%CACHEBUSTING%%-[CACHEBUSTING]", context: context, usage: .impression)
        #expect(expansion.url == "10000001-10000001-10000001")
        #expect(calls.withLock { $0 } == 1)
        #expect(VASTMacroExpander.expand("[CACHEBUSTING]", context: context, usage: .impression).url == "10000002")
    }

    @Test(arguments: [
        (1_453_018_507.127, 0, "2016-01-17T08%3A15%3A07.127Z"),
        (1_453_018_507.127, -5 * 3600, "2016-01-17T03%3A15%3A07.127-05%3A00"),
        (1_453_018_507.127, 5 * 3600 + 1800, "2016-01-17T13%3A45%3A07.127%2B05%3A30"),
        (1_453_018_507.127, -9 * 3600, "2016-01-16T23%3A15%3A07.127-09%3A00"),
        (1_709_208_000, 0, "2024-02-29T12%3A00%3A00.000Z"),
        (-0.001, 0, "1969-12-31T23%3A59%3A59.999Z"),
        (951_782_399.9996, 0, "2000-02-29T00%3A00%3A00.000Z"),
    ])
    func timestampIsISO8601WithMillisecondsAndTheContextsZone(
        _ seconds: Double, _ offset: Int, _ expected: String
    ) throws {
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        let context = VASTMacroContext(now: { Date(timeIntervalSince1970: seconds) }, timeZone: zone)
        #expect(VASTMacroExpander.expand("[TIMESTAMP]", context: context, usage: .impression).url == expected)
    }

    @Test func timestampsOutsideFourDigitYearsAreClampedNotTrapped() {
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            let context = VASTMacroContext(now: { Date(timeIntervalSince1970: seconds) })
            let url = VASTMacroExpander.expand("[TIMESTAMP]", context: context, usage: .impression).url
            #expect(url.utf8.count == "2016-01-17T08%3A15%3A07.127Z".utf8.count)
        }
    }

    @Test(arguments: [
        (0.0, 0.0, "0,0"), (-33.8688, 151.2093, "-33.8688,151.2093"), (0.000001, -0.0000004, "0.000001,0"),
        (90, -180, "90,-180"),
    ])
    func coordinatesAreDecimalDegreesWithABareComma(_ latitude: Double, _ longitude: Double, _ expected: String) {
        var context = VASTMacroContext()
        context.latLong = .init(latitude: latitude, longitude: longitude)
        #expect(VASTMacroExpander.expand("[LATLONG]", context: context, usage: .impression).url == expected)
    }

    @Test(arguments: [(91.0, 0.0), (0, 180.5), (.nan, 0), (0, .infinity)])
    func outOfRangeCoordinatesAreLeftAndReported(_ latitude: Double, _ longitude: Double) {
        var context = VASTMacroContext()
        context.latLong = .init(latitude: latitude, longitude: longitude)
        let expansion = VASTMacroExpander.expand("[LATLONG]", context: context, usage: .impression)
        #expect(expansion.url == "[LATLONG]")
        #expect(expansion.findings.map(\.kind) == [.invalidValue])
    }

    @Test func limitAdTrackingIsWrittenAsOneOrZero() {
        var context = VASTMacroContext()
        context.limitAdTracking = false
        #expect(VASTMacroExpander.expand("[LIMITADTRACKING]", context: context, usage: .impression).url == "0")
    }
}

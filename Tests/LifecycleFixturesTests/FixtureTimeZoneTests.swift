import Foundation
import LifecycleFixtures
import Testing

/// A fixture's `setup.timeZone`: tz database names and `GMT`/`UTC` offsets are read; anything else,
/// including the offsets Foundation's own reader traps on, is a typed error naming the field.
@Suite struct FixtureTimeZoneTests {
    func fixture(timeZone: String) throws(FixtureError) -> LifecycleFixture {
        let setup = #"{"timeZone": "\#(timeZone)"}"#
        let json = """
            {"name": "zone", "description": "d", "controller": "unit",
             "ad": "Tests/Fixtures/lifecycle/ads/inline-every-event.xml", "setup": \(setup),
             "steps": [{"input": "expired", "expect": []}]}
            """
        return try LifecycleFixture(json: Data(json.utf8), file: "zone.json")
    }

    @Test(arguments: [
        ("UTC", 0), ("GMT", 0), ("utc", 0), ("GMT+5", 18_000), ("GMT+05", 18_000), ("UTC-0930", -34_200),
        ("GMT+123", 4_980),
        ("GMT+5:30", 19_800), ("GMT+05:30", 19_800), ("UTC+18", 64_800), ("Europe/Paris", 3_600),
        ("America/New_York", -18_000), ("Etc/GMT+5", -18_000), ("America/Argentina/Buenos_Aires", -10_800),
        ("EST5EDT", -18_000),
    ])
    func zonesAreRead(_ identifier: String, _ secondsInJanuary2024: Int) throws {
        let zone = try fixture(timeZone: identifier).setup.timeZone
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_704_067_200)) == secondsInJanuary2024)
    }

    /// `GMT+05:/0` and `UTC+05:/0` stopped the process inside Foundation (`TimeZone.tryParseGMTName`).
    @Test(arguments: [
        "GMT+05:/0", "UTC+05:/0", "GMT+", "GMT+:30", "GMT+5:", "GMT+05:00:00", "GMT+19", "GMT+18:01", "GMT+12345",
        "GMT5", "GMT 5", "Europe/Nowhere", "Europe//Paris", "/Europe/Paris", "Europe/Paris/", "../etc/passwd",
        "Europe/Paris+05:/0", "", "Éurope/Paris", String(repeating: "A", count: 65),
    ])
    func otherTextIsATypedErrorNamingTheField(_ identifier: String) {
        #expect {
            _ = try fixture(timeZone: identifier)
        } throws: { error in
            let fixtureError = error as? FixtureError
            return fixtureError?.code == .invalidValue && fixtureError?.path == "setup.timeZone"
        }
    }
}

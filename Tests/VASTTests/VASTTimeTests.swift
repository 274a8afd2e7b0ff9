import Testing
import VAST

@Suite struct VASTTimeTests {
    @Test(arguments: [
        ("00:00:15", 15_000), ("00:00:15.250", 15_250), ("01:02:03.004", 3_723_004), ("00:59:59.999", 3_599_999),
        ("99:00:00", 356_400_000),
    ])
    func strictTimesParseWithoutLeniency(_ text: String, _ milliseconds: Int) throws {
        let (time, leniency) = try VASTTime.parse(text)
        #expect(time.milliseconds == milliseconds)
        #expect(leniency == nil)
    }

    @Test(arguments: [
        ("15", 15_000, "bare seconds instead of HH:MM:SS"),
        ("15.5", 15_500, "bare seconds instead of HH:MM:SS"),
        ("0:0:5", 5_000, "fields not written with two digits"),
        ("00:00:05.5", 5_500, "1 fraction digits instead of 3"),
        ("00:00:05.123456", 5_123, "6 fraction digits instead of 3"),
        (" 00:00:05 ", 5_000, "surrounding whitespace"),
    ])
    func lenientTimesAreAcceptedAndSaySo(_ text: String, _ milliseconds: Int, _ reason: String) throws {
        let (time, leniency) = try VASTTime.parse(text)
        #expect(time.milliseconds == milliseconds)
        #expect(leniency?.reason == reason)
    }

    @Test(arguments: [
        "", "   ", "00:60:00", "00:00:60", "aa:bb:cc", "00:00", "1:2:3:4", "-00:00:01", "00:00:01.",
        "00:00:01.1234567890", "+5", "0x10", "00:00:0５", String(repeating: "9", count: 40),
    ])
    func malformedTimesThrow(_ text: String) {
        #expect(throws: VASTTimeFormatError.self) { try VASTTime.parse(text) }
    }

    @Test func timesPrintInTheStrictForm() {
        #expect(VASTTime(milliseconds: 3_723_004).description == "01:02:03.004")
        #expect(VASTTime(seconds: 15.5).description == "00:00:15.500")
        #expect(VASTTime(milliseconds: -5).milliseconds == 0)
    }

    @Test func offsetsAreTimesOrPercentages() throws {
        #expect(try VASTTimeOffset.parse("25%").0 == .percent(25))
        #expect(try VASTTimeOffset.parse("12.5%").0 == .percent(12.5))
        #expect(try VASTTimeOffset.parse("00:00:05").0 == .time(VASTTime(milliseconds: 5_000)))
        #expect(throws: VASTTimeFormatError.self) { try VASTTimeOffset.parse("101%") }
        #expect(throws: VASTTimeFormatError.self) { try VASTTimeOffset.parse("%") }
        #expect(throws: VASTTimeFormatError.self) { try VASTTimeOffset.parse("-5%") }
        #expect(
            VASTTimeOffset.percent(50).resolved(in: VASTTime(milliseconds: 30_000)) == VASTTime(milliseconds: 15_000))
        #expect(VASTTimeOffset.percent(25).description == "25%")
    }

    @Test func versionsAreReadAsServersWriteThem() {
        #expect(VASTVersion(rawValue: "2.0.1") == .v2_0)
        #expect(VASTVersion(rawValue: "4") == .v4_0)
        #expect(VASTVersion(rawValue: "4.2.0") == .v4_2)
        #expect(VASTVersion(rawValue: "1.0") == nil)
        #expect(VASTVersion(rawValue: "5.0") == nil)
        #expect(VASTVersion(rawValue: "4.x") == nil)
        #expect(VASTVersion.v4_1 < .v4_2)
    }
}

/// Time values never trap, whatever a document or a player hands them (issue 9).
@Suite struct VASTTimeSafetyTests {
    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan, 1e300, -1e300, 9.3e15, -0.0004])
    func secondsOfAnyDoubleBecomeATimeWithoutTrapping(_ seconds: Double) {
        let time = VASTTime(seconds: seconds)
        #expect(time.milliseconds >= 0)
        if seconds > 1e15 { #expect(time.milliseconds == Int.max) }
        if !(seconds > 0) { #expect(time.milliseconds == 0) }
        #expect(!time.description.isEmpty)
    }

    @Test func aPercentageOfTheLongestDurationDoesNotTrap() {
        let longest = VASTTime(milliseconds: Int.max)
        #expect(VASTTimeOffset.percent(100).resolved(in: longest).milliseconds == Int.max)
        #expect(VASTTimeOffset.percent(50).resolved(in: longest).milliseconds > Int.max / 3)
        #expect(VASTTimeOffset.percent(10).resolved(in: VASTTime(milliseconds: 12_345)).milliseconds == 1_235)
    }

    @Test func theLargestTimeTheParserReadsFitsWithoutOverflow() throws {
        let (time, _) = try VASTTime.parse("999999999:59:59.999")
        #expect(time.milliseconds == ((999_999_999 * 60 + 59) * 60 + 59) * 1000 + 999)
        #expect(!VASTValueBounds.duration.contains(time))
    }
}

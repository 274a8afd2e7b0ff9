import Foundation
import TestSupport
import Testing
import VAST

@Suite struct InternetTimestampTests {
    @Test(arguments: [
        ("2024-01-01T00:00:00Z", 1_704_067_200.0),
        ("2024-01-01T00:00:00.000Z", 1_704_067_200.0),
        ("2016-01-17T08:15:07.127Z", 1_453_018_507.127),
        ("2016-01-17T03:15:07.127-05:00", 1_453_018_507.127),
        ("2016-01-17T13:45:07.127+05:30", 1_453_018_507.127),
        ("2016-01-17t08:15:07.127z", 1_453_018_507.127),
        ("2024-02-29T12:00:00Z", 1_709_208_000.0),
        ("2000-02-29T23:59:59.5Z", 951_868_799.5),
        ("1969-12-31T23:59:59.999Z", -0.001),
        ("0000-03-01T00:00:00Z", -62_162_035_200.0),
        ("9999-12-31T23:59:59.999999999+23:59", 253_402_300_800.0 - 86_340),
    ])
    func rfc3339InstantsReadToTheirSeconds(_ text: String, _ seconds: Double) throws {
        let date = try #require(InternetTimestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-4, "\(text) read as \(date.timeIntervalSince1970)")
    }

    /// What the calendar library took (or crashed on): offsets past 23:59, dates that do not exist,
    /// signed and long years, fractions with no digits or more than nine, other spellings.
    @Test(arguments: [
        "", "2024-01-01", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z", "2024-01-01T00:00Z",
        "2024-01-01T00:00:00.000+99:99", "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00+0100",
        "2024-01-01T00:00:00+01", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T00:60:00Z", "2024-01-01T23:59:60Z", "-2024-01-01T00:00:00Z", "+2024-01-01T00:00:00Z",
        "12024-01-01T00:00:00Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00.1234567890Z",
        "2024-01-01T00:00:00.9999999999999999999999Z", "2024-05-01T12:00:00.00999999999999999999999999999990989999999Z",
        "2024-01-01T00:00:00ZZ", "2024-01-01T00:00:00Z ",
        " 2024-01-01T00:00:00Z", "２０２４-01-01T00:00:00Z", "2024-01-01T00:00:00\u{0}Z", "2O24-01-01T00:00:00Z",
        "2024-1-01T00:00:00Z", "2024-01-01T00:00:00,5Z",
        "2024-01-01T00:00:00.000Z" + String(repeating: "0", count: 100),
    ])
    func anythingElseIsNotAnInstant(_ text: String) {
        #expect(InternetTimestamp.parse(text) == nil, "\(text.debugDescription) was read as an instant")
    }

    /// What `[TIMESTAMP]` writes reads back to the same millisecond, in any zone Foundation makes
    /// (offsets up to 18 hours), years 1 to 9999.
    @Test func theTimestampMacroReadsBackToItsMillisecond() throws {
        var generator = SplitMix64(seed: 0x7157_A3B0)
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: -62_135_510_400_000...253_402_214_400_000, using: &generator)
            let offsetMinutes = Int.random(in: -18 * 60...18 * 60, using: &generator)
            let zone = try #require(TimeZone(secondsFromGMT: offsetMinutes * 60))
            let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let context = VASTMacroContext(now: { instant }, timeZone: zone)
            let encoded = VASTMacroExpander.expand("[TIMESTAMP]", context: context, usage: .impression).url
            let written = try #require(encoded.removingPercentEncoding)
            let read = try #require(InternetTimestamp.parse(written), "\(written) did not read back")
            #expect(
                Int64((read.timeIntervalSince1970 * 1000).rounded()) == milliseconds,
                "\(written) read as \(read.timeIntervalSince1970), written from \(milliseconds) ms")
        }
    }

    /// Foundation's ISO 8601 formatter (ICU), on the well-formed timestamps it reads correctly, gives
    /// the same instant: the reader agrees with an implementation it shares nothing with.
    @Test func wellFormedTimestampsAgreeWithFoundationsFormatter() throws {
        var generator = SplitMix64(seed: 0x150_8601)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for _ in 0..<2_000 {
            let year = Int.random(in: 1900...2200, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            let offset = Int.random(in: -14 * 60...14 * 60, using: &generator) / 15 * 15
            let zone =
                offset == 0
                ? "Z"
                : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
            let text =
                String(
                    format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", year, month, day,
                    Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator),
                    Int.random(in: 0...59, using: &generator), Int.random(in: 0...999, using: &generator)) + zone
            let ours = try #require(InternetTimestamp.parse(text), "\(text)")
            let theirs = try #require(formatter.date(from: text), "\(text)")
            #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 0.0005, "\(text)")
        }
    }
}

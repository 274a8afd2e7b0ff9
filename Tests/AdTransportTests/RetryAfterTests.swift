import Testing

@testable import AdTransport

/// `Retry-After` values as RFC 9110 section 10.2.3 writes them, and hostile ones.
@Suite struct RetryAfterTests {
    /// 1994-11-06T08:49:37Z, the RFC's example date.
    let example: Int64 = 784_111_777

    @Test(arguments: [
        ("120", Duration.seconds(120)), ("0", .zero), ("\t5 ", .seconds(5)),
        ("86400", .seconds(86_400)), ("86401", .seconds(86_400)), ("999999", .seconds(86_400)),
        (String(repeating: "9", count: 100), .seconds(86_400)),
    ])
    func delaySecondsAreBoundedToADay(_ value: String, _ expected: Duration) {
        #expect(RetryAfter.delay(value, serverDate: nil, now: example) == expected)
    }

    /// The three forms RFC 9110 section 5.6.7 says a recipient must accept.
    @Test(arguments: ["Sun, 06 Nov 1994 08:50:37 GMT", "Sunday, 06-Nov-94 08:50:37 GMT", "Sun Nov  6 08:50:37 1994"])
    func everyHTTPDateFormIsRead(_ value: String) {
        #expect(RetryAfter.delay(value, serverDate: nil, now: example) == .seconds(60))
    }

    @Test func aDateIsRelativeToTheServersDateWhenThereIsOne() {
        let delay = RetryAfter.delay(
            "Sun, 06 Nov 1994 08:50:37 GMT", serverDate: "Sun, 06 Nov 1994 08:50:00 GMT",
            now: 0)
        #expect(delay == .seconds(37))
    }

    @Test func anUnreadableServerDateFallsBackToTheLocalClock() {
        #expect(
            RetryAfter.delay("Sun, 06 Nov 1994 08:50:37 GMT", serverDate: "yesterday", now: example) == .seconds(60))
    }

    @Test func datesInThePastAndFarFutureStayInBounds() {
        #expect(RetryAfter.delay("Thu, 01 Jan 1970 00:00:00 GMT", serverDate: nil, now: example) == .zero)
        #expect(RetryAfter.delay("Fri, 31 Dec 9999 23:59:59 GMT", serverDate: nil, now: example) == .seconds(86_400))
        #expect(RetryAfter.delay("Fri, 31 Dec 9999 23:59:59 GMT", serverDate: nil, now: .min) == .seconds(86_400))
        #expect(RetryAfter.delay("Thu, 01 Jan 1970 00:00:00 GMT", serverDate: nil, now: .max) == .zero)
    }

    @Test(arguments: [
        "", "   ", "-1", "+5", "1.5", "5s", "0x10", "soon",
        String(repeating: "a", count: 10_000),
    ])
    func anythingElseIsNoValue(_ value: String) {
        #expect(RetryAfter.delay(value, serverDate: nil, now: example) == nil)
    }
}

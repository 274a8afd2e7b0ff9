internal import CCurl

/// The `Retry-After` response header (RFC 9110 section 10.2.3): `delay-seconds` or an HTTP-date.
///
/// Read from outside, so every value is bounded: a delay is never negative (a date in the past
/// means now) and never longer than ``maximum``, however many digits the server sent; anything
/// else (`-5`, `1.5`, `soon`) is no value at all, and the caller's own backoff applies.
enum RetryAfter {
    /// The longest delay kept: one day. Longer values are cut to it (the beacon dispatcher caps
    /// them further at its backoff cap and a beacon's time to live).
    static let maximum: Duration = .seconds(86_400)
    /// Header values longer than this are not read (an HTTP-date is 29 bytes).
    static let maxValueBytes = 128

    /// The delay a `Retry-After` value asks for.
    ///
    /// An HTTP-date (all three forms RFC 9110 section 5.6.7 requires recipients to accept, read
    /// by libcurl's `curl_getdate`) is relative to the response's `Date` header when there is
    /// one, since both come from the server's clock; otherwise to `now`.
    /// - Parameters:
    ///   - value: the header's value.
    ///   - serverDate: the response's `Date` header, if any.
    ///   - now: the local wall clock, in seconds since 1970.
    /// - Returns: a delay between zero and ``maximum``, or `nil` when `value` is neither form.
    static func delay(_ value: String, serverDate: String?, now: Int64) -> Duration? {
        let text = trimmed(value)
        guard !text.isEmpty, text.utf8.count <= maxValueBytes else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Seven digits are already more than a day: no need to parse what could overflow.
            guard text.utf8.count <= 6, let seconds = Int64(text) else { return maximum }
            return min(.seconds(seconds), maximum)
        }
        guard let date = httpDate(text) else { return nil }
        let reference = serverDate.flatMap { httpDate(trimmed($0)) } ?? now
        let (seconds, overflow) = date.subtractingReportingOverflow(reference)
        if overflow { return date > reference ? maximum : .zero }
        return min(max(.seconds(seconds), .zero), maximum)
    }

    /// Seconds since 1970 of an HTTP-date, or `nil`.
    private static func httpDate(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= maxValueBytes else { return nil }
        let seconds = Int64(ad_curl_getdate(text, nil))
        // -1 is curl's "not a date" (and 1969-12-31T23:59:59Z, which no server means).
        return seconds == -1 ? nil : seconds
    }

    private static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}

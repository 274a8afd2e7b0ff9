internal import CCurl

/// What libcurl counted for one easy handle (`CURLINFO_*`), read once.
///
/// The client labels timeouts and connection reuse from these, not from its own guesses: a
/// reused connection has no connect time at all, so "no connect time" cannot mean "still
/// connecting".
struct CurlNumbers {
    /// The final HTTP status, 0 when none arrived.
    let status: Int
    /// New connections curl made for the hop (`CURLINFO_NUM_CONNECTS`; 0 on a reused one).
    let newConnections: Int
    /// True once the request went out on a connection (`CURLINFO_PRETRANSFER_TIME_T` or
    /// `CURLINFO_REQUEST_SIZE`): past this, a timeout is the server's slowness, not the connect's.
    let requestSent: Bool
    let dnsMilliseconds: Double
    let connectMilliseconds: Double
    let tlsMilliseconds: Double
    let firstByteMilliseconds: Double
    let totalMilliseconds: Double

    init(_ easy: UnsafeMutableRawPointer) {
        func long(_ info: CURLINFO) -> Int {
            var value = 0
            _ = ad_curl_getinfo_long(easy, info, &value)
            return value
        }
        func microseconds(_ info: CURLINFO) -> curl_off_t {
            var value: curl_off_t = 0
            _ = ad_curl_getinfo_off(easy, info, &value)
            return value
        }
        status = long(CURLINFO_RESPONSE_CODE)
        newConnections = long(CURLINFO_NUM_CONNECTS)
        requestSent = microseconds(CURLINFO_PRETRANSFER_TIME_T) > 0 || long(CURLINFO_REQUEST_SIZE) > 0
        dnsMilliseconds = Double(microseconds(CURLINFO_NAMELOOKUP_TIME_T)) / 1000
        connectMilliseconds = Double(microseconds(CURLINFO_CONNECT_TIME_T)) / 1000
        tlsMilliseconds = Double(microseconds(CURLINFO_APPCONNECT_TIME_T)) / 1000
        firstByteMilliseconds = Double(microseconds(CURLINFO_STARTTRANSFER_TIME_T)) / 1000
        totalMilliseconds = Double(microseconds(CURLINFO_TOTAL_TIME_T)) / 1000
    }
}

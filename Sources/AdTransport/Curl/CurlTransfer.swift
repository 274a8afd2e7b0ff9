internal import CCurl
import Foundation

/// One transfer: its easy handle, body buffer and continuation.
///
/// Created, used and freed on the client's loop thread only (never `Sendable`); `deinit`
/// frees the easy handle, the header list and the error buffer.
final class CurlTransfer {
    let id: UInt64
    let request: HTTPRequest
    /// The connection-pool key (scheme, host, port) the transfer holds a slot of.
    let host: String
    let easy: UnsafeMutableRawPointer
    let continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
    let maxBodyBytes: Int
    private(set) var body: [UInt8] = []
    private(set) var exceededCap = false
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(id: UInt64, request: HTTPRequest, host: String, timeoutMilliseconds: Int, configuration: HTTPClientConfiguration,
         continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) throws(CurlSetupError) {
        guard let easy = curl_easy_init() else { throw CurlSetupError(message: "curl_easy_init failed") }
        self.id = id
        self.request = request
        self.host = host
        self.easy = easy
        self.continuation = continuation
        self.maxBodyBytes = request.maxBodyBytes ?? configuration.maxBodyBytes
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        try configure(timeoutMilliseconds: timeoutMilliseconds, configuration: configuration)
    }

    deinit {
        curl_easy_cleanup(easy)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    private func configure(timeoutMilliseconds: Int, configuration: HTTPClientConfiguration) throws(CurlSetupError) {
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_URL, request.url), "URL")
        // Only http and https, for the URL and every redirect: file://, gopher://, dict:// are refused.
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols")
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "redirect protocols")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1), "follow redirects")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_MAXREDIRS, configuration.maxRedirects), "redirect limit")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "no signals")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds), "timeout")
        try Curl.check(ad_curl_setopt_long(
            easy, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMilliseconds, configuration.connectTimeoutMilliseconds)),
            "connect timeout")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedBytesPerSecond), "low speed")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedSeconds), "low speed time")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1), "TLS peer verification")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2), "TLS host verification")
        // An empty string asks for every encoding libcurl can decode (gzip, deflate, br, zstd).
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "accept encoding")
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent), "user agent")
        // Declared lengths over the cap fail before the body arrives; the write callback
        // counts decoded bytes for chunked and compressed bodies, which this cannot see.
        try Curl.check(ad_curl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes)), "size cap")
        try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        try Curl.check(ad_curl_setopt_write_function(easy, { data, size, count, user in
            guard let user else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
            return transfer.receive(data, size * count)
        }), "write function")
        try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()),
                       "write data")
        for header in request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        if let headerList {
            try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList), "headers")
        }
    }

    /// The write callback's body: appends decoded bytes, or stops the transfer past the cap.
    private func receive(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard body.count + count <= maxBodyBytes else {
            exceededCap = true
            return 0
        }
        if let data, count > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            }
        }
        return count
    }

    /// The transfer's outcome once curl reports it done.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        let report = makeReport()
        if code != CURLE_OK { return .failure(error(for: code, report: report)) }
        switch report.status {
        case 204:
            return .failure(HTTPError(.noContent, "HTTP 204 No Content", report: report))
        case 200..<300 where body.isEmpty:
            return .failure(HTTPError(.noContent, "HTTP \(report.status) with an empty body", report: report))
        case 200..<300:
            return .success(HTTPResponse(status: report.status, body: body, report: report))
        default:
            return .failure(HTTPError(.badStatus, "HTTP \(report.status)", report: report))
        }
    }

    /// What the transfer did so far (also for cancelled and failed transfers).
    func makeReport() -> HTTPTransferReport {
        func long(_ info: CURLINFO) -> Int {
            var value = 0
            _ = ad_curl_getinfo_long(easy, info, &value)
            return value
        }
        func milliseconds(_ info: CURLINFO) -> Double {
            var value: curl_off_t = 0
            _ = ad_curl_getinfo_off(easy, info, &value)
            return Double(value) / 1000
        }
        var effective: UnsafePointer<CChar>?
        _ = ad_curl_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let status = long(CURLINFO_RESPONSE_CODE)
        return HTTPTransferReport(
            url: request.url, effectiveURL: effective.map { String(cString: $0) } ?? request.url,
            status: status, bytes: body.count, redirects: long(CURLINFO_REDIRECT_COUNT),
            connectionReused: status != 0 && long(CURLINFO_NUM_CONNECTS) == 0,
            dnsMilliseconds: milliseconds(CURLINFO_NAMELOOKUP_TIME_T),
            connectMilliseconds: milliseconds(CURLINFO_CONNECT_TIME_T),
            tlsMilliseconds: milliseconds(CURLINFO_APPCONNECT_TIME_T),
            firstByteMilliseconds: milliseconds(CURLINFO_STARTTRANSFER_TIME_T),
            totalMilliseconds: milliseconds(CURLINFO_TOTAL_TIME_T))
    }

    private func error(for code: CURLcode, report: HTTPTransferReport) -> HTTPError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return HTTPError(.dns, message, report: report)
        case CURLE_COULDNT_CONNECT:
            return HTTPError(.connect, message, report: report)
        case CURLE_OPERATION_TIMEDOUT:
            return HTTPError(report.connectMilliseconds == 0 ? .connectTimeout : .timeout, message, report: report)
        case CURLE_WRITE_ERROR where exceededCap, CURLE_FILESIZE_EXCEEDED:
            return HTTPError(.tooLarge, "the body is larger than \(maxBodyBytes) bytes (\(message))", report: report)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return HTTPError(.forbiddenProtocol, "only http and https are allowed (\(message))", report: report)
        case CURLE_TOO_MANY_REDIRECTS:
            return HTTPError(.tooManyRedirects, message, report: report)
        case CURLE_URL_MALFORMAT:
            return HTTPError(.invalidURL, message, report: report)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_USE_SSL_FAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return HTTPError(.tls, message, report: report)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return HTTPError(.connectionLost, message, report: report)
        default:
            return HTTPError(.transport, "curl error \(code.rawValue): \(message)", report: report)
        }
    }
}

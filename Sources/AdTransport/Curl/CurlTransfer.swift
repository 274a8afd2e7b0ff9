internal import CCurl
import FoundationEssentials

/// One hop of a fetch (the request itself, or a redirect the client follows): its easy handle,
/// body buffer, the response headers it keeps, and who waits for the fetch.
///
/// Created, used and freed on the client's loop thread only (never `Sendable`); `deinit`
/// gives the easy handle back to the loop's ``EasyHandles`` and frees the header list and the
/// error buffer.
final class CurlTransfer {
    /// How a hop ended.
    enum Completion {
        /// The fetch is over.
        case done(Result<HTTPResponse, HTTPError>)
        /// The server redirected to this URL, which is fetched as the next hop.
        case redirect(AbsoluteURL)
    }

    /// The statuses whose `Location` is followed: the ones curl follows for a GET.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    let id: UInt64
    let request: HTTPRequest
    /// This hop's URL.
    let url: AbsoluteURL
    /// Redirects followed before this hop.
    let redirects: Int
    /// When the fetch's first hop started: timings are reported from there.
    let fetchStart: ContinuousClock.Instant
    /// The fetch's deadline, which every hop shares.
    let deadline: ContinuousClock.Instant
    let caller: FetchCompletion
    let easy: UnsafeMutableRawPointer
    /// Where `easy` came from and goes back to.
    private let handles: EasyHandles
    let maxBodyBytes: Int
    /// The connection-pool key (scheme, host, port) the hop holds a slot of: `url`'s
    /// ``AbsoluteURL/origin``, which the loop has already made.
    let host: String
    private let maxRedirects: Int
    private let startedAt: ContinuousClock.Instant
    private(set) var body: [UInt8] = []
    private var exceededCap = false
    /// True once curl handed the first body bytes to the write callback: the headers were read.
    private var bodyStarted = false
    private var headersRejected = false
    private var headers = ResponseHeaders()
    private var headerBytes = 0
    private var lowSpeed: LowSpeedWindow?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// Where a download's body goes (``HTTPClient/download(_:deadline:onResponse:)``); `nil` for a fetch.
    private let sink: DownloadSink?

    init(
        id: UInt64, request: HTTPRequest, url: AbsoluteURL, host: String, redirects: Int,
        fetchStart: ContinuousClock.Instant?,
        deadline: ContinuousClock.Instant, timeoutMilliseconds: Int, configuration: HTTPClientConfiguration,
        caller: FetchCompletion, handles: EasyHandles
    ) throws(CurlSetupError) {
        guard let easy = handles.take() else {
            // No stored property but this one is set, so `deinit` does not run to free it.
            errorBuffer.deallocate()
            throw CurlSetupError(message: "curl_easy_init failed: \(Curl.loadProblem ?? "out of memory")")
        }
        self.handles = handles
        self.id = id
        self.request = request
        self.url = url
        self.host = host
        self.redirects = redirects
        startedAt = .now
        self.fetchStart = fetchStart ?? startedAt
        self.deadline = deadline
        self.easy = easy
        self.caller = caller
        self.maxBodyBytes = request.maxBodyBytes ?? configuration.maxBodyBytes
        sink = request.download.map(DownloadSink.init)
        maxRedirects = configuration.maxRedirects
        lowSpeed = LowSpeedWindow(
            bytesPerSecond: configuration.lowSpeedBytesPerSecond,
            seconds: configuration.lowSpeedSeconds)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        try configure(timeoutMilliseconds: timeoutMilliseconds, configuration: configuration)
    }

    deinit {
        handles.giveBack(easy)
        if let headerList { ad_curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    private func configure(timeoutMilliseconds: Int, configuration: HTTPClientConfiguration) throws(CurlSetupError) {
        // The URL as libcurl's URL API wrote it back when the client checked it: curl parses
        // exactly what was checked.
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_URL, url.string), "URL")
        // Only http and https: the client checks every URL and redirect itself, and curl is told too.
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols")
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "redirect protocols")
        // Redirects are followed by the loop, one hop per transfer, so that each target is parsed
        // with AbsoluteURL and takes a connection slot of its own host.
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "follow redirects")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "no signals")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds), "timeout")
        try Curl.check(
            ad_curl_setopt_long(
                easy, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMilliseconds, configuration.connectTimeoutMilliseconds)),
            "connect timeout")
        // No CURLOPT_LOW_SPEED_*: curl's window runs from the start of the request, so a server
        // slower to answer than the window failed whatever the deadline. LowSpeedWindow applies
        // once bytes flow.
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1), "TLS peer verification")
        try Curl.check(ad_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2), "TLS host verification")
        if let download = request.download?.download {
            try configureDownload(download)
        } else {
            // An empty string asks for every encoding libcurl can decode (gzip, deflate, br, zstd).
            try Curl.check(ad_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "accept encoding")
        }
        try Curl.check(ad_curl_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent), "user agent")
        // Declared lengths over the cap fail before the body arrives; the write callback
        // counts decoded bytes for chunked and compressed bodies, which this cannot see.
        if request.download?.download.overLimit != .truncate {
            try Curl.check(ad_curl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes)), "size cap")
        }
        try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        let context = Unmanaged.passUnretained(self).toOpaque()
        try Curl.check(
            ad_curl_setopt_write_function(
                easy,
                { data, size, count, user in
                    guard let user else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
                    return transfer.receive(data, size * count)
                }), "write function")
        try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "write data")
        try Curl.check(
            ad_curl_setopt_header_function(
                easy,
                { data, size, count, user in
                    guard let user else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
                    return transfer.receiveHeader(data, size * count)
                }), "header function")
        try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context), "header data")
        for header in request.headers {
            // A failed append returns NULL and leaves the list as it was: kept (freed by deinit),
            // and the request refused rather than sent without the header.
            guard let longer = ad_curl_slist_append(headerList, "\(header.name): \(header.value)") else {
                throw CurlSetupError(message: "curl_slist_append failed: out of memory")
            }
            headerList = longer
        }
        if let headerList {
            try Curl.check(ad_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList), "headers")
        }
    }

    /// The write callback's body: appends decoded bytes, or stops the transfer past the cap.
    private func receive(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        bodyStarted = true
        if let sink {
            let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count)
            return sink.receive(bytes, status: headers.status, headers: headers.download)
        }
        guard count <= maxBodyBytes - body.count else {
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

    /// Writes the body bytes a download holds (see ``DownloadSink/flush()``); a failure is the
    /// download's outcome, and the next piece of body stops the transfer.
    func flushDownload() {
        _ = sink?.flush()
    }

    /// The header callback's body: one header line, kept within ``ResponseHeaders``' limits.
    private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        headerBytes += count
        let accepted = headers.receive(UnsafeRawBufferPointer(start: data, count: count))
        if !accepted { headersRejected = true }
        return accepted ? count : 0
    }

    /// Applies the low-speed rule at `now`; true when the hop must stop.
    func isTooSlow(now: ContinuousClock.Instant) -> Bool {
        guard var window = lowSpeed else { return false }
        defer { lowSpeed = window }
        return window.isTooSlow(received: headerBytes + (sink?.received ?? body.count), now: now)
    }

    /// The error for a hop stopped by the low-speed rule.
    func tooSlowError() -> HTTPError {
        let window = lowSpeed.map { "\($0.bytesPerSecond) bytes/s for \($0.window)" } ?? "the low-speed limit"
        return HTTPError(.timeout, "the server sent data slower than \(window)", report: makeReport())
    }

    /// How the hop ended once curl reports it done.
    func completion(_ code: CURLcode) -> Completion {
        let report = makeReport()
        if let sink, let outcome = sink.outcome(succeeded: code == CURLE_OK, status: headers.status, report: report) {
            return .done(outcome.map { $0.with(headers: headers.download) })
        }
        if code != CURLE_OK { return .done(.failure(error(for: code, report: report))) }
        if Self.redirectStatuses.contains(report.status), let location = headers.location {
            guard redirects < maxRedirects else {
                return .done(
                    .failure(
                        HTTPError(
                            .tooManyRedirects,
                            "more than \(maxRedirects) redirects (the last to \(location.prefix(200)))",
                            report: report)))
            }
            do throws(AbsoluteURL.FetchRefusal) {
                return .redirect(try AbsoluteURL.fetchable(location, base: url))
            } catch {
                return .done(
                    .failure(
                        HTTPError(
                            error.kind, "a redirect to \(location.prefix(200)): \(error.message)",
                            report: report)))
            }
        }
        switch report.status {
        case 204:
            return .done(.failure(HTTPError(.noContent, "HTTP 204 No Content", report: report)))
        case 200..<300 where body.isEmpty:
            return .done(.failure(HTTPError(.noContent, "HTTP \(report.status) with an empty body", report: report)))
        case 200..<300:
            return .done(.success(HTTPResponse(status: report.status, body: body, report: report)))
        default:
            return .done(.failure(HTTPError(.badStatus, "HTTP \(report.status)", report: report)))
        }
    }

    /// What the fetch did so far (also for cancelled and failed hops), timed from its first hop.
    func makeReport() -> HTTPTransferReport {
        let numbers = CurlNumbers(easy)
        let offset = Self.milliseconds(fetchStart.duration(to: startedAt))
        func since(_ value: Double) -> Double { value == 0 ? 0 : offset + value }
        var effective: UnsafePointer<CChar>?
        _ = ad_curl_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        return HTTPTransferReport(
            url: request.url, effectiveURL: effective.map { String(cString: $0) } ?? url.string,
            status: numbers.status, bytes: sink?.kept ?? body.count, redirects: redirects,
            connectionReused: numbers.requestSent && numbers.newConnections == 0,
            dnsMilliseconds: since(numbers.dnsMilliseconds), connectMilliseconds: since(numbers.connectMilliseconds),
            tlsMilliseconds: since(numbers.tlsMilliseconds),
            firstByteMilliseconds: since(numbers.firstByteMilliseconds),
            totalMilliseconds: offset + numbers.totalMilliseconds,
            retryAfter: headers.retryAfter.flatMap {
                RetryAfter.delay($0, serverDate: headers.date, now: Int64(time(nil)))
            })
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// `CURLE_TOO_LARGE` (100, curl 8.6 and later), which the headers of older curl do not name.
    private static let tooLargeCode = CURLcode(rawValue: 100)
    /// curl's own limit on one response header line (`CURL_MAX_HTTP_HEADER`).
    static let maxHeaderLineBytes = 100 << 10

    private func error(for code: CURLcode, report: HTTPTransferReport) -> HTTPError {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? String(cString: ad_curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return HTTPError(.dns, message, report: report)
        case CURLE_COULDNT_CONNECT:
            return HTTPError(.connect, message, report: report)
        case CURLE_OPERATION_TIMEDOUT:
            // From curl's own counters: a hop whose request went out (on a new or a reused
            // connection) timed out waiting for the server, not for a connection.
            return HTTPError(CurlNumbers(easy).requestSent ? .timeout : .connectTimeout, message, report: report)
        case CURLE_WRITE_ERROR where headersRejected:
            return HTTPError(
                .tooLarge,
                "the response headers are over the limit (\(ResponseHeaders.maxLines) lines, "
                    + "\(ResponseHeaders.maxBytes) bytes)", report: report)
        case CURLE_WRITE_ERROR where exceededCap, CURLE_FILESIZE_EXCEEDED:
            return HTTPError(.tooLarge, "the body is larger than \(maxBodyBytes) bytes (\(message))", report: report)
        case CURLE_OUT_OF_MEMORY where !bodyStarted, Self.tooLargeCode:
            // curl 7.88 refuses a header line over its 100 KiB limit as "out of memory" (27), newer
            // curl as CURLE_TOO_LARGE (100): either way, a response header too large to read.
            return HTTPError(
                .tooLarge,
                "a response header line is longer than curl reads (\(Self.maxHeaderLineBytes) bytes; curl: \(message))",
                report: report)
        case CURLE_UNSUPPORTED_PROTOCOL where CurlNumbers(easy).requestSent:
            // Every URL and redirect target was checked to be http or https before curl saw it, so
            // this is the answer: no `HTTP/1.x` status line (curl takes it for HTTP/0.9, which it
            // refuses), an unknown HTTP version, or a status code that is not three digits.
            return HTTPError(
                .malformedResponse, "the server's answer is not an HTTP/1.x response (\(message))", report: report)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return HTTPError(.forbiddenProtocol, "only http and https are allowed (\(message))", report: report)
        case CURLE_WEIRD_SERVER_REPLY:
            // A header line without a colon, a NUL byte in a header, an invalid Content-Length.
            return HTTPError(
                .malformedResponse, "the server's response headers are malformed (\(message))", report: report)
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

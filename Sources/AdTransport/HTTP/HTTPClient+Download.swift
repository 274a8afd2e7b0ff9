extension HTTPClient {
    /// Downloads `download`'s URL to a file (or a bounded buffer), finishing by `deadline`.
    ///
    /// Everything ``fetch(_:deadline:)`` guarantees holds (URL and redirect checks, timeouts,
    /// the low-speed rule, bounded headers, cancellation). The body goes where
    /// ``HTTPDownload/destination`` says as it arrives: a 200 MB file costs no more memory than
    /// a 1 MB one. The range and validator become `Range`, `If-Range`, `If-None-Match` and
    /// `If-Modified-Since`.
    /// - Parameters:
    ///   - download: the URL, destination, range, validator and cap.
    ///   - deadline: when the whole download must be over, redirects included.
    ///   - onResponse: called once a 2xx body starts (after the file was opened, before its first
    ///     byte is written), with the status and headers: a caller that must remember what it is
    ///     downloading (the validator, to resume later) learns it before the bytes flow. It runs on
    ///     the client's thread and must return at once.
    /// - Returns: a 200 or 206 with its bytes written, or a 304 (only when a validator was sent
    ///   without a range).
    /// - Throws: ``HTTPError``: as ``fetch(_:deadline:)`` (`badStatus` for a 416 or another status,
    ///   `noContent` for an empty 2xx, `tooLarge` past the cap unless it truncates), and
    ///   `writeFailed`, `unexpectedRange` or `invalidRequest`.
    public func download(
        _ download: HTTPDownload, deadline: ContinuousClock.Instant,
        onResponse: (@Sendable (_ status: Int, _ headers: HTTPResponseHeaders) -> Void)? = nil
    ) async throws(HTTPError) -> HTTPDownloadResponse {
        var headers = download.headers
        if let range = download.range {
            guard let value = range.headerValue else {
                throw HTTPError(.invalidRequest, "\(range) is not a byte range", report: .init(url: download.url))
            }
            headers.append(HTTPHeader("Range", value))
            if let ifRange = download.validator?.ifRange { headers.append(HTTPHeader("If-Range", ifRange)) }
        } else if let validator = download.validator {
            if let etag = validator.etag { headers.append(HTTPHeader("If-None-Match", etag)) }
            if let date = validator.lastModified { headers.append(HTTPHeader("If-Modified-Since", date)) }
        }
        guard download.maxBytes >= 1 else {
            throw HTTPError(.invalidRequest, "maxBytes must be at least 1", report: .init(url: download.url))
        }
        var request = HTTPRequest(url: download.url, headers: headers, maxBodyBytes: download.maxBytes)
        request.download = DownloadJob(download: download, onResponse: onResponse)
        let response = try await fetch(request, deadline: deadline)
        return HTTPDownloadResponse(
            status: response.status, headers: response.headers, bytes: response.report.bytes,
            body: response.body, truncated: response.truncated, report: response.report)
    }
}

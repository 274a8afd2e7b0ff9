internal import CCurl

extension CurlTransfer {
    /// A download's receive buffer: curl's default (16 KiB) costs a write callback and a `write`
    /// per 16 KiB; 256 KiB keeps a loopback download of a large file as fast as the curl tool.
    static let downloadBufferBytes = 256 << 10

    /// The options a download sets instead of a fetch's: no `Accept-Encoding` (a range and a
    /// size are the file's own bytes, not a compressed form's) and a larger receive buffer.
    func configureDownload(_ download: HTTPDownload) throws(CurlSetupError) {
        if case .file = download.destination {
            try Curl.check(ad_curl_setopt_long(easy, CURLOPT_BUFFERSIZE, Self.downloadBufferBytes), "buffer size")
        }
    }
}

extension HTTPResponse {
    /// The response with a download's headers.
    func with(headers: HTTPResponseHeaders) -> HTTPResponse {
        var response = self
        response.headers = headers
        return response
    }
}

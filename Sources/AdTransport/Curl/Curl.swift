internal import CCurl

/// libcurl's process-wide set-up and the one place its return codes become Swift errors.
enum Curl {
    private static let initialized: Bool = {
        ad_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        ad_ignore_sigpipe()
        return true
    }()

    /// Runs `curl_global_init` and ignores SIGPIPE, once, before the first handle is made.
    static func initializeOnce() {
        _ = initialized
    }

    /// Why libcurl could not be loaded (it is opened on first use: see `Sources/CCurl`), or nil when it is
    /// loaded; the first call loads it.
    static var loadProblem: String? {
        ad_curl_load().map { String(cString: $0) }
    }

    /// Throws when a curl call did not return `CURLE_OK`, with curl's text for the code.
    static func check(_ code: CURLcode, _ what: String) throws(CurlSetupError) {
        guard code != CURLE_OK else { return }
        throw CurlSetupError(message: "\(what): \(String(cString: ad_curl_easy_strerror(code)))")
    }
}

/// A curl option that could not be set (an old libcurl, a bad URL string).
struct CurlSetupError: Error {
    let message: String
}

internal import CCurl

/// Easy handles kept between transfers, so that a transfer does not pay `curl_easy_init` and
/// `curl_easy_cleanup` (a handle's state and its 16 KiB receive buffer, allocated, cleared and
/// freed for every request).
///
/// A handle given back is reset with `curl_easy_reset`, which sets every option back to its
/// default (URL, callbacks and their data, headers, error buffer, limits); what it keeps are
/// buffers and caches, never a request's options. At most `limit` are kept; the rest are freed.
/// Loop thread only, like the transfers that hold them.
final class EasyHandles {
    private var idle: [UnsafeMutableRawPointer] = []
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    deinit {
        freeAll()
    }

    /// A handle with default options, or `nil` when curl cannot make one (out of memory).
    func take() -> UnsafeMutableRawPointer? {
        idle.popLast() ?? ad_curl_easy_init()
    }

    /// Takes a handle back once its transfer is over (out of the multi handle).
    func giveBack(_ easy: UnsafeMutableRawPointer) {
        guard idle.count < limit else { return ad_curl_easy_cleanup(easy) }
        ad_curl_easy_reset(easy)
        idle.append(easy)
    }

    /// Frees the handles kept (when the loop ends).
    func freeAll() {
        for easy in idle { ad_curl_easy_cleanup(easy) }
        idle = []
    }
}

extension Beacon {
    /// The key of the dispatcher's per-host limits: the URL's origin (`https://ads.example:8443`)
    /// as libcurl's URL API reads it, or `""` for a URL the client will refuse (those share one
    /// queue and are dropped at their first send, without a transfer).
    var host: String {
        guard let url = try? AbsoluteURL(parsing: self.url), url.isHTTP else { return "" }
        return url.origin
    }
}

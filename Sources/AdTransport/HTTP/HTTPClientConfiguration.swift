/// The client's limits and defaults. Every value is checked when the client is made.
public struct HTTPClientConfiguration: Sendable, Hashable {
    /// The User-Agent header.
    public var userAgent: String
    /// Connect timeout in milliseconds (default 2,000).
    public var connectTimeoutMilliseconds: Int
    /// The largest decoded body accepted (default 2 MiB, the VAST parser's cap).
    public var maxBodyBytes: Int
    /// Redirects followed (default 5); http and https only.
    public var maxRedirects: Int
    /// Connections open at once to one host (default 6); further transfers wait for one.
    public var maxConnectionsPerHost: Int
    /// Connections open at once in all (default 64).
    public var maxTotalConnections: Int
    /// Once a response has started arriving, a transfer that receives fewer than this many
    /// bytes per second over a window of ``lowSpeedSeconds`` fails with `HTTPError.Code.timeout`
    /// (default 64). The wait for the first byte is bounded by the caller's deadline alone, so a
    /// slow but live server gets the whole timeout. 0 turns the rule off.
    public var lowSpeedBytesPerSecond: Int
    /// The low-speed window, in seconds (default 3; 0 turns the rule off). A drip is stopped
    /// within two windows of its first byte.
    public var lowSpeedSeconds: Int

    /// Creates a configuration.
    public init(
        userAgent: String = "AdEngine/0.1 (libcurl)", connectTimeoutMilliseconds: Int = 2_000,
        maxBodyBytes: Int = 2 << 20, maxRedirects: Int = 5, maxConnectionsPerHost: Int = 6,
        maxTotalConnections: Int = 64, lowSpeedBytesPerSecond: Int = 64, lowSpeedSeconds: Int = 3
    ) {
        self.userAgent = userAgent
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.maxTotalConnections = maxTotalConnections
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
    }

    /// The first field that is out of range, named (`maxConnectionsPerHost must be at least 1`), or `nil`.
    public var problem: String? {
        if connectTimeoutMilliseconds < 1 { return "connectTimeoutMilliseconds must be at least 1" }
        if maxBodyBytes < 1 { return "maxBodyBytes must be at least 1" }
        if maxRedirects < 0 { return "maxRedirects must not be negative" }
        if maxConnectionsPerHost < 1 { return "maxConnectionsPerHost must be at least 1" }
        if maxTotalConnections < maxConnectionsPerHost {
            return "maxTotalConnections must be at least maxConnectionsPerHost"
        }
        if lowSpeedBytesPerSecond < 0 || lowSpeedSeconds < 0 { return "the low-speed limits must not be negative" }
        if lowSpeedSeconds > 86_400 { return "lowSpeedSeconds must be at most 86400 (a day)" }
        return nil
    }
}

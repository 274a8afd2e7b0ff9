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
    /// A transfer slower than this many bytes per second for ``lowSpeedSeconds`` fails (default 64).
    public var lowSpeedBytesPerSecond: Int
    /// See ``lowSpeedBytesPerSecond`` (default 3).
    public var lowSpeedSeconds: Int

    /// Creates a configuration.
    public init(userAgent: String = "AdEngine/0.1 (libcurl)", connectTimeoutMilliseconds: Int = 2_000,
                maxBodyBytes: Int = 2 << 20, maxRedirects: Int = 5, maxConnectionsPerHost: Int = 6,
                maxTotalConnections: Int = 64, lowSpeedBytesPerSecond: Int = 64, lowSpeedSeconds: Int = 3) {
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
        if maxTotalConnections < maxConnectionsPerHost { return "maxTotalConnections must be at least maxConnectionsPerHost" }
        if lowSpeedBytesPerSecond < 0 || lowSpeedSeconds < 0 { return "the low-speed limits must not be negative" }
        return nil
    }
}

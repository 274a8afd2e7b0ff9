/// Where the server listens and the bounds it keeps.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`), or `localhost`.
    public var host: String
    /// The port; 0 lets the system choose a free one (see ``HTTPServer/port``).
    public var port: Int
    /// The largest request body accepted; a larger one is answered 413 (by its `Content-Length` before
    /// it is read, or as soon as a chunked body passes the cap).
    public var maxBodyBytes: Int
    /// The most connections open at once; the system's backlog holds the next ones.
    public var maxConnections: Int
    /// Idle connections are closed after this many seconds.
    public var idleTimeoutSeconds: Int
    /// Headers added to every response (a Content-Security-Policy, `X-Content-Type-Options`...).
    public var securityHeaders: [(name: String, value: String)]

    /// Creates a configuration: loopback, a free port, 4 MiB bodies, 64 connections by default.
    public init(
        host: String = "127.0.0.1", port: Int = 0, maxBodyBytes: Int = 4 << 20, maxConnections: Int = 64,
        idleTimeoutSeconds: Int = 60, securityHeaders: [(name: String, value: String)] = []
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.securityHeaders = securityHeaders
    }
}

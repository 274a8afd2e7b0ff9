/// The checks every request passes before a handler sees it: the `Host` header names this server (a page
/// from another site that rebinds its DNS name to this address sends its own name), and an `Origin`, when
/// the browser sends one, is the origin the `Host` names.
///
/// A server bound to a wildcard address (`0.0.0.0`, `::`) answers to whatever name reaches it, so it checks
/// only that the `Host` carries its port; such a server must demand a token of its own (a rebinding page
/// cannot send the cookie or header of another origin).
///
/// A pure value: ``HTTPServer`` builds it once the port is known and asks it about each request.
public struct RequestGuard: Sendable {
    /// The `host:port` values a `Host` header may carry; empty for a wildcard bind (any host, this port).
    public let authorities: Set<String>
    /// The port the server listens on.
    public let port: Int

    /// A guard for a server bound to `host` and `port`; a loopback server also answers to `localhost`.
    public init(host: String, port: Int) {
        self.port = port
        if host == "0.0.0.0" || host == "::" {
            authorities = []
            return
        }
        var names = [Self.authority(host, port)]
        if host == "127.0.0.1" || host == "::1" || host == "localhost" {
            names += ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"]
        }
        authorities = Set(names.map { $0.lowercased() })
    }

    /// `host:port`, with an IPv6 address in brackets.
    public static func authority(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Why `request` is refused (a 403 response), or `nil` when it may go on.
    public func refusal(_ request: ServerRequest) -> ServerResponse? {
        guard let host = request.header("host")?.lowercased(), acceptsHost(host) else {
            return .refused(403, "forbidden: the Host header does not name this server")
        }
        if let origin = request.header("origin"), origin.lowercased() != "http://" + host {
            return .refused(403, "forbidden: the request comes from another origin")
        }
        return nil
    }

    private func acceptsHost(_ host: String) -> Bool {
        guard authorities.isEmpty else { return authorities.contains(host) }
        return host.hasSuffix(":\(port)") && !host.contains("/") && !host.contains("@")
    }
}

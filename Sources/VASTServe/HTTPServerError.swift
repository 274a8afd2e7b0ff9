/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case badHost
        case badPort
        case cannotListen
    }

    private let code: Code
    /// What went wrong and what to do, for a person.
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The host is not an IP address (or `localhost`).
    public static func badHost(_ host: String) -> HTTPServerError {
        HTTPServerError(.badHost, "cannot listen on \(host): give an IPv4 or IPv6 address, or localhost")
    }

    /// The port is outside 0...65535.
    public static func badPort(_ port: Int) -> HTTPServerError {
        HTTPServerError(.badPort, "cannot listen on port \(port): give a port from 0 to 65535")
    }

    /// libmicrohttpd could not bind or start (the port is taken, the address is not this machine's).
    public static func cannotListen(_ address: String, reason: String) -> HTTPServerError {
        HTTPServerError(.cannotListen, "cannot listen on \(address): \(reason)")
    }

    public var description: String { message }

    public static func == (lhs: HTTPServerError, rhs: HTTPServerError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

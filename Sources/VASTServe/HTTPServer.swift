internal import CMicroHTTPD
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// An HTTP/1.1 server over libmicrohttpd, bound to one address, that hands each complete request to an
/// async handler.
///
/// libmicrohttpd parses HTTP and runs one thread per connection (at most
/// ``HTTPServerConfiguration/maxConnections``); that thread waits while the handler runs on Swift's pool,
/// and writes server-sent events as the handler sends them. Before a handler sees a request the server
/// refuses, itself: a body over the cap (413), and a `Host` or `Origin` that is not this server's (403,
/// see ``RequestGuard``). Every response carries the configuration's security headers.
///
/// The server runs from `init` until ``stop()`` (or deinit), which closes open event streams and waits for
/// the connection threads to end.
public final class HTTPServer: Sendable {
    /// A request's handler; it runs on Swift's cooperative pool.
    public typealias Handler = @Sendable (ServerRequest) async -> ServerResponse

    /// The address the server is bound to, as given.
    public let host: String
    /// The port it listens on (the system's choice when the configuration asked for 0).
    public let port: Int
    /// The Host and Origin checks.
    public let requestGuard: RequestGuard
    private let core: ServerCore
    private let daemon: Mutex<Daemon?>

    /// The server's base URL: `http://127.0.0.1:PORT/`.
    public var url: String { "http://\(RequestGuard.authority(host, port))/" }

    /// Binds and starts serving.
    /// - Parameters:
    ///   - configuration: the address and the bounds.
    ///   - handler: answers each request that passed the server's own checks.
    /// - Throws: ``HTTPServerError`` when the address is not one, or libmicrohttpd cannot bind it.
    public init(configuration: HTTPServerConfiguration, handler: @escaping Handler) throws(HTTPServerError) {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let core = ServerCore(configuration: configuration, handler: handler)
        let context = Unmanaged.passUnretained(core).toOpaque()
        let started = address.withPointer { pointer, isIPv6 in
            ad_mhd_start(
                pointer, isIPv6 ? 1 : 0, UInt32(clamping: configuration.maxConnections),
                UInt32(clamping: configuration.idleTimeoutSeconds), accessHandler, context, requestCompleted, context)
        }
        guard let started else {
            let reason = errno
            throw .cannotListen(
                RequestGuard.authority(configuration.host, configuration.port),
                reason: ad_mhd_load().map { String(cString: $0) } ?? String(cString: strerror(reason)))
        }
        let bound = Int(ad_mhd_bound_port(started))
        host = configuration.host
        let port = bound == 0 ? configuration.port : bound
        self.port = port
        let requestGuard = RequestGuard(host: configuration.host, port: port)
        self.requestGuard = requestGuard
        core.requestGuard.withLock { $0 = requestGuard }
        self.core = core
        daemon = Mutex(Daemon(started))
    }

    /// Closes every open event stream and stops the server, waiting for its threads; later calls do nothing.
    public func stop() {
        core.closeStreams()
        let owned = daemon.withLock { daemon -> Daemon? in
            defer { daemon = nil }
            return daemon
        }
        owned?.stop()
    }

    deinit { stop() }
}

/// The running daemon's handle; stopped once.
private struct Daemon: @unchecked Sendable {
    // The handle is used only under HTTPServer's mutex, once, to stop it.
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    func stop() { ad_mhd_stop_daemon(handle) }
}

import AdErrors
import FoundationEssentials
import VASTServe

/// The web inspector behind `vastcheck serve`: the routes of ``handle(_:)`` on an ``HTTPServer``.
///
/// Every route runs the same code as the CLI: `/api/validate` answers with `vastcheck validate --json`'s
/// output, `/api/inspect` with `vastcheck inspect --json`'s. The server refuses foreign Host and Origin
/// headers and oversized bodies itself; the inspector adds the access token (when there is one), the CSRF
/// token on every POST and the bound on concurrent work.
final class Inspector: Sendable {
    let configuration: InspectorConfiguration
    /// The token every POST carries in `X-CSRF-Token` (the page reads it from its meta tag).
    let csrfToken: String
    /// The folders the page may read, resolved (symbolic links followed) once at start.
    let folders: ServedFolders
    let limiter: WorkLimiter
    let sessions: PreviewSessions
    let batches: BatchJobs
    private let server: HTTPServerBox

    /// The address printed on the first line: `http://127.0.0.1:PORT/`.
    var url: String { server.server?.url ?? "" }

    /// Checks the configuration and starts listening.
    /// - Throws: ``InspectorError`` for an exposed host without a token, a FOLDER that is not one, or an
    ///   address that cannot be bound.
    init(_ configuration: InspectorConfiguration, console: Console) throws(InspectorError) {
        guard configuration.token != nil || Self.isLoopback(configuration.host) else {
            throw .exposedWithoutToken(configuration.host)
        }
        self.configuration = configuration
        csrfToken = Self.randomToken()
        folders = try ServedFolders(configuration.folders)
        limiter = WorkLimiter(limit: configuration.maxConcurrentWork)
        sessions = PreviewSessions(
            send: configuration.send, redactor: console.redactor, macros: configuration.macros)
        batches = BatchJobs()
        server = HTTPServerBox()
        do {
            let started = try HTTPServer(
                configuration: HTTPServerConfiguration(
                    host: configuration.host, port: configuration.port, maxBodyBytes: configuration.maxBodyBytes,
                    securityHeaders: Self.securityHeaders)
            ) { [weak self] request in
                guard let self else { return .refused(503, "the inspector is stopping") }
                return await self.handle(request)
            }
            server.server = started
        } catch {
            throw InspectorError(message: error.message)
        }
    }

    /// Stops the server (open event streams end) and the live sessions.
    func stop() async {
        server.server?.stop()
        await sessions.closeAll()
        await batches.cancelAll()
    }

    /// The headers of every response: a strict Content-Security-Policy (scripts and styles only from
    /// this server's own files, no inline script, no framing), no MIME sniffing, no referrer, no caching.
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' http: https: data:; "
                + "media-src 'self' http: https: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                + "form-action 'none'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// 32 random bytes as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator).zeroPadded(2, radix: 16) }.joined()
    }

    /// True for 127.0.0.0/8, ::1 and `localhost`.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// The server, set once right after it starts (its handler needs the inspector first).
private final class HTTPServerBox: @unchecked Sendable {
    // Written once in Inspector.init before the inspector is shared; read-only afterwards.
    var server: HTTPServer?
}

public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loopback HTTP test server (`Tools/test-server/server.py`) run as a child process.
///
/// `init` starts a server on 127.0.0.1 with an ephemeral port and waits (at most 10 s) for its
/// `PORT n` line; `stop()` (also run by `deinit`) ends it. Servers are forked by one `server.py --zygote`
/// per test process (``ServerZygote``), which has started Python and imported the script once: a
/// fork takes milliseconds where a new `python3` takes most of a second on a loaded two-core machine,
/// and `init` runs on a thread of the cooperative pool for every test of a suite that makes a server.
/// The zygote's standard input is a pipe this process keeps open: if the test runner dies, the pipe
/// closes, the zygote exits and every server it forked follows it. Where the zygote cannot start, a
/// server is a `python3` process of its own, as before.
///
/// The control calls (`stats()`, `register`, `beacons()`...) use a tiny blocking HTTP/1.1 client
/// over a POSIX socket (no URLSession, no FoundationNetworking) and send `X-Test-Control: 1`,
/// so the server leaves them out of `/stats` (connections, requests, `by_path`) and they never
/// disturb a test's connection counts. They block the calling thread briefly (a loopback
/// round trip), which is fine in tests.
///
/// The route list is in `Tools/test-server/README.md`; build URLs with `url(_:)`.
public final class TestServer: @unchecked Sendable {
    /// `/stats`: counters since start or the last `resetStats()`, control requests excluded.
    public struct Stats: Decodable, Sendable, Equatable {
        /// TCP connections accepted (counted at accept time, so a reused keep-alive connection
        /// counts once however many requests it carries).
        public var connections: Int
        /// HTTP requests received.
        public var requests: Int
        /// Client connections open right now (not reset by `resetStats()`; the server sees a
        /// client's close a moment after it happens, so poll rather than assert at once).
        public var openConnections: Int
        /// Requests per path (without the query).
        public var byPath: [String: Int]

        enum CodingKeys: String, CodingKey {
            case connections, requests
            case openConnections = "open_connections"
            case byPath = "by_path"
        }
    }

    /// One request to `/beacon/...`, in arrival order.
    public struct Beacon: Decodable, Sendable, Equatable {
        /// The path, e.g. `/beacon/impression`.
        public var path: String
        /// The raw query string, without `?` (empty when none).
        public var query: String
        /// Arrival time, seconds since 1970 (comparable with `Date().timeIntervalSince1970`).
        public var t: Double
        public var method: String
        /// The status the server answered (204 unless `?status=` or `?fail_first=` said otherwise).
        public var status: Int?
        /// Request headers, names lower-cased.
        public var headers: [String: String]
        /// The request body, if any (UTF-8, invalid bytes replaced).
        public var body: String?

        /// `path?query`, as the client asked for it.
        public var target: String { query.isEmpty ? path : path + "?" + query }
    }

    public enum Failure: Error, CustomStringConvertible {
        case start(String)
        case control(String)

        public var description: String {
            switch self {
            case .start(let message): "test server did not start: \(message)"
            case .control(let message): "test server control request failed: \(message)"
            }
        }
    }

    /// The repository root: this file is `Tests/TestSupport/TestServer.swift`.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    public static var scriptPath: String {
        repositoryRoot.appendingPathComponent("Tools/test-server/server.py").path
    }

    public let port: Int
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How the server runs: forked by the zygote (its pid), or a process of its own.
    private enum Child {
        case forked(pid_t)
        case process(Process, stdin: Pipe)
    }

    private let child: Child
    private let lock = NSLock()
    private var stopped = false

    /// Starts the server. `root` is the directory served under `/files/` (default: the
    /// repository's `vast-samples/`).
    /// Starts a server; with `tls`, it serves HTTPS with that certificate (see
    /// ``makeSelfSignedCertificate(in:)``), and ``baseURL`` still says http (use ``url(_:)``
    /// with care, or build `https://127.0.0.1:port` yourself).
    public init(root: String? = nil, tls: (certificate: String, key: String)? = nil) throws {
        var options = ["--port", "0"]
        if let root { options += ["--root", root] }
        if let tls { options += ["--tls-cert", tls.certificate, "--tls-key", tls.key] }
        if let forked = ServerZygote.shared.spawn(options) {
            port = forked.port
            child = .forked(forked.pid)
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scriptPath] + options
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        // Standard error is inherited: server errors show up in the test log.
        do {
            try process.run()
        } catch {
            throw Failure.start("cannot run /usr/bin/env python3 \(Self.scriptPath): \(error)")
        }
        let line: String
        do {
            line = try Self.readLine(stdoutPipe.fileHandleForReading.fileDescriptor, timeout: 10)
        } catch {
            Self.end(process, stdin: stdinPipe)
            throw error
        }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)), port > 0 else {
            Self.end(process, stdin: stdinPipe)
            throw Failure.start("unexpected first line \(line.debugDescription)")
        }
        self.port = port
        self.child = .process(process, stdin: stdinPipe)
    }

    deinit { stop() }

    /// `baseURL + path`; `path` starts with `/`, e.g. `url("/doc/a?delay_ms=50")`.
    public func url(_ path: String) -> String { baseURL + path }

    /// Makes a self-signed certificate for 127.0.0.1 with the `openssl` command, valid one day.
    /// - Returns: the PEM certificate and key paths, in `folder`.
    public static func makeSelfSignedCertificate(in folder: URL) throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", key, "-out", certificate,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.start("openssl could not make a certificate") }
        return (certificate, key)
    }

    /// The URL of a file under the served root, e.g. `fileURL("v20-wrapper-basic.xml")`.
    public func fileURL(_ name: String) -> String { url("/files/" + Self.escapePath(name)) }

    /// The URL of a document registered with `register(_:body:status:)`.
    public func docURL(_ name: String) -> String { url("/doc/" + Self.escapePath(name)) }

    public func stats() throws -> Stats {
        try decode(Stats.self, from: control("GET", "/stats"))
    }

    /// Zeroes connections, requests, `by_path` and the `fail_first` counters.
    public func resetStats() throws {
        _ = try control("POST", "/stats/reset")
    }

    /// Stores `body` as `/doc/<name>`, answered with `status` (default 200). A body may contain
    /// `{{BASE_URL}}`, replaced on each GET by `http://127.0.0.1:<port>`.
    public func register(_ name: String, body: String, status: Int? = nil) throws {
        try register(name, bytes: Array(body.utf8), status: status)
    }

    public func register(_ name: String, bytes: [UInt8], status: Int? = nil) throws {
        let query = status.map { "?status=\($0)" } ?? ""
        _ = try control("POST", "/doc/" + Self.escapePath(name) + query, body: bytes)
    }

    /// Removes every registered document.
    public func clearDocs() throws {
        _ = try control("DELETE", "/docs")
    }

    public func beacons() throws -> [Beacon] {
        try decode([Beacon].self, from: control("GET", "/beacons"))
    }

    public func clearBeacons() throws {
        _ = try control("DELETE", "/beacons")
    }

    /// Polls `/beacons` until at least `count` have arrived or `timeout` seconds pass; returns
    /// what arrived either way. It sleeps between polls as a task, holding no thread of the cooperative
    /// pool, which the suites running in parallel need.
    public func waitForBeacons(count: Int, timeout: Double = 5) async throws -> [Beacon] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let found = try beacons()
            if found.count >= count || Date() >= deadline { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Polls `/stats` until the server has received at least `count` requests (control requests do not
    /// count) or `timeout` passes; returns how many it received either way. Sleeps between polls as a task,
    /// as ``waitForBeacons(count:timeout:)`` does.
    public func requests(atLeast count: Int, timeout: Duration = .seconds(5)) async throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while true {
            let received = try stats().requests
            if received >= count || ContinuousClock.now >= deadline { return received }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Ends the server (SIGTERM, SIGKILL after 3 s; a process of its own also sees its stdin close).
    /// Idempotent.
    public func stop() {
        lock.lock()
        let alreadyStopped = stopped
        stopped = true
        lock.unlock()
        guard !alreadyStopped else { return }
        switch child {
        case .forked(let pid): Self.end(pid)
        case .process(let process, let stdin): Self.end(process, stdin: stdin)
        }
    }

    // MARK: - Private

    private static func end(_ process: Process, stdin: Pipe) {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Ends a server the zygote forked: it is not this process's child, so its end is seen by `kill(pid, 0)`
    /// failing (the zygote's kernel reaps it at once).
    private static func end(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(1_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    /// Reads one `\n`-terminated line from `fd`, waiting at most `timeout` seconds.
    static func readLine(_ fd: Int32, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw Failure.start(
                    "no PORT line within \(timeout) s (got \(String(decoding: bytes, as: UTF8.self).debugDescription))")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                throw Failure.start("server exited before printing its port (is python3 on PATH?)")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    static func escapePath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw Failure.control("cannot decode \(T.self): \(error)")
        }
    }

    /// One control request; throws unless the status is 2xx. Returns the body.
    func control(_ method: String, _ target: String, body: [UInt8] = []) throws -> [UInt8] {
        let (status, responseBody) = try LoopbackHTTP.request(
            port: port, method: method, target: target, body: body,
            headers: ["X-Test-Control: 1"])
        guard (200..<300).contains(status) else {
            throw Failure.control(
                "\(method) \(target) answered \(status): "
                    + String(decoding: responseBody.prefix(200), as: UTF8.self))
        }
        return responseBody
    }
}

/// A minimal blocking HTTP/1.1 client for 127.0.0.1: one request per connection
/// (`Connection: close`), body read by Content-Length or to end of stream. 10 s socket timeouts.
private enum LoopbackHTTP {
    static func request(
        port: Int, method: String, target: String, body: [UInt8],
        headers: [String]
    ) throws -> (status: Int, body: [UInt8]) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let sendFlags = Int32(MSG_NOSIGNAL)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            let sendFlags: Int32 = 0
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard fd >= 0 else { throw failure("socket", errno) }
        defer { _ = close(fd) }

        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        let timeoutSize = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, timeoutSize)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, timeoutSize)

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw failure("connect to 127.0.0.1:\(port)", errno) }

        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("send", errno) }
            sent += count
        }

        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var headerEnd: Int?
        var expected: Int?
        while true {
            if let headerEnd, let expected, response.count - headerEnd >= expected { break }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("recv", errno) }
            if count == 0 { break }
            response += buffer[0..<count]
            if headerEnd == nil, let end = find([13, 10, 13, 10], in: response) {
                headerEnd = end + 4
                expected = contentLength(String(decoding: response[0..<end], as: UTF8.self))
            }
        }
        guard let headerEnd else {
            throw TestServer.Failure.control("\(method) \(target): incomplete response head")
        }
        let headText = String(decoding: response[0..<headerEnd], as: UTF8.self)
        let statusLine = headText.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw TestServer.Failure.control("\(method) \(target): bad status line \(statusLine)")
        }
        var responseBody = Array(response[headerEnd...])
        if let expected {
            guard responseBody.count >= expected else {
                throw TestServer.Failure.control("\(method) \(target): body cut short")
            }
            responseBody = Array(responseBody.prefix(expected))
        }
        return (status, responseBody)
    }

    private static func contentLength(_ head: String) -> Int? {
        for line in head.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "content-length" {
                return Int(pair[1].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func failure(_ what: String, _ code: Int32) -> TestServer.Failure {
        .control("\(what): \(String(cString: strerror(code)))")
    }
}

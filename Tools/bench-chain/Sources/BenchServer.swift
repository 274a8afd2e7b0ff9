// The loopback test server (Tools/test-server/server.py) run as a child process, and the
// blocking control calls the benchmark needs. Adapted from Tests/TestSupport/TestServer.swift
// (an executable target cannot import a test target).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `/stats`: counters since start or the last reset, control requests excluded.
struct ServerStats: Decodable {
    var connections: Int
    var requests: Int
    var openConnections: Int

    enum CodingKeys: String, CodingKey {
        case connections, requests
        case openConnections = "open_connections"
    }
}

/// `python3 Tools/test-server/server.py --port 0`, started from the current directory (the
/// repository root; `run` cds there). Its stdin is a pipe kept open for our lifetime, so the
/// server exits on its own if we die.
final class BenchServer {
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private let process: Process
    private let stdinPipe: Pipe
    private var stopped = false

    init(script: String) throws {
        guard FileManager.default.fileExists(atPath: script) else {
            throw BenchFailure("no \(script): run from the repository root (Tools/bench-chain/run does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--port", "0"]
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        do {
            try process.run()
        } catch {
            throw BenchFailure("cannot run /usr/bin/env python3 \(script): \(error)")
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
            throw BenchFailure("test server: unexpected first line \(line.debugDescription)")
        }
        self.port = port
        self.process = process
        self.stdinPipe = stdinPipe
    }

    deinit { stop() }

    func url(_ path: String) -> String { baseURL + path }

    func register(_ name: String, body: String) throws {
        _ = try control("POST", "/doc/" + name, body: Array(body.utf8))
    }

    func resetStats() throws {
        _ = try control("POST", "/stats/reset")
    }

    func stats() throws -> ServerStats {
        let body = try control("GET", "/stats")
        do {
            return try JSONDecoder().decode(ServerStats.self, from: Data(body))
        } catch {
            throw BenchFailure("cannot decode /stats: \(error)")
        }
    }

    /// Closes the server's stdin, SIGTERM, SIGKILL after 3 s. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        Self.end(process, stdin: stdinPipe)
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

    private static func readLine(_ fd: Int32, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw BenchFailure("test server: no PORT line within \(timeout) s")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready <= 0 { continue }
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { throw BenchFailure("test server exited before printing its port (is python3 on PATH?)") }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// One control request (`X-Test-Control: 1`, so `/stats` leaves it out); throws unless 2xx.
    private func control(_ method: String, _ target: String, body: [UInt8] = []) throws -> [UInt8] {
        let (status, responseBody) = try LoopbackHTTP.request(
            port: port, method: method, target: target, body: body, headers: ["X-Test-Control: 1"])
        guard (200..<300).contains(status) else {
            throw BenchFailure("\(method) \(target) answered \(status)")
        }
        return responseBody
    }
}

/// A minimal blocking HTTP/1.1 client for 127.0.0.1: one request per connection
/// (`Connection: close`), body read by Content-Length or to end of stream. 10 s socket timeouts.
enum LoopbackHTTP {
    static func request(port: Int, method: String, target: String, body: [UInt8],
                        headers: [String]) throws -> (status: Int, body: [UInt8]) {
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
        guard let headerEnd else { throw BenchFailure("\(method) \(target): incomplete response head") }
        let headText = String(decoding: response[0..<headerEnd], as: UTF8.self)
        let statusLine = headText.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw BenchFailure("\(method) \(target): bad status line \(statusLine)")
        }
        var responseBody = Array(response[headerEnd...])
        if let expected {
            guard responseBody.count >= expected else { throw BenchFailure("\(method) \(target): body cut short") }
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

    private static func failure(_ what: String, _ code: Int32) -> BenchFailure {
        BenchFailure("\(what): \(String(cString: strerror(code)))")
    }
}

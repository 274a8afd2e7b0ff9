// A minimal HTTP/1.1 keep-alive responder on 127.0.0.1 that answers 204 to every request, so the
// dispatcher can be measured against something faster than the Python test server.

import BenchSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread, one `poll(2)` loop, non-blocking sockets with `TCP_NODELAY`. It reads request heads
/// up to the blank line (a body only for methods other than GET and HEAD, by `Content-Length`;
/// no chunked bodies), counts each request, and answers `HTTP/1.1 204 No Content` without closing
/// the connection. Pipelined requests are answered in order. Nothing is logged or stored.
final class FastSink: Sendable {
    let port: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let requestCount = Atomic<Int>(0)
    private let connectionCount = Atomic<Int>(0)
    private let exited = DispatchSemaphore(value: 0)

    private static let response = Array("HTTP/1.1 204 No Content\r\nServer: bench-sink\r\n\r\n".utf8)

    init() throws {
        let fd = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure("sink: socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 1024) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw BenchFailure("sink: bind/listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            throw BenchFailure("sink: pipe: \(String(cString: strerror(errno)))")
        }
        listener = fd
        wakeRead = ends[0]
        wakeWrite = ends[1]
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in
            setCurrentThreadName("bench-sink")
            run()
        }
        thread.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Requests answered since start or the last ``resetCounters()``.
    var requests: Int { requestCount.load(ordering: .relaxed) }
    /// Connections accepted since start or the last ``resetCounters()``.
    var connections: Int { connectionCount.load(ordering: .relaxed) }

    func resetCounters() {
        requestCount.store(0, ordering: .relaxed)
        connectionCount.store(0, ordering: .relaxed)
    }

    /// Ends the loop, closes every socket, and waits for the thread to finish.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        exited.wait()
        close(wakeWrite)
    }

    private final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// Body bytes still to skip before the next request head.
        var skip = 0
        init(fd: Int32) { self.fd = fd }
    }

    private func run() {
        var connections: [Connection] = []
        var fds: [pollfd] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        loop: while true {
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for connection in connections {
                let events = connection.output.isEmpty ? POLLIN : POLLIN | POLLOUT
                fds.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[0].revents != 0 { break loop }
            var closed: Set<Int32> = []
            for (index, connection) in connections.enumerated() where fds[index + 2].revents != 0 {
                if !service(connection, buffer: &buffer) {
                    close(connection.fd)
                    closed.insert(connection.fd)
                }
            }
            if !closed.isEmpty { connections.removeAll { closed.contains($0.fd) } }
            if fds[1].revents != 0 {
                while true {
                    let fd = accept(listener, nil, nil)
                    if fd < 0 { break }
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    connectionCount.add(1, ordering: .relaxed)
                    connections.append(Connection(fd: fd))
                }
            }
        }
        for connection in connections { close(connection.fd) }
        close(listener)
        close(wakeRead)
        exited.signal()
    }

    /// Reads what is there, answers every complete request, writes what it can. False: close it.
    private func service(_ connection: Connection, buffer: inout [UInt8]) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return false }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return false
            }
            connection.input.append(contentsOf: buffer[0..<count])
            if count < buffer.count { break }
        }
        answerRequests(connection)
        while !connection.output.isEmpty {
            let sent = connection.output.withUnsafeBytes {
                send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return false
            }
            connection.output.removeFirst(sent)
        }
        return true
    }

    private func answerRequests(_ connection: Connection) {
        var start = 0
        let input = connection.input
        while start < input.count {
            if connection.skip > 0 {
                let skipped = min(connection.skip, input.count - start)
                connection.skip -= skipped
                start += skipped
                continue
            }
            guard let end = Self.headEnd(input, from: start) else { break }
            if !Self.startsWith(input, at: start, "GET ") && !Self.startsWith(input, at: start, "HEAD ") {
                connection.skip = Self.contentLength(input[start..<end])
            }
            start = end
            requestCount.add(1, ordering: .relaxed)
            connection.output.append(contentsOf: Self.response)
        }
        if start > 0 { connection.input.removeFirst(start) }
    }

    /// The index just past the first `\r\n\r\n` at or after `from`.
    private static func headEnd(_ bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var i = from + 3
            while i < buffer.count {
                // Look at every fourth byte for "\n", then check the three before it.
                if buffer[i] == 10, buffer[i - 1] == 13, buffer[i - 2] == 10, buffer[i - 3] == 13 { return i + 1 }
                i += buffer[i] == 10 || buffer[i] == 13 ? 1 : 4
            }
            return nil
        }
    }

    private static func startsWith(_ bytes: [UInt8], at index: Int, _ prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return bytes.count - index >= prefix.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let range = text.range(of: "\r\ncontent-length:") else { return 0 }
        let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
        return Int(digits) ?? 0
    }
}

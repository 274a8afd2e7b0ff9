import Foundation

/// A server on 127.0.0.1 that answers every request with the same bytes, as written, then closes
/// the connection: for answers no HTTP server library would send (no status line, a broken one,
/// a header line of 200 KB).
///
/// One thread accepts and answers connections one at a time; it reads the request head (up to
/// 64 KiB, at most 5 s) before answering, so the client's request is fully sent. `stop()` (or
/// `deinit`) ends it.
final class RawResponseServer: Sendable {
    let port: Int
    private let listener: Int32

    /// Starts answering `response` on an ephemeral port.
    init(_ response: [UInt8]) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                Self.answer(connection, with: response)
            }
        }
        thread.start()
    }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Stops accepting; the thread ends.
    func stop() {
        // shutdown wakes the thread blocked in accept, which then fails and returns.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
        close(listener)
    }

    private static func answer(_ connection: Int32, with response: [UInt8]) {
        defer { close(connection) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(5)
        while head.count < 64 << 10, ContinuousClock.now < deadline, !head.ends(with: [13, 10, 13, 10]) {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) >= 0 else { return }
            guard ready.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            head.append(contentsOf: buffer.prefix(count))
        }
        var sent = 0
        while sent < response.count {
            let count = response.withUnsafeBytes {
                send(connection, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
        // Half-close, so the client reads every byte before the end of the stream.
        shutdown(connection, Int32(SHUT_WR))
        var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 1_000)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

import Foundation

/// A port on 127.0.0.1 whose TCP handshake never completes: a listening socket with a backlog
/// of zero that never accepts, its one queue slot taken by a connection of its own, so the
/// kernel drops further SYNs and a client's connect waits until its connect timeout.
final class UnansweredListener {
    let port: Int
    private var descriptors: [Int32] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        descriptors.append(listener)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        for _ in 0..<2 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard filler >= 0 else { throw POSIXError(.EIO) }
            descriptors.append(filler)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        // The first filler's handshake completes into the queue (its socket turns writable);
        // from then on the queue is full.
        var first = pollfd(fd: descriptors[1], events: Int16(POLLOUT), revents: 0)
        guard poll(&first, 1, 2_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}

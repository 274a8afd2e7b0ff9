import AdTransport
import Foundation
import Synchronization

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "beacon-dispatcher-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A store file path inside the directory.
    func store(_ name: String = "beacons.sqlite") -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A wall clock moved by hand, so TTLs can pass without waiting.
final class ManualClock: Sendable {
    private let value: Mutex<Int64>

    init(_ start: Int64 = 1_700_000_000_000) { value = Mutex(start) }

    var now: Int64 { value.withLock { $0 } }

    func advance(by duration: Duration) {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        value.withLock { $0 += milliseconds }
    }

    var clock: BeaconWallClock { BeaconWallClock { [self] in now } }
}

extension BeaconDispatcher {
    /// The next `count` outcomes from ``results``, or fewer if `timeout` passes first (which
    /// ends the stream: use it once per dispatcher when it may time out).
    func outcomes(_ count: Int, timeout: Duration = .seconds(10)) async -> [BeaconOutcome] {
        let results = self.results
        return await withTaskGroup(of: [BeaconOutcome]?.self) { group in
            group.addTask {
                var collected: [BeaconOutcome] = []
                for await outcome in results {
                    collected.append(outcome)
                    if collected.count == count { break }
                }
                return collected
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            var collected: [BeaconOutcome] = []
            for await result in group {
                if let result {
                    collected = result
                    group.cancelAll()
                    break
                }
                group.cancelAll()
            }
            for await result in group { if let result { collected = result } }
            return collected
        }
    }
}

/// A port on 127.0.0.1 with nothing listening (bound once by the kernel's choice, then closed).
func unusedLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Reads one `\n`-terminated line from `fd`, waiting at most `timeout` seconds; `nil` at end
/// of file or timeout.
func readLine(from fd: Int32, timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
        let remaining = deadline.timeIntervalSinceNow
        if remaining <= 0 { return nil }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
        if ready <= 0 { continue }
        let count = read(fd, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return nil }
        if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(byte)
    }
}

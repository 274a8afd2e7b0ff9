import Foundation
import TestSupport

/// `creative-child` (Tools/creative-child) run as a separate process, its stdout read line by line. Its
/// waits run on a thread of their own, off the cooperative pool; one test uses a child at a time.
final class CreativeChild: @unchecked Sendable {
    /// `creative-child`, built by `Tools/test` (or `Tools/build-package Tools`) in the Tools package; a
    /// missing or stale one is refused with the command that builds it.
    static func path() throws -> String { try BuiltProgram.require("creative-child") }

    let process = Process()
    private let output = Pipe()

    /// Starts `creative-child cacheFolder url`.
    init(cacheFolder: String, url: String) throws {
        process.executableURL = URL(fileURLWithPath: try Self.path())
        process.arguments = [cacheFolder, url]
        process.standardOutput = output
        try process.run()
    }

    /// The next stdout line, or `nil` at end of output or after `timeout` seconds.
    func line(timeout: Double) async -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        return (try? await onOwnThread { Self.readLine(fd, timeout: timeout) }) ?? nil
    }

    private static func readLine(_ fd: Int32, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// Kills the child with SIGKILL and waits for it, on a thread of its own.
    func killNow() async {
        let process = process
        kill(process.processIdentifier, SIGKILL)
        _ = try? await onOwnThread { process.waitUntilExit() }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

import Foundation
import Synchronization

/// Standard output or standard error of the process, written with `write(2)`.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, so `vastcheck validate tags/ | head -1`
/// crashed once `head` closed the pipe. Here a write is retried on `EINTR` and after a short write; once the
/// stream fails (`EPIPE`: the reader is gone, in a process that ignores SIGPIPE, as every command that
/// fetches does once libcurl is set up), every later write is dropped, and the command runs to its end and
/// exits with its own code. Where SIGPIPE is not ignored the kernel ends the process quietly, as any tool's.
final class StandardStream: Sendable {
    private let descriptor: Int32
    private let failed = Mutex(false)

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    static let output = StandardStream(STDOUT_FILENO)
    static let error = StandardStream(STDERR_FILENO)

    /// Writes all of `text`, unless this stream has already failed.
    func write(_ text: String) {
        failed.withLock { failed in
            guard !failed else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written > 0 {
                    bytes = bytes.dropFirst(written)
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    failed = true
                    return
                }
            }
        }
    }
}

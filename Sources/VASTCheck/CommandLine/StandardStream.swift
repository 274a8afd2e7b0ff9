import FoundationEssentials
import Glibc
import Synchronization

/// Standard output or standard error of the process, written with `write(2)`, unbuffered.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, so `vastcheck validate tags/ | head -1`
/// crashed once `head` closed the pipe. Here a write is retried on `EINTR` and after a short write; once the
/// stream fails (`ENOSPC` from `/dev/full`, `EPIPE` when the reader is gone: the executable ignores SIGPIPE so
/// that a closed pipe is an error and not a signal), every later write is dropped, the command runs to its end,
/// and ``VASTCheck/run(_:console:)`` then exits 2 (see ``Console/writeFailures``).
final class StandardStream: Sendable {
    private let descriptor: Int32
    /// The `errno` of the first write that failed.
    private let failedWith = Mutex<Int32?>(nil)

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    static let output = StandardStream(STDOUT_FILENO)
    static let error = StandardStream(STDERR_FILENO)

    /// Writes all of `text`, unless this stream has already failed.
    func write(_ text: String) {
        failedWith.withLock { failedWith in
            guard failedWith == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written > 0 {
                    bytes = bytes.dropFirst(written)
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    // A write of zero bytes to a non-empty request makes no progress: a failure as well.
                    failedWith = written < 0 ? errno : EIO
                    return
                }
            }
        }
    }

    /// Why the stream failed, in the system's words (`No space left on device`), or `nil` while every
    /// write went through.
    var failure: String? {
        failedWith.withLock { code in code.map { String(cString: strerror($0)) } }
    }
}

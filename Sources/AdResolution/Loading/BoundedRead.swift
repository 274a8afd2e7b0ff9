import FoundationEssentials
import Glibc
import VAST

/// Reads files and descriptors with POSIX calls, never more than a limit plus one byte, and turns
/// `errno` into a ``SourceError``. Blocking: runs on the caller's thread.
enum BoundedRead {
    /// What is being read, for messages (`a VAST document`, `a list of sources`, `a data file`).
    struct Purpose {
        var noun: String
        var vastErrorCode: VASTErrorCode?

        static let document = Purpose(noun: "a VAST document", vastErrorCode: .xmlParsing)
        static let list = Purpose(noun: "a list of sources", vastErrorCode: nil)
        static let data = Purpose(noun: "a data file", vastErrorCode: nil)
    }

    /// The chunk each `read` asks for.
    static let chunkBytes = 64 << 10

    /// The file at `path`, at most `limit` bytes.
    /// - Throws: ``SourceError`` naming `name`: missing, a folder, not readable, or over the limit
    ///   (a regular file's size is checked before anything is read).
    static func file(_ path: String, name: String, limit: Int, purpose: Purpose) throws(SourceError) -> [UInt8] {
        let descriptor = try open(path, name: name)
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw SourceError(.isDirectory, source: name, "is a folder, not a file: name one file in it")
            }
            let limit = SourceLimits.clamped(limit)
            if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
                throw SourceError(
                    .tooLarge, source: name,
                    "is \(status.st_size) bytes, over the \(limit)-byte limit for \(purpose.noun); "
                        + "nothing was read", vastErrorCode: purpose.vastErrorCode)
            }
        }
        return try descriptorBytes(descriptor, name: name, limit: limit, purpose: purpose)
    }

    /// Opens `path` read-only (a FIFO blocks until a writer opens it, as `cat` would).
    static func open(_ path: String, name: String) throws(SourceError) -> Int32 {
        while true {
            let descriptor = FileName.withPlatformPath(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw error(errno, name: name) }
        }
    }

    /// Everything `descriptor` gives until its end, at most `limit` bytes; the descriptor stays open.
    /// - Throws: `SourceError.Code.tooLarge` as soon as byte `limit + 1` arrives.
    static func descriptorBytes(_ descriptor: Int32, name: String, limit: Int, purpose: Purpose)
        throws(SourceError) -> [UInt8]
    {
        let limit = SourceLimits.clamped(limit)
        let bytes = try prefix(descriptor, name: name, maxBytes: limit + 1)
        guard bytes.count <= limit else { throw tooLarge(name: name, limit: limit, purpose: purpose) }
        return bytes
    }

    /// What `descriptor` gives until its end or until `maxBytes` bytes, whichever comes first.
    static func prefix(_ descriptor: Int32, name: String, maxBytes: Int) throws(SourceError) -> [UInt8] {
        let maxBytes = min(max(maxBytes, 0), SourceLimits.ceiling + 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(maxBytes, 1 << 20))
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while bytes.count < maxBytes {
            let wanted = min(chunk.count, maxBytes - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&request, 1, -1)
            } else if errno != EINTR {
                throw error(errno, name: name)
            }
        }
        return bytes
    }

    /// A stream that went past `limit`.
    static func tooLarge(name: String, limit: Int, purpose: Purpose) -> SourceError {
        SourceError(
            .tooLarge, source: name,
            "holds more than the \(limit)-byte limit for \(purpose.noun); reading stopped there",
            vastErrorCode: purpose.vastErrorCode)
    }

    /// The error for an `errno` of `open`, `read` or `opendir`.
    static func error(_ code: Int32, name: String) -> SourceError {
        switch code {
        case ENOENT, ENOTDIR:
            return SourceError(.notFound, source: name, "no such file or directory (check the path)")
        case EACCES, EPERM:
            return SourceError(
                .permissionDenied, source: name,
                "permission denied: this user cannot read it (check its mode and its folders')")
        case EISDIR:
            return SourceError(.isDirectory, source: name, "is a folder, not a file: name one file in it")
        default:
            return SourceError(.unreadable, source: name, "cannot be read: \(String(cString: strerror(code)))")
        }
    }
}

import AdErrors
import AdResolution
import FoundationEssentials
import Glibc

/// Writes a file all at once: the bytes go to a hidden temporary file beside it, which is renamed
/// over the destination, so a reader never sees half a page and an interrupted run never leaves a
/// half-written one. The temporary file is made `0600` and registered with ``TemporaryFiles``
/// (removed on SIGINT, SIGTERM, SIGHUP) until the rename; the page then gets the mode the file
/// already had, or `0666` less the umask for a new file, as any other tool would give it. A path is bytes:
/// one that is not UTF-8 is opened as `FileName` carries it, and named in errors as it shows it.
enum AtomicFile {
    /// Writes `bytes` to `path`.
    /// - Throws: ``TemporaryFileError`` when the folder cannot be written or the rename fails.
    static func write(_ bytes: [UInt8], to path: String) throws(TemporaryFileError) {
        var existing = stat()
        if FileName.withPlatformPath(path, { stat($0, &existing) }) == 0, existing.st_mode & S_IFMT != S_IFREG {
            // A device, FIFO or socket (`/dev/stdout`, `/dev/full`, a named pipe) is written to, as a
            // shell redirection would: renaming a file over it would replace the node itself, and as
            // root that breaks `/dev/stdout` for every other process.
            try writeThrough(bytes, to: path)
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary =
            "\(folder).\(name).vastcheck-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
        let shown = FileName.shown(path)
        let descriptor = FileName.withPlatformPath(temporary) {
            open($0, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard descriptor >= 0 else { throw TemporaryFileError("cannot write \(shown)", errno: errno) }
        let token = TemporaryFiles.register(temporary, isFolder: false)
        defer { TemporaryFiles.unregister(token) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(descriptor)
                FileName.withPlatformPath(temporary) { _ = unlink($0) }
                throw TemporaryFileError("cannot write \(shown)", errno: code)
            }
            written += count
        }
        fchmod(descriptor, finalMode(of: path))
        close(descriptor)
        let renamed = FileName.withPlatformPath(temporary) { from in
            FileName.withPlatformPath(path) { to in rename(from, to) }
        }
        guard renamed == 0 else {
            let code = errno
            FileName.withPlatformPath(temporary) { _ = unlink($0) }
            throw TemporaryFileError("cannot write \(shown)", errno: code)
        }
    }

    /// Writes `bytes` into the existing non-regular file at `path`; a failed write (ENOSPC from
    /// `/dev/full`, EPIPE from a closed pipe) is an error, never a silent success.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(TemporaryFileError) {
        let shown = FileName.shown(path)
        let descriptor = FileName.withPlatformPath(path) { open($0, O_WRONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw TemporaryFileError("cannot write \(shown)", errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(descriptor)
                throw TemporaryFileError("cannot write \(shown)", errno: code)
            }
            written += count
        }
        guard close(descriptor) == 0 else { throw TemporaryFileError("cannot write \(shown)", errno: errno) }
    }

    /// The mode `path` has, or `0666` less the process's umask (read from `/proc/self/status`, since
    /// `umask()` can only be read by changing it, which would race with other threads).
    private static func finalMode(of path: String) -> mode_t {
        var status = stat()
        if FileName.withPlatformPath(path, { stat($0, &status) }) == 0 { return status.st_mode & 0o7777 }
        let umask =
            (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("Umask:") }
            .flatMap { mode_t($0.dropFirst("Umask:".count).trimmingSpaces(), radix: 8) } ?? 0o022
        return 0o666 & ~umask
    }
}

import FoundationEssentials
import Glibc
import MediaProbe

/// A file's head and tail, written where they belong in a sparse private file, for the probe to read
/// an MP4 whose `moov` box is at its end without the bytes between (which the probe never needs).
enum SparseCopy {
    /// Probes `head` (from byte 0) and `tail` (from `tailOffset`) of a file of `totalSize` bytes.
    static func probe(
        head: [UInt8], tail: [UInt8], tailOffset: Int, totalSize: Int, verifier: MediaVerifier, limits: MediaProbeLimits
    ) async -> Result<MediaDescription, MediaProbeError> {
        var template = Array((FileManager.default.temporaryDirectory.path + "/creatives-probe-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let folder = made else {
            return await verifier.probe(prefix: head, totalSize: totalSize, limits: limits)
        }
        defer { rmdir(folder) }
        let path = folder + "/media"
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return await verifier.probe(prefix: head, totalSize: totalSize, limits: limits) }
        let written =
            write(head, at: 0, to: fd) && write(tail, at: tailOffset, to: fd) && ftruncate(fd, off_t(totalSize)) == 0
        close(fd)
        guard written else { return await verifier.probe(prefix: head, totalSize: totalSize, limits: limits) }
        return await verifier.probe(fileAt: path, limits: limits)
    }

    private static func write(_ bytes: [UInt8], at offset: Int, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

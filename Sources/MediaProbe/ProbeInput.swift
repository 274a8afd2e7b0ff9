import Glibc

/// The bytes one probe reads, with its budget: a prefix already in memory or a file opened by the probe.
///
/// Every read (libavformat's, through the AVIO callbacks, and the probe's own box and element walks) goes
/// through ``read(at:into:)``, which counts bytes against ``MediaProbeLimits/maxBytes`` and checks the
/// deadline, so no reader can go past either. One owner, one thread: a probe makes it, uses it and drops it.
final class ProbeInput {
    /// Why reading stopped early.
    enum Stop {
        case deadline
        case byteCap
    }

    private enum Storage {
        case bytes([UInt8])
        case file(Int32)
    }

    private let storage: Storage
    /// The bytes that can be read: the prefix's count or the file's size.
    let available: Int
    /// The whole file's size, when known (the file's size, or the size a `Range` response gave).
    let totalSize: Int?
    private let maxBytes: Int
    private let deadline: ContinuousClock.Instant
    /// The bytes read so far, counting a byte read twice twice: what the byte cap limits.
    private(set) var bytesRead = 0
    /// The distinct bytes read so far (a byte read twice counts once): what a description reports.
    private(set) var bytesSeen = 0
    /// The ranges read so far, merged, sorted by start; few, since readers mostly move forward.
    private var seen: [Range<Int>] = []
    /// Where libavformat's next read starts (its AVIO position).
    private var position = 0
    /// True once a read asked for bytes at or past the end of the readable bytes.
    private(set) var reachedEnd = false
    /// Set when a read was refused for the deadline or the byte cap; the probe reports it over whatever
    /// libavformat made of the refusal.
    private(set) var stop: Stop?

    /// A prefix already in memory.
    init(prefix: [UInt8], totalSize: Int?, limits: MediaProbeLimits) {
        storage = .bytes(prefix)
        available = prefix.count
        self.totalSize = totalSize.map { max($0, prefix.count) }
        maxBytes = limits.maxBytes
        deadline = ContinuousClock.now.advanced(by: limits.timeBudget)
    }

    /// A regular file, opened without following a symbolic link at its last component.
    init(fileAt path: String, limits: MediaProbeLimits) throws(MediaProbeError) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw MediaProbeError(.unreadable, "cannot open the media file: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw MediaProbeError(.unreadable, "the media file is not a regular file")
        }
        storage = .file(descriptor)
        available = Int(status.st_size)
        totalSize = Int(status.st_size)
        maxBytes = limits.maxBytes
        deadline = ContinuousClock.now.advanced(by: limits.timeBudget)
    }

    deinit {
        if case .file(let descriptor) = storage { close(descriptor) }
    }

    /// True once the deadline has passed (and records it as the reason to stop).
    func deadlinePassed() -> Bool {
        guard ContinuousClock.now < deadline else {
            stop = stop ?? .deadline
            return true
        }
        return false
    }

    /// Reads up to `buffer.count` bytes at `offset`: the count read, 0 at the end of the bytes, nil when
    /// the deadline or the byte cap refused the read or the file could not be read.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard stop == nil, !deadlinePassed() else { return nil }
        guard offset >= 0, offset < available else {
            reachedEnd = true
            return 0
        }
        let wanted = min(buffer.count, available - offset)
        guard bytesRead + wanted <= maxBytes else {
            stop = .byteCap
            return nil
        }
        switch storage {
        case .bytes(let bytes):
            bytes.withUnsafeBytes { source in
                buffer.baseAddress?.copyMemory(from: source.baseAddress! + offset, byteCount: wanted)
            }
            record(offset..<offset + wanted)
            return wanted
        case .file(let descriptor):
            var count = 0
            repeat {
                count = pread(descriptor, buffer.baseAddress, wanted, off_t(offset))
            } while count < 0 && errno == EINTR
            guard count >= 0 else { return nil }
            record(offset..<offset + count)
            return count
        }
    }

    /// Counts `range` as read: against the byte cap always, in ``bytesSeen`` where it was not read before.
    private func record(_ range: Range<Int>) {
        bytesRead += range.count
        var merged = range
        var kept: [Range<Int>] = []
        for other in seen {
            if other.upperBound < merged.lowerBound || other.lowerBound > merged.upperBound {
                kept.append(other)
            } else {
                merged = min(other.lowerBound, merged.lowerBound)..<max(other.upperBound, merged.upperBound)
            }
        }
        kept.append(merged)
        kept.sort { $0.lowerBound < $1.lowerBound }
        seen = kept
        bytesSeen = seen.reduce(0) { $0 + $1.count }
    }

    /// ``read(at:into:)`` at libavformat's position, which moves past the bytes read.
    func readAtPosition(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let count = read(at: position, into: buffer)
        position += count ?? 0
        return count
    }

    /// Moves libavformat's position as `lseek` does (`SEEK_SET`, `SEEK_CUR`, `SEEK_END` from the total size):
    /// the new position, nil for a negative one, an unknown end or an unknown `whence`. A position past the
    /// readable bytes is allowed; reads there find the end.
    func seek(to offset: Int64, whence: Int32) -> Int? {
        let base: Int
        switch whence {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = position
        case SEEK_END:
            guard let totalSize else { return nil }
            base = totalSize
        default: return nil
        }
        guard offset > Int64(Int.min / 2), offset < Int64(Int.max / 2) else { return nil }
        let (target, overflow) = base.addingReportingOverflow(Int(offset))
        guard !overflow, target >= 0 else { return nil }
        position = target
        return target
    }

    /// The bytes at `offset..<offset + count` (fewer at the end of the input), nil when refused.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = result.withUnsafeMutableBytes { buffer in
                self.read(at: offset + filled, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard let read else { return nil }
            if read == 0 { break }
            filled += read
        }
        return Array(result[..<filled])
    }
}

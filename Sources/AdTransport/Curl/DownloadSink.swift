internal import CCurl
import FoundationEssentials
import Glibc

/// Where a download hop's body goes: a file written as the bytes arrive, or a bounded buffer.
///
/// Loop thread only, like the ``CurlTransfer`` that owns it (one per hop: a redirect's body is
/// never written). Only a 2xx body is kept; another status's body (an error page, a redirect's)
/// is counted and dropped. The file is opened at the first byte of a 2xx body, so a response
/// that fails before it leaves the file as it was.
final class DownloadSink {
    private let download: HTTPDownload
    private let onResponse: (@Sendable (Int, HTTPResponseHeaders) -> Void)?
    /// True once a 2xx body started (and `onResponse` was called).
    private var started = false
    /// Body bytes of this hop, kept or not (for the cap, the low-speed rule and the report).
    private(set) var received = 0
    /// The bytes kept (written or buffered).
    private(set) var kept = 0
    private(set) var body: [UInt8] = []
    /// True once the cap cut the body (``HTTPDownload/OverLimit``).
    private(set) var overCap = false
    /// Why the file could not be written, once it could not.
    private(set) var fileProblem: String?
    /// Why the response's range cannot be used, once it cannot.
    private(set) var rangeProblem: String?
    /// The status of a non-2xx body cut off at ``maxDroppedBytes``.
    private var droppedStatus: Int?
    private var descriptor: Int32 = -1
    /// The file's offset up to which writeback was started (``startWriteback()``), and where the writes are.
    private var writebackFrom = 0
    private var fileOffset = 0
    /// Body bytes received but not yet written: curl hands a body over 16 KiB at a time, and a
    /// `write` per piece was 4,096 system calls for a 64 MiB file (see ``flush()``).
    private var pending: [UInt8] = []
    /// Bytes between two starts of writeback.
    static let writebackBytes = 8 << 20
    /// The most bytes held before they are written.
    static let pendingBytes = 256 << 10
    /// The most bytes of a non-2xx body read before the transfer stops.
    static let maxDroppedBytes = 64 << 10

    init(_ job: DownloadJob) {
        download = job.download
        onResponse = job.onResponse
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Takes a piece of body.
    /// - Returns: `bytes.count` to go on, 0 to stop the transfer (cap, file error, wrong range).
    func receive(_ bytes: UnsafeRawBufferPointer, status: Int, headers: HTTPResponseHeaders) -> Int {
        let room = download.maxBytes - received
        let count = min(bytes.count, max(room, 0))
        received += bytes.count
        guard (200..<300).contains(status) else {
            // An error page or a redirect's body is not kept, and a long one is not read to its end.
            guard received <= Self.maxDroppedBytes else {
                droppedStatus = status
                return 0
            }
            return bytes.count
        }
        if !started {
            started = true
            if case .file(let path) = download.destination,
                !open(path, status: status, contentRange: headers.contentRange)
            {
                return 0
            }
            onResponse?(status, headers)
        }
        if count > 0 {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[..<count])
            switch download.destination {
            case .memory: body.append(contentsOf: piece)
            case .file: guard hold(piece) else { return 0 }
            }
            kept += count
        }
        return count == bytes.count ? bytes.count : stop()
    }

    private func stop() -> Int {
        overCap = true
        return 0
    }

    /// How the download ends once curl is done with the hop, or `nil` where the client's usual
    /// rules decide (network errors, redirects, error statuses, an empty 2xx).
    func outcome(succeeded: Bool, status: Int, report: HTTPTransferReport) -> Result<HTTPResponse, HTTPError>? {
        _ = flush()
        closeFile()
        if let fileProblem { return .failure(HTTPError(.writeFailed, fileProblem, report: report)) }
        if let rangeProblem { return .failure(HTTPError(.unexpectedRange, rangeProblem, report: report)) }
        if let droppedStatus { return .failure(HTTPError(.badStatus, "HTTP \(droppedStatus)", report: report)) }
        if overCap {
            guard download.overLimit == .truncate, (200..<300).contains(status) else {
                return .failure(
                    HTTPError(.tooLarge, "the body is larger than \(download.maxBytes) bytes", report: report))
            }
            return .success(response(status: status, truncated: true, report: report))
        }
        guard succeeded else { return nil }
        if status == 304, download.validator != nil {
            return .success(response(status: status, truncated: false, report: report))
        }
        guard (200..<300).contains(status), status != 204, kept > 0 else { return nil }
        return .success(response(status: status, truncated: false, report: report))
    }

    private func response(status: Int, truncated: Bool, report: HTTPTransferReport) -> HTTPResponse {
        var response = HTTPResponse(status: status, body: body, report: report)
        response.truncated = truncated
        return response
    }

    /// Opens the destination for a 2xx body: after the bytes it already holds for a resumed
    /// range (a 206 answering `Range: bytes=N-`), else from its start.
    private func open(_ path: String, status: Int, contentRange: HTTPContentRange?) -> Bool {
        var keep = 0
        if status == 206 {
            guard let contentRange else {
                rangeProblem = "HTTP 206 without a readable Content-Range"
                return false
            }
            switch download.range {
            case .from(let offset)?:
                guard contentRange.first == offset else {
                    rangeProblem = "asked for bytes from \(offset), the server sent bytes from \(contentRange.first)"
                    return false
                }
                keep = offset
            case nil:
                rangeProblem = "HTTP 206 to a request without a Range"
                return false
            default:
                break
            }
        }
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return failed("cannot open \(path)") }
        descriptor = fd
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failed("cannot read the status of \(path)") }
        guard info.st_mode & S_IFMT == S_IFREG else { return failed("\(path) is not a regular file", errno: 0) }
        guard Int(info.st_size) >= keep else {
            return failed(
                "\(path) holds \(info.st_size) bytes, fewer than the \(keep) the range resumes after", errno: 0)
        }
        // Bytes past `keep` were never confirmed by the caller (a crash mid-write): a 206 continues at `keep`.
        guard ftruncate(fd, off_t(keep)) == 0, lseek(fd, off_t(keep), SEEK_SET) == off_t(keep) else {
            return failed("cannot position \(path) at byte \(keep)")
        }
        (writebackFrom, fileOffset) = (keep, keep)
        return true
    }

    /// Keeps `bytes` to be written with the next ones, writing what is held first when they would
    /// not fit. False once the file cannot be written.
    private func hold(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard fileProblem == nil, descriptor >= 0 else { return false }
        if pending.count + bytes.count > Self.pendingBytes {
            guard flush() else { return false }
        }
        guard bytes.count < Self.pendingBytes else { return write(bytes) }
        if pending.capacity < Self.pendingBytes { pending.reserveCapacity(Self.pendingBytes) }
        pending.append(contentsOf: bytes)
        return true
    }

    /// Writes the bytes held. The client's loop calls it after each pass over its transfers, so
    /// what a pass received is on its way to disk before the loop waits again (a stalled server,
    /// a killed process lose at most what one pass read), and the end of a transfer calls it
    /// before the file is closed. False once the file cannot be written.
    func flush() -> Bool {
        guard !pending.isEmpty else { return fileProblem == nil }
        guard fileProblem == nil, descriptor >= 0 else {
            pending.removeAll()
            return false
        }
        let written = pending.withUnsafeBytes { write($0) }
        pending.removeAll(keepingCapacity: true)
        return written
    }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                return failed("cannot write the body")
            }
            left -= written
            base += written
            fileOffset += written
        }
        if fileOffset - writebackFrom >= Self.writebackBytes { startWriteback() }
        return true
    }

    /// Starts writing the bytes written since the last call to disk, without waiting for it.
    ///
    /// The caller syncs a complete file before it records it (the creative cache); left to the end, that
    /// sync wrote the whole file at once (about a fifth of a cached 64 MiB download on loopback). `sync_file_range` with
    /// `SYNC_FILE_RANGE_WRITE` queues those pages' writeback now, so the final sync finds little left. It
    /// neither waits for the disk nor drops the pages: the file is read again when the ad plays, soon.
    /// (`POSIX_FADV_DONTNEED`, used before, also started writeback but drained every CPU's page lists on
    /// each call: 1 to 5 ms a call on a loaded 2-core machine, on the transfer's thread.) Advice only: its
    /// failure changes nothing.
    private func startWriteback() {
        _ = ad_start_writeback(descriptor, Int64(writebackFrom), Int64(fileOffset - writebackFrom))
        writebackFrom = fileOffset
    }

    private func failed(_ message: String, errno code: Int32 = errno) -> Bool {
        fileProblem = code == 0 ? message : "\(message): \(String(cString: strerror(code)))"
        closeFile()
        return false
    }

    private func closeFile() {
        guard descriptor >= 0 else { return }
        // A failed close after successful writes would mean a lost write on NFS; the caller fsyncs.
        if close(descriptor) != 0, fileProblem == nil {
            fileProblem = "cannot close the file: \(String(cString: strerror(errno)))"
        }
        descriptor = -1
    }
}

import FoundationEssentials
import Glibc

/// Reads a file a line at a time (`\n`, `\r\n` or `\r` ends a line) through a 64 KiB buffer, with a
/// limit on each line and on the whole file, so neither a line without an end nor an endless file
/// is ever held.
final class LineReader {
    private let descriptor: Int32
    private let name: String
    private let maxLineBytes: Int
    private let maxTotalBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var total = 0
    /// Lines returned so far, for messages.
    private(set) var lineNumber = 0

    /// Opens `path`.
    /// - Throws: ``SourceError`` naming `name` when the file cannot be opened or is a folder.
    init(path: String, name: String, maxLineBytes: Int, maxTotalBytes: Int) throws(SourceError) {
        descriptor = try BoundedRead.open(path, name: name)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw SourceError(
                .isDirectory, source: name,
                "is a folder, not a list file: name the file that lists the sources")
        }
        self.name = name
        self.maxLineBytes = SourceLimits.clamped(maxLineBytes)
        self.maxTotalBytes = SourceLimits.clamped(maxTotalBytes)
    }

    deinit { close(descriptor) }

    /// The next line without its terminator, or `nil` at the end of the file; bytes that are not UTF-8 are
    /// carried as ``FileName`` says (a line names a file).
    /// - Throws: `SourceError.Code.tooLarge` for a line or a file over its limit; a read error.
    func next() throws(SourceError) -> String? {
        while true {
            if let end = buffer[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                // A `\r` at the end of the buffer may be the first half of `\r\n`: read more first.
                if buffer[end] == 0x0D, end == buffer.count - 1, !atEnd, try refill() { continue }
                try checkLine(length: end - start)
                let line = FileName.string(buffer[start..<end])
                start = end + 1
                if buffer[end] == 0x0D, start < buffer.count, buffer[start] == 0x0A { start += 1 }
                lineNumber += 1
                return line
            }
            try checkLine(length: buffer.count - start)
            if !atEnd, try refill() { continue }
            guard start < buffer.count else { return nil }
            let line = FileName.string(buffer[start...])
            start = buffer.count
            lineNumber += 1
            return line
        }
    }

    private func checkLine(length: Int) throws(SourceError) {
        guard length > maxLineBytes else { return }
        throw SourceError(
            .tooLarge, source: name,
            "line \(lineNumber + 1) is longer than \(maxLineBytes) bytes: a list holds one source per line")
    }

    /// Drops what was consumed and appends the next chunk; false at the end of the file.
    private func refill() throws(SourceError) -> Bool {
        let chunk = try BoundedRead.prefix(descriptor, name: name, maxBytes: BoundedRead.chunkBytes)
        guard !chunk.isEmpty else {
            atEnd = true
            return false
        }
        total += chunk.count
        guard total <= maxTotalBytes else {
            throw BoundedRead.tooLarge(name: name, limit: maxTotalBytes, purpose: .list)
        }
        buffer.removeSubrange(0..<start)
        start = 0
        buffer.append(contentsOf: chunk)
        return true
    }
}

import FoundationEssentials
import Glibc

/// The 32-byte header of a SQLite write-ahead log, checked before SQLite opens the store.
///
/// SQLite ignores a WAL whose header is unreadable, silently: whatever was committed to it since
/// the last checkpoint is gone without a word. Checking the header first (the format is
/// documented at https://www.sqlite.org/fileformat2.html#walformat) lets the dispatcher say so.
/// Frames after a valid header are left to SQLite, which keeps every commit up to the first
/// frame that fails its checksum: that is also what a process killed mid-write leaves, so it
/// cannot be told apart from damage and is not reported.
enum WALHeader {
    /// Why the WAL at `path` is unreadable, or `nil` when it is absent, empty or has a valid header.
    static func problem(at path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 32)
        var count = 0
        while count < bytes.count {
            let read = bytes[count...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read > 0 {
                count += read
            } else if read == 0 || errno != EINTR {
                break
            }
        }
        return problem(Array(bytes.prefix(count)))
    }

    /// Why `bytes` (a WAL file's first 32 bytes, or all of it when shorter) are not a valid WAL
    /// header; `nil` for an empty file or a valid header.
    static func problem(_ bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return nil }
        guard bytes.count >= 32 else { return "the WAL is \(bytes.count) bytes, shorter than its 32-byte header" }
        let magic = word(bytes, 0, bigEndian: true)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else {
            return "the WAL's magic number is 0x\(String(magic, radix: 16)), not SQLite's"
        }
        let version = word(bytes, 4, bigEndian: true)
        guard version == 3_007_000 else { return "the WAL's format version is \(version), not 3007000" }
        let pageSize = word(bytes, 8, bigEndian: true)
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            return "the WAL's page size \(pageSize) is not a power of two from 512 to 65536"
        }
        // The checksum's words are read in the byte order the magic number names (its low bit).
        let bigEndian = magic & 1 == 1
        var s0: UInt32 = 0
        var s1: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            s0 = s0 &+ word(bytes, offset, bigEndian: bigEndian) &+ s1
            s1 = s1 &+ word(bytes, offset + 4, bigEndian: bigEndian) &+ s0
        }
        guard s0 == word(bytes, 24, bigEndian: true), s1 == word(bytes, 28, bigEndian: true) else {
            return "the WAL header's checksum does not match"
        }
        return nil
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt32 {
        let value = bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return bigEndian ? value : value.byteSwapped
    }
}

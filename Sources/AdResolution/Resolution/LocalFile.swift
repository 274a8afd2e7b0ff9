import AdTransport
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a `file:` hop: a regular file only (never a FIFO, a device or a directory, which could block
/// or never end), at most one byte past the parser's limit so that an oversized file fails as such.
enum LocalFile {
    /// The bytes of the file `url` names, or why it cannot be read.
    static func contents(of url: AbsoluteURL, limit: Int) -> Result<[UInt8], LocalFileError> {
        guard url.host.isEmpty || url.host == "localhost" else {
            return .failure(
                LocalFileError("\(url) names the host \(url.host); only local files (file:///path) are read"))
        }
        guard let path = FileName.percentDecoded(url.path) else {
            return .failure(LocalFileError("\(url) has a path that does not decode to a file name"))
        }
        let descriptor = FileName.withPlatformPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            return .failure(
                LocalFileError("cannot open \(FileName.shown(path)): \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(LocalFileError("\(FileName.shown(path)) is not a regular file"))
        }
        let cap = max(0, limit) < Int.max ? max(0, limit) + 1 : Int.max
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < cap {
            let wanted = min(buffer.count, cap - bytes.count)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                return .failure(
                    LocalFileError("cannot read \(FileName.shown(path)): \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return .success(bytes)
    }
}

/// Why a local file could not be read, for a person.
struct LocalFileError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

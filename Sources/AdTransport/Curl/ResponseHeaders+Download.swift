/// The headers a download reads, kept beside the ones every fetch keeps.
extension ResponseHeaders {
    /// Values longer than this are not kept (an ETag or a content type is tens of bytes).
    static let maxDownloadValueBytes = 1024

    /// Keeps `value` when `name` is one of ``HTTPResponseHeaders``' headers.
    mutating func keepDownloadHeader(_ name: Slice<UnsafeRawBufferPointer>, _ value: Slice<UnsafeRawBufferPointer>) {
        let text = { String(decoding: value, as: UTF8.self) }
        switch name.count {
        case 4 where Self.equalsIgnoringCase(name, "etag"): download.etag = text()
        case 12 where Self.equalsIgnoringCase(name, "content-type"): download.contentType = text()
        case 13 where Self.equalsIgnoringCase(name, "last-modified"): download.lastModified = text()
        case 13 where Self.equalsIgnoringCase(name, "content-range"):
            download.contentRange = HTTPContentRange(header: text())
        case 13 where Self.equalsIgnoringCase(name, "accept-ranges"): download.acceptRanges = text()
        case 14 where Self.equalsIgnoringCase(name, "content-length"):
            download.contentLength = HTTPContentRange.number(Substring(text()))
        case 27 where Self.equalsIgnoringCase(name, "access-control-allow-origin"):
            download.accessControlAllowOrigin = text()
        default: break
        }
    }

    /// The three-digit code of a status line (`HTTP/1.1 206 Partial Content`), 0 when it has none.
    static func statusCode(_ line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return 0 }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}

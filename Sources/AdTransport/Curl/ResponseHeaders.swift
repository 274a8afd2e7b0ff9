/// The response header lines a transfer keeps, fed line by line from curl's header callback.
///
/// Headers come from the server, so their number and size are bounded here (a response past
/// either limit stops the transfer); only the few the client uses are kept: `Location` (for
/// redirects), `Retry-After` and `Date` (for retries). A status line (`HTTP/...`) starts a new
/// response, so after a `100 Continue` only the final response's headers count.
struct ResponseHeaders {
    /// Header lines accepted in one response.
    static let maxLines = 256
    /// Header bytes accepted across the responses of one transfer (curl's own limit per header
    /// line is 100 KiB; a redirect's `Location` may be as long as ``AbsoluteURL/maxLength``).
    static let maxBytes = 256 << 10

    private(set) var location: String?
    private(set) var retryAfter: String?
    private(set) var date: String?
    /// The status of the response the lines belong to (0 before its status line).
    private(set) var status = 0
    /// The headers a download reads (``HTTPResponseHeaders``).
    var download = HTTPResponseHeaders()
    private var lines = 0
    private var bytes = 0

    /// Takes one header line as curl delivers it (with its CRLF).
    /// - Returns: false when the response is over a limit: the transfer must stop.
    mutating func receive(_ line: UnsafeRawBufferPointer) -> Bool {
        bytes += line.count
        guard bytes <= Self.maxBytes else { return false }
        if line.starts(with: "HTTP/".utf8) {
            location = nil
            retryAfter = nil
            date = nil
            download = HTTPResponseHeaders()
            status = Self.statusCode(line)
            lines = 0
            return true
        }
        lines += 1
        guard lines <= Self.maxLines else { return false }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }  // the blank end line
        let name = line[..<colon]
        var value = line[(colon + 1)...]
        while let last = value.last, last == 10 || last == 13 || last == 32 || last == 9 { value = value.dropLast() }
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        if Self.equalsIgnoringCase(name, "location") {
            location = String(decoding: value, as: UTF8.self)
        } else if value.count <= RetryAfter.maxValueBytes {
            if Self.equalsIgnoringCase(name, "retry-after") {
                retryAfter = String(decoding: value, as: UTF8.self)
            } else if Self.equalsIgnoringCase(name, "date") {
                date = String(decoding: value, as: UTF8.self)
            }
        }
        if value.count <= Self.maxDownloadValueBytes { keepDownloadHeader(name, value) }
        return true
    }

    static func equalsIgnoringCase(_ bytes: Slice<UnsafeRawBufferPointer>, _ lowercase: String) -> Bool {
        bytes.count == lowercase.utf8.count
            && zip(bytes, lowercase.utf8).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 + 32 : $0) == $1 }
    }
}

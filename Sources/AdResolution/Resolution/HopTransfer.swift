import AdTransport

/// How a hop's document arrived: over HTTP, from a local file, or in hand.
struct HopTransfer {
    /// The URL fetched or read (or the source name of a document in hand).
    var url: String
    /// The HTTP status; `nil` for a file or a document in hand.
    var status: Int?
    /// How long the fetch or read took.
    var milliseconds: Double
    /// Body bytes received.
    var bytes: Int
    /// True when the fetch reused a pooled connection.
    var connectionReused: Bool

    init(url: String, status: Int? = nil, milliseconds: Double = 0, bytes: Int, connectionReused: Bool = false) {
        self.url = url
        self.status = status
        self.milliseconds = milliseconds
        self.bytes = bytes
        self.connectionReused = connectionReused
    }

    /// What an HTTP fetch reported.
    init(url: String, report: HTTPTransferReport) {
        self.init(
            url: url, status: report.status == 0 ? nil : report.status, milliseconds: report.totalMilliseconds,
            bytes: report.bytes, connectionReused: report.connectionReused)
    }
}

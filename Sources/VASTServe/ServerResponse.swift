/// What a handler answers: a status, headers and either bytes or a stream of server-sent events.
public struct ServerResponse: Sendable {
    /// The body of a response.
    public enum Body: Sendable {
        /// The whole body at once.
        case bytes([UInt8])
        /// A `text/event-stream` fed by the handler until it closes the stream (or the server stops).
        case events(EventStream)
    }

    /// The status code.
    public var status: Int
    /// The headers, in order; the server adds the security headers of its configuration.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8, with its content type.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> ServerResponse
    {
        ServerResponse(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    /// A plain-text error response: `status` and a one-line reason.
    public static func refused(_ status: Int, _ reason: String) -> ServerResponse {
        text(reason + "\n", status: status)
    }
}

/// One HTTP request as the server read it: method, path, query, headers and the whole body.
///
/// The body is complete and within ``HTTPServerConfiguration/maxBodyBytes`` when a handler sees it.
public struct ServerRequest: Sendable {
    /// The method, upper case as sent: `GET`, `POST`.
    public var method: String
    /// The path without its query: `/api/validate`.
    public var path: String
    /// The query's arguments, decoded (the last one wins when a name repeats).
    public var query: [String: String]
    /// The headers, names in lower case (the last one wins when a name repeats).
    public var headers: [String: String]
    /// The body's bytes.
    public var body: [UInt8]

    /// Creates a request.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The header `name` (any case), or `nil`.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

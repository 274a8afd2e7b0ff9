import Foundation

/// The `/media/` route: files of a folder served with `Range`, validators, chosen types, CORS, and
/// slow, stalled or cut bodies (see `Tools/test-server/README.md`).
extension TestServer {
    /// One request to `/media/...`, in arrival order.
    public struct MediaRequest: Decodable, Sendable, Equatable {
        /// The path, e.g. `/media/clip.mp4`.
        public var path: String
        /// The raw query string, without `?`.
        public var query: String
        /// The status answered.
        public var status: Int
        /// The request's `Range`, `If-Range`, `If-None-Match` and `If-Modified-Since` headers.
        public var range: String?
        public var ifRange: String?
        public var ifNoneMatch: String?
        public var ifModifiedSince: String?
        /// The bytes a 206 sent (first and last, included).
        public var first: Int?
        public var last: Int?

        enum CodingKeys: String, CodingKey {
            case path, query, status, range, first, last
            case ifRange = "if_range"
            case ifNoneMatch = "if_none_match"
            case ifModifiedSince = "if_modified_since"
        }
    }

    /// Serves the files of `folder` (an absolute path) under `/media/`.
    public func serveMedia(from folder: String) throws {
        _ = try control("POST", "/media-root", body: Array(folder.utf8))
    }

    /// The URL of `name` under `/media/`, with `query` (`rate_kbps=64&type=text/html`) when given.
    public func mediaURL(_ name: String, query: String? = nil) -> String {
        url("/media/" + Self.escapePath(name) + (query.map { "?" + $0 } ?? ""))
    }

    /// Every `/media/` request since the start or the last ``clearMediaLog()``.
    public func mediaLog() throws -> [MediaRequest] {
        try decode([MediaRequest].self, from: control("GET", "/media-log"))
    }

    public func clearMediaLog() throws {
        _ = try control("DELETE", "/media-log")
    }
}

/// A file the cache holds whole: downloaded and renamed into place (synced and recorded by the cache
/// right after it is handed over).
///
/// The file stays at ``path`` until the cache evicts it (least recently used first, once the
/// cache is over its size cap) or replaces it with a newer version; a file already opened stays
/// readable after that (POSIX), so open it when the ad starts.
public struct CachedFile: Sendable, Hashable {
    /// How this request got the file.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// Served from the cache without asking the server (still fresh).
        case cache
        /// Served from the cache after its server confirmed it (304).
        case revalidated
        /// Downloaded whole by this request (or by the request it joined).
        case downloaded
        /// Completed from a partial file with a `Range` request (206).
        case resumed
    }

    /// The URL asked for.
    public var url: String
    /// The file's absolute path (mode 0600, in the cache's 0700 folder).
    public var path: String
    /// Its size in bytes.
    public var byteCount: Int
    /// The `Content-Type` it was served with.
    public var contentType: String?
    /// Its validators, when the server sent any.
    public var etag: String?
    public var lastModified: String?
    /// How this request got it.
    public var origin: Origin

    /// Creates a value.
    public init(
        url: String, path: String, byteCount: Int, contentType: String?, etag: String?, lastModified: String?,
        origin: Origin
    ) {
        self.url = url
        self.path = path
        self.byteCount = byteCount
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.origin = origin
    }
}

/// What a ``CreativeCache`` holds.
public struct CreativeCacheUsage: Sendable, Hashable {
    /// Complete files and their bytes.
    public var files: Int
    public var bytes: Int
    /// Partial files (downloads to resume) and their bytes.
    public var partialFiles: Int
    public var partialBytes: Int
}

/// Where a ``CreativeCache`` keeps its files and how much it may keep.
public struct CreativeCacheConfiguration: Sendable, Hashable {
    /// The cache folder: created 0700 when missing (its parent must exist); an existing one must be
    /// a folder (not a symbolic link) owned by this user, and is made 0700.
    public var directory: String
    /// The most bytes the cache keeps, complete and partial files together (default 512 MiB):
    /// past it, the least recently used files are removed after each download.
    public var maxBytes: Int
    /// The largest file accepted (default 256 MiB): a larger one fails with
    /// `CreativeCacheError.Code.tooLarge` before its body is read when the server declares its
    /// length, as soon as it passes the cap otherwise.
    public var maxFileBytes: Int
    /// How long a stored file is served without asking its server (default 1 hour); after that,
    /// the next request sends its validator (`If-None-Match` / `If-Modified-Since`) and a 304
    /// keeps it.
    public var freshness: Duration
    /// How long a partial file is kept for a download to resume (default 1 day).
    public var partialLifetime: Duration

    /// Creates a configuration.
    public init(
        directory: String, maxBytes: Int = 512 << 20, maxFileBytes: Int = 256 << 20,
        freshness: Duration = .seconds(3_600), partialLifetime: Duration = .seconds(86_400)
    ) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.maxFileBytes = maxFileBytes
        self.freshness = freshness
        self.partialLifetime = partialLifetime
    }

    /// The first field out of range, named, or `nil`.
    public var problem: String? {
        if directory.isEmpty { return "directory must be a folder path" }
        if maxFileBytes < 1 { return "maxFileBytes must be at least 1" }
        if maxBytes < maxFileBytes { return "maxBytes must be at least maxFileBytes" }
        if freshness < .zero { return "freshness must not be negative" }
        if partialLifetime < .zero { return "partialLifetime must not be negative" }
        return nil
    }
}

/// One row of a ``CacheIndex``: a cached file, whole or still partial, and what revalidates it.
package struct CacheIndexEntry: Sendable, Hashable {
    /// The key (the creative cache's hash of the URL).
    package var key: String
    /// The URL the file was downloaded from.
    package var url: String
    /// The file's name in the cache folder.
    package var file: String
    /// True once the file was written whole, synced and renamed into place; a partial entry
    /// names the temporary file a download resumes.
    package var complete: Bool
    /// Bytes in the file (for a partial one, the bytes synced to disk so far).
    package var bytes: Int
    /// The whole file's size when the server said it.
    package var totalBytes: Int?
    /// The validators of the version stored.
    package var etag: String?
    package var lastModified: String?
    /// The `Content-Type` it was served with.
    package var contentType: String?
    /// Milliseconds since 1970: when the file was stored, last served, and last confirmed by its server.
    package var storedAt: Int64
    package var usedAt: Int64
    package var checkedAt: Int64

    package init(
        key: String, url: String, file: String, complete: Bool, bytes: Int, totalBytes: Int? = nil,
        etag: String? = nil, lastModified: String? = nil, contentType: String? = nil, storedAt: Int64,
        usedAt: Int64, checkedAt: Int64
    ) {
        self.key = key
        self.url = url
        self.file = file
        self.complete = complete
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.storedAt = storedAt
        self.usedAt = usedAt
        self.checkedAt = checkedAt
    }
}

import AdTransport

/// Keeping the cache within its bounds, and its index true to its folder.
extension CreativeCache {
    /// Removes partial files past their lifetime, then the least recently used files until the
    /// cache is within ``CreativeCacheConfiguration/maxBytes``. Never `kept` (the file just
    /// stored) nor a file being downloaded.
    func evict(keeping kept: String) {
        let now = Self.wallClock()
        let lifetime = configuration.partialLifetime.wholeMilliseconds
        for entry in entries.values
        where !entry.complete && flights[entry.key] == nil && now - entry.storedAt > lifetime {
            drop(entry)
        }
        var total = entries.values.reduce(0) { $0 + $1.bytes }
        guard total > configuration.maxBytes else { return }
        let order = entries.values.sorted { ($0.usedAt, $0.key) < ($1.usedAt, $1.key) }
        for entry in order where total > configuration.maxBytes && entry.key != kept && flights[entry.key] == nil {
            drop(entry)
            total -= entry.bytes
        }
    }

    /// The index's rows made true to the folder, at start.
    ///
    /// A complete row whose file is missing or of another size, or a partial row whose file is
    /// gone or past its lifetime, is dropped. A file no row names is indexed again when it is a
    /// complete file whose sidecar names a URL with that key and that size (how an index moved
    /// aside as damaged is rebuilt); every other file (orphaned partial files, sidecars, temporary
    /// files) is removed. Index writes that fail here are left for the next start to redo: the
    /// rows returned are what the folder holds.
    static func reconcile(
        index: CacheIndex, folder: CacheFolder, now: Int64, configuration: CreativeCacheConfiguration
    ) throws(CreativeCacheError) -> [String: CacheIndexEntry] {
        let rows: [CacheIndexEntry]
        do {
            rows = try index.entries()
        } catch {
            throw CreativeCacheError(.storage, "cannot read the index: \(error.message)")
        }
        var entries: [String: CacheIndexEntry] = [:]
        var claimed: Set<String> = []
        for var row in rows {
            let size = folder.size(of: row.file)
            let expired = !row.complete && now - row.storedAt > configuration.partialLifetime.wholeMilliseconds
            guard CacheKey(fileStem: Substring(row.key)) != nil, let size, !expired,
                row.complete ? size == row.bytes : size > 0
            else {
                try? index.remove(key: row.key)
                continue
            }
            if !row.complete && row.bytes != size {
                row.bytes = size
                try? index.save(row)
            }
            entries[row.key] = row
            claimed.insert(row.file)
            if row.complete { claimed.insert(row.key + ".meta") }
        }
        for name in folder.names() where !claimed.contains(name) {
            guard name.hasSuffix(".meta"), let key = CacheKey(fileStem: name.dropLast(5)), entries[key.value] == nil,
                let bytes = folder.read(name, limit: CacheMetadata.maxBytes),
                let metadata = CacheMetadata.decode(bytes),
                CacheKey(url: metadata.url) == key, metadata.file.hasPrefix(key.value + "."),
                !metadata.file.hasSuffix(".part"), !metadata.file.contains("/"),
                folder.size(of: metadata.file) == metadata.bytes
            else { continue }
            let used = folder.modified(metadata.file) ?? now
            let entry = CacheIndexEntry(
                key: key.value, url: metadata.url, file: metadata.file, complete: true, bytes: metadata.bytes,
                totalBytes: metadata.bytes, etag: metadata.etag, lastModified: metadata.lastModified,
                contentType: metadata.contentType, storedAt: used, usedAt: used, checkedAt: 0)
            try? index.save(entry)
            entries[key.value] = entry
            claimed.formUnion([name, metadata.file])
        }
        for name in folder.names() where !claimed.contains(name) {
            folder.remove(name)
        }
        return entries
    }
}

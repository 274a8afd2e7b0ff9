import AdTransport

/// Getting a file: revalidating a stored one, resuming a partial one, or downloading it whole.
extension CreativeCache {
    /// The file of `url`, complete on disk, by whichever way costs the fewest bytes.
    func obtain(key: String, url: String, deadline: ContinuousClock.Instant) async throws(CreativeCacheError)
        -> CachedFile
    {
        if let entry = entries[key], entry.url != url {
            drop(entry)  // another URL with the same key (see CacheKey): the newer one takes the slot
        }
        if let stored = servable(key: key, url: url) {
            return try await revalidate(stored, deadline: deadline)
        }
        let partialName = key + ".part"
        if let entry = entries[key], !entry.complete,
            Self.wallClock() - entry.storedAt < configuration.partialLifetime.wholeMilliseconds,
            let size = folder.size(of: partialName), size > 0,
            let validator = HTTPValidator(etag: entry.etag, lastModified: entry.lastModified)
        {
            do throws(CreativeCacheError) {
                return try await download(key: key, url: url, deadline: deadline, offset: size, validator: validator)
            } catch  where error.status == 416 {
                // The server no longer has those bytes (the file shrank): start again.
            }
        }
        if let entry = entries[key], !entry.complete { drop(entry) }
        folder.remove(partialName)
        return try await download(key: key, url: url, deadline: deadline, offset: 0, validator: nil)
    }

    /// Asks the server whether `stored` is still current: a 304 keeps it, a new version replaces
    /// it, a 404 or 410 removes it, and any other failure serves it as it is.
    private func revalidate(_ stored: CacheIndexEntry, deadline: ContinuousClock.Instant)
        async throws(CreativeCacheError) -> CachedFile
    {
        let validator = HTTPValidator(etag: stored.etag, lastModified: stored.lastModified)
        do throws(CreativeCacheError) {
            return try await download(
                key: stored.key, url: stored.url, deadline: deadline, offset: 0, validator: validator,
                replacing: stored)
        } catch  where error.status == 404 || error.status == 410 {
            if let current = entries[stored.key], current.url == stored.url { drop(current) }
            throw error
        } catch  where error.code == .cancelled || error.code == .storage {
            throw error
        } catch {
            guard let current = servable(key: stored.key, url: stored.url) else { throw error }
            return file(current, origin: .cache)
        }
    }

    /// One transfer into `KEY.part`: from byte `offset` (with `If-Range`) or whole, or conditional
    /// on `validator` when `replacing` a stored file.
    private func download(
        key: String, url: String, deadline: ContinuousClock.Instant, offset: Int, validator: HTTPValidator?,
        replacing stored: CacheIndexEntry? = nil
    ) async throws(CreativeCacheError) -> CachedFile {
        let partialName = key + ".part"
        let request = HTTPDownload(
            url: url, destination: .file(folder.filePath(partialName)), range: offset > 0 ? .from(offset) : nil,
            validator: validator, maxBytes: configuration.maxFileBytes - offset)
        let response: HTTPDownloadResponse
        do {
            response = try await client.download(request, deadline: deadline) { [thread] status, headers in
                thread.post {
                    self.assumeIsolated {
                        $0.bodyStarted(key: key, url: url, status: status, headers: headers, offset: offset)
                    }
                }
            }
        } catch {
            keepPartial(key: key, url: url)
            throw Self.failure(error, url: url, maxFileBytes: configuration.maxFileBytes)
        }
        if response.notModified, let stored {
            var entry = stored
            entry.checkedAt = Self.wallClock()
            entries[key] = entry
            try save(entry)
            return file(entry, origin: .revalidated)
        }
        let resumed = response.status == 206
        let total = (resumed ? offset : 0) + response.bytes
        if let expected = response.totalSize, expected != total {
            keepPartial(key: key, url: url)
            throw CreativeCacheError(.emptyFile, "\(url) sent \(total) of its \(expected) bytes")
        }
        let now = useStamp()
        let contentType = response.headers.contentType ?? (resumed ? entries[key]?.contentType : nil)
        let mediaType = response.headers.mediaType ?? (resumed ? entries[key]?.contentType : nil)
        let entry = CacheIndexEntry(
            key: key, url: url, file: key + "." + CacheKey.fileExtension(mediaType: mediaType, url: url),
            complete: true,
            bytes: total, totalBytes: total, etag: response.headers.etag, lastModified: response.headers.lastModified,
            contentType: contentType, storedAt: now, usedAt: now, checkedAt: now)
        do throws(CreativeCacheError) {
            try folder.complete(partialName, as: entry.file, bytes: total)
        } catch {
            folder.remove(partialName)
            if let current = entries[key], !current.complete { drop(current) }
            throw error
        }
        if let previous = entries[key], previous.complete, previous.file != entry.file { folder.remove(previous.file) }
        entries[key] = entry
        unrecorded.insert(key)
        evict(keeping: key)
        return file(entry, origin: resumed ? .resumed : .downloaded)
    }

    /// Makes a downloaded file durable, then records it: its sync, its sidecar, its index row, in
    /// that order, so that neither names a file whose bytes a power cut could lose. Runs on the
    /// cache's thread right after the file was handed to its callers, who need not wait for the disk.
    ///
    /// The sidecar and the row are not synced themselves: the start-up check drops a row whose file
    /// is missing or of another size, and adopts a file without a row only when its sidecar decodes
    /// and names it at its size, so losing either costs a download, never a wrong file. When the
    /// sync or a record fails, the file is served by this process alone (no row names it, so the
    /// next start removes it): it is not taken away from the callers it was handed to.
    func persist(key: String) {
        guard unrecorded.remove(key) != nil, let entry = entries[key], entry.complete else { return }
        do throws(CreativeCacheError) {
            try folder.sync(entry.file)
            try folder.write(CacheMetadata(entry).encoded(), to: key + ".meta")
            try save(entry)
        } catch {
            try? index.remove(key: key)
        }
    }

    /// Records a download whose 2xx body has started (its validator, so that a failure can be
    /// resumed), unless a stored file is being revalidated (its row stays until the new version is
    /// complete). Runs on the cache's thread, posted from the client's.
    func bodyStarted(key: String, url: String, status: Int, headers: HTTPResponseHeaders, offset: Int) {
        if let current = entries[key], current.complete { return }
        let now = Self.wallClock()
        let entry = CacheIndexEntry(
            key: key, url: url, file: key + ".part", complete: false, bytes: status == 206 ? offset : 0,
            totalBytes: status == 206 ? headers.contentRange?.total : headers.contentLength, etag: headers.etag,
            lastModified: headers.lastModified, contentType: headers.contentType, storedAt: now, usedAt: now,
            checkedAt: now)
        entries[key] = entry
        // Without the row the partial file is removed at the next start instead of resumed: no harm.
        try? index.save(entry)
    }

    /// After a failed transfer: keeps the partial file for a resume when its validator is known,
    /// removes it otherwise.
    private func keepPartial(key: String, url: String) {
        let partialName = key + ".part"
        guard var entry = entries[key], entry.url == url, !entry.complete,
            HTTPValidator(etag: entry.etag, lastModified: entry.lastModified) != nil,
            let size = folder.size(of: partialName), size > 0
        else {
            if let entry = entries[key], !entry.complete { drop(entry) }
            folder.remove(partialName)
            return
        }
        entry.bytes = size
        entries[key] = entry
        try? index.save(entry)
    }

    private func save(_ entry: CacheIndexEntry) throws(CreativeCacheError) {
        do {
            try index.save(entry)
        } catch {
            throw CreativeCacheError(.storage, "cannot record \(entry.file) in the index: \(error.message)")
        }
    }

    /// The cache's error for a failed transfer.
    static func failure(_ error: HTTPError, url: String, maxFileBytes: Int) -> CreativeCacheError {
        switch error.code {
        case .timeout, .connectTimeout: CreativeCacheError(.timedOut, "\(url): \(error.message)")
        case .badStatus, .unexpectedRange:
            CreativeCacheError(.badStatus, "\(url): \(error.message)", status: error.status)
        case .noContent: CreativeCacheError(.emptyFile, "\(url): \(error.message)", status: error.status)
        case .tooLarge:
            CreativeCacheError(.tooLarge, "\(url) is larger than the cache's \(maxFileBytes)-byte cap per file")
        case .writeFailed: CreativeCacheError(.storage, error.message)
        case .cancelled, .shutdown: CreativeCacheError(.cancelled, "\(url): \(error.message)")
        default: CreativeCacheError(.unreachable, "\(url): \(error.message)")
        }
    }
}

public import AdTransport
import FoundationEssentials

/// A bounded on-disk cache of creatives (media files, banner images), downloaded with the
/// project's libcurl client.
///
/// **Files.** A download streams to `KEY.part` in the cache folder (0700, files 0600, opened with
/// `O_NOFOLLOW`), never whole in memory. Once every byte is in, the file is renamed `KEY.EXT` and
/// handed to its callers; then, on the cache's thread, it is synced and only after that recorded
/// (its sidecar, its index row). A file is served only under its complete name with its complete
/// size, and recorded only once its bytes are on disk, so a partial file is never served as
/// complete, whatever was killed when, and a power cut costs at most a download: a process that
/// ends in the milliseconds between the hand-over and the record downloads the file again.
///
/// **Downloads.** Requests for one URL while it downloads share that download (one transfer,
/// however many callers). A download that every caller stopped waiting for runs on to its end
/// (bounded by the deadline it started with), so the file is there for the next request. A
/// download that fails after its body started leaves its bytes and validator for the next
/// request to resume with `Range` and `If-Range`; a file older than
/// ``CreativeCacheConfiguration/freshness`` is revalidated with its ETag / Last-Modified (a 304
/// keeps it; a network failure or a 5xx serves it as it is; a 404 or 410 removes it).
///
/// **Bounds.** Past ``CreativeCacheConfiguration/maxBytes`` the least recently served files are
/// removed after each download (never one being downloaded); a file over
/// ``CreativeCacheConfiguration/maxFileBytes`` is refused.
///
/// **Index.** SQLite (``indexRecovery`` tells of one found damaged at start and moved aside),
/// checked against the folder at start: rows whose file is gone are dropped, files no row names
/// are re-indexed from their sidecar when it matches, and removed otherwise.
///
/// An actor on a thread of its own: its file-system and SQLite calls never block Swift's
/// cooperative pool. Call ``close()`` before dropping it to stop its downloads.
public actor CreativeCache {
    /// The configuration the cache was made with.
    public nonisolated let configuration: CreativeCacheConfiguration
    /// What was wrong with the index found at start, when it was moved aside and rebuilt from
    /// the files present; `nil` when it was sound.
    public nonisolated let indexRecovery: String?

    let thread: DispatcherThread
    let client: HTTPClient
    let folder: CacheFolder
    let index: CacheIndex
    /// The index's rows, by key.
    var entries: [String: CacheIndexEntry]
    /// Downloads in flight, by key.
    var flights: [String: Flight] = [:]
    var nextWaiter: UInt64 = 0
    /// The last use stamped (``useStamp()``).
    var lastUse: Int64 = 0
    /// Complete files handed to their callers but not yet synced and recorded (``persist(key:)``).
    var unrecorded: Set<String> = []

    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    /// Opens the cache at ``CreativeCacheConfiguration/directory`` (made if missing) and checks
    /// its index against its files.
    ///
    /// Blocks the calling thread for the file-system work (a few milliseconds for a few
    /// hundred files): make the cache when the app starts, as the beacon dispatcher is made.
    /// - Parameters:
    ///   - configuration: the folder and the limits.
    ///   - client: the HTTP client downloads go through (its hardening and connection pool).
    /// - Throws: ``CreativeCacheError``: `invalidConfiguration`, or `storage` when the folder or
    ///   the index cannot be made or opened.
    public init(configuration: CreativeCacheConfiguration, client: HTTPClient) throws(CreativeCacheError) {
        if let problem = configuration.problem { throw CreativeCacheError(.invalidConfiguration, problem) }
        let folder = try CacheFolder(path: configuration.directory)
        let index: CacheIndex
        do {
            index = try CacheIndex(path: folder.filePath(CacheFolder.indexName), now: Self.wallClock())
        } catch {
            throw CreativeCacheError(.storage, error.message)
        }
        entries = try Self.reconcile(index: index, folder: folder, now: Self.wallClock(), configuration: configuration)
        self.configuration = configuration
        self.client = client
        self.folder = folder
        self.index = index
        indexRecovery = index.recovery
        thread = DispatcherThread(name: "Creatives.cache")
    }

    deinit {
        thread.stop()
    }

    /// The file at `url`, from the cache or downloaded now, complete on disk.
    ///
    /// A fresh file returns at once; otherwise the file is revalidated, resumed or downloaded,
    /// and this call joins a download of the same URL already running. Returns by `deadline`
    /// (`timedOut`) and promptly when the calling task is cancelled (`cancelled`); the download
    /// itself may go on (see ``CreativeCache``).
    /// - Returns: the file, with how this request got it.
    /// - Throws: ``CreativeCacheError``.
    public func file(for url: String, deadline: ContinuousClock.Instant) async throws(CreativeCacheError)
        -> CachedFile
    {
        guard !CallStop.isCancelled else { throw CreativeCacheError(.cancelled, "the request was cancelled") }
        let key = CacheKey(url: url).value
        if let entry = servable(key: key, url: url),
            Self.wallClock() - entry.checkedAt < configuration.freshness.wholeMilliseconds
        {
            markUsed(key)
            return file(entry, origin: .cache)
        }
        guard ContinuousClock.now < deadline else {
            throw CreativeCacheError(.timedOut, "the deadline passed before \(url) was asked for")
        }
        let waiter = nextWaiter
        nextWaiter += 1
        let outcome = await CallStop.withCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key: key, url: url, waiter: waiter, deadline: deadline, continuation)
            }
        } onCancel: { [thread] in
            thread.post {
                self.assumeIsolated {
                    $0.leave(key: key, waiter: waiter, CreativeCacheError(.cancelled, "the request was cancelled"))
                }
            }
        }
        return try outcome.get()
    }

    /// The complete file at `url` if the cache holds one, without any network (and without
    /// counting as a use).
    public func cachedFile(for url: String) -> CachedFile? {
        servable(key: CacheKey(url: url).value, url: url).map { file($0, origin: .cache) }
    }

    /// What the cache holds now.
    public func usage() -> CreativeCacheUsage {
        let complete = entries.values.filter(\.complete)
        let partial = entries.values.filter { !$0.complete }
        return CreativeCacheUsage(
            files: complete.count, bytes: complete.reduce(0) { $0 + $1.bytes }, partialFiles: partial.count,
            partialBytes: partial.reduce(0) { $0 + $1.bytes })
    }

    /// Removes the file of `url` (complete or partial), unless it is being downloaded.
    public func remove(url: String) {
        let key = CacheKey(url: url).value
        guard flights[key] == nil, let entry = entries[key], entry.url == url else { return }
        drop(entry)
    }

    /// Stops every download in flight (their waiters get `cancelled`; partial files stay for a
    /// later resume) and waits until they have ended.
    public func close() async {
        let running = flights.values.map(\.task)
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    /// The complete entry of `key` for `url` whose file is on disk with its indexed size.
    func servable(key: String, url: String) -> CacheIndexEntry? {
        guard let entry = entries[key], entry.url == url, entry.complete,
            folder.size(of: entry.file) == entry.bytes
        else { return nil }
        return entry
    }

    func file(_ entry: CacheIndexEntry, origin: CachedFile.Origin) -> CachedFile {
        CachedFile(
            url: entry.url, path: folder.filePath(entry.file), byteCount: entry.bytes, contentType: entry.contentType,
            etag: entry.etag, lastModified: entry.lastModified, origin: origin)
    }

    func markUsed(_ key: String) {
        let now = useStamp()
        entries[key]?.usedAt = now
        // Only the eviction order depends on it; a failed write leaves the order of the last start.
        try? index.markUsed(key: key, at: now)
    }

    /// Removes an entry, its file and its sidecar.
    func drop(_ entry: CacheIndexEntry) {
        folder.remove(entry.file)
        folder.remove(CacheKey(fileStem: Substring(entry.key))?.metadataName ?? entry.key + ".meta")
        entries[entry.key] = nil
        // A row left behind names a file that is gone: the next start drops it.
        try? index.remove(key: entry.key)
    }

    /// The wall clock for a use, later than every use stamped before by this cache: two uses in one
    /// millisecond keep their order, so the least recently used file is the one served first.
    func useStamp() -> Int64 {
        lastUse = max(Self.wallClock(), lastUse + 1)
        return lastUse
    }

    static func wallClock() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}

extension Duration {
    /// The duration in whole milliseconds, saturating.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? (seconds > 0 ? .max : .min) : product + attoseconds / 1_000_000_000_000_000
    }
}

import AdTransport
import Creatives
import Foundation
import TestSupport

/// A loopback server serving a folder of media, a client, and a cache folder: what each cache test starts from.
struct CacheFixture {
    let server: TestServer
    let client: HTTPClient
    let scratch: ScratchFolder
    /// The folder `/media/` serves.
    let media: URL
    /// The cache's folder (not made yet: the cache makes it).
    let cacheFolder: String

    init(_ name: String) throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(lowSpeedSeconds: 2))
        scratch = try ScratchFolder(name)
        media = scratch.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        cacheFolder = scratch.url.appendingPathComponent("cache").path
        try server.serveMedia(from: media.path)
    }

    /// Writes `count` pseudo-random bytes (fixed by `seed`) as the served file `name`.
    @discardableResult
    func serve(_ name: String, count: Int, seed: UInt64 = 1) throws -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try Data(bytes).write(to: media.appendingPathComponent(name))
        return bytes
    }

    /// Copies the file at `path` into the served folder as `name`.
    func serve(copyOf path: String, as name: String) throws {
        let target = media.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(atPath: path, toPath: target.path)
    }

    func cache(
        maxBytes: Int = 64 << 20, maxFileBytes: Int = 32 << 20, freshness: Duration = .seconds(3600)
    ) throws -> CreativeCache {
        try CreativeCache(
            configuration: CreativeCacheConfiguration(
                directory: cacheFolder, maxBytes: maxBytes, maxFileBytes: maxFileBytes, freshness: freshness),
            client: client)
    }

    /// The names in the cache folder, sorted, without the index's files.
    func cacheFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { !$0.hasPrefix("index.sqlite") }
            .sorted()
    }
}

extension CreativeCache {
    /// Gets `url` within 10 s.
    func file(for url: String) async throws(CreativeCacheError) -> CachedFile {
        try await file(for: url, deadline: .now + .seconds(10))
    }
}

/// The bytes of the file at `path`.
func contents(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The permission bits of `path`.
func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
}

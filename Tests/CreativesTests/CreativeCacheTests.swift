import AdTransport
import Creatives
import Foundation
import TestSupport
import Testing

/// The cache against the loopback server: real libcurl, real files, real SQLite.
@Suite(.serialized) struct CreativeCacheTests {
    let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture("creative-cache")
    }

    @Test func aFileIsDownloadedOnceThenServedFromTheCache() async throws {
        let bytes = try fixture.serve("clip.mp4", count: 200_000)
        let cache = try fixture.cache()
        let url = fixture.server.mediaURL("clip.mp4")
        let first = try await cache.file(for: url)
        let second = try await cache.file(for: url)
        #expect(first.origin == .downloaded)
        #expect(second.origin == .cache)
        #expect(first.path == second.path)
        #expect(first.path.hasSuffix(".mp4"))
        #expect(first.contentType == "video/mp4")
        #expect(first.byteCount == bytes.count)
        #expect(try contents(first.path) == bytes)
        #expect(try fixture.server.mediaLog().map(\.status) == [200])
    }

    @Test func aDownloadedFileIsRecordedAfterItsHandOverAndANewCacheServesIt() async throws {
        let bytes = try fixture.serve("kept-across.mp4", count: 120_000)
        let url = fixture.server.mediaURL("kept-across.mp4")
        let first = try fixture.cache()
        let file = try await first.file(for: url)
        #expect(file.origin == .downloaded)
        // The sync and the record run on the cache's thread after the hand-over: an actor call after it
        // waits for them, then the sidecar names the file and a second cache on the folder serves it.
        #expect(await first.usage().files == 1)
        let names = try fixture.cacheFiles()
        #expect(names.filter { $0.hasSuffix(".meta") }.count == 1, "\(names)")
        #expect(!names.contains { $0.hasSuffix(".part") || $0.hasSuffix(".tmp") }, "\(names)")
        await first.close()
        let second = try fixture.cache()
        let again = try #require(await second.cachedFile(for: url))
        #expect(again.path == file.path)
        #expect(try contents(again.path) == bytes)
        #expect(try fixture.server.mediaLog().map(\.status) == [200])
    }

    @Test func concurrentRequestsForOneURLShareOneDownload() async throws {
        let bytes = try fixture.serve("slow.mp4", count: 300_000)
        let cache = try fixture.cache()
        let url = fixture.server.mediaURL("slow.mp4", query: "rate_kbps=600")
        let files = try await withThrowingTaskGroup(of: CachedFile.self) { group in
            for _ in 0..<5 { group.addTask { try await cache.file(for: url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(files.count == 5)
        #expect(Set(files.map(\.path)).count == 1)
        #expect(files.allSatisfy { $0.origin == .downloaded })
        #expect(try contents(files[0].path) == bytes)
        #expect(try fixture.server.mediaLog().map(\.status) == [200])
    }

    @Test func aDownloadCutShortIsResumedWithRangeAndIfRange() async throws {
        let bytes = try fixture.serve("cut.mp4", count: 400_000)
        let cache = try fixture.cache()
        // The server closes the connection after 150,000 bytes of a whole-file answer (never of a 206).
        let url = fixture.server.mediaURL("cut.mp4", query: "cut_after=150000")
        await #expect {
            try await cache.file(for: url)
        } throws: { ($0 as? CreativeCacheError)?.code == .unreachable }
        #expect(await cache.cachedFile(for: url) == nil)
        #expect(await cache.usage().partialFiles == 1)
        let file = try await cache.file(for: url)
        #expect(file.origin == .resumed)
        #expect(try contents(file.path) == bytes)
        let log = try fixture.server.mediaLog()
        #expect(log.map(\.status) == [200, 206])
        #expect(log.map(\.range) == [nil, "bytes=150000-"])
        #expect(log.count == 2 && log.last?.ifRange?.hasPrefix("\"") == true)
        #expect(await cache.usage().partialFiles == 0)
    }

    @Test func aPartialFileOfAChangedVersionIsReplacedWhole() async throws {
        try fixture.serve("changing.mp4", count: 300_000, seed: 1)
        let cache = try fixture.cache()
        let url = fixture.server.mediaURL("changing.mp4", query: "cut_after=100000")
        await #expect(throws: CreativeCacheError.self) { try await cache.file(for: url) }
        // A new version (another size, so another ETag) appears before the resume.
        let newer = try fixture.serve("changing.mp4", count: 250_000, seed: 2)
        let file = try await cache.file(for: url)
        #expect(file.origin == .downloaded)
        #expect(try contents(file.path) == newer)
        #expect(try fixture.server.mediaLog().map(\.status) == [200, 200])
    }

    @Test func aStaleFileIsRevalidatedAndA304KeepsIt() async throws {
        let bytes = try fixture.serve("kept.mp4", count: 50_000)
        let cache = try fixture.cache(freshness: .zero)
        let url = fixture.server.mediaURL("kept.mp4")
        let first = try await cache.file(for: url)
        let second = try await cache.file(for: url)
        #expect(second.origin == .revalidated)
        #expect(second.path == first.path)
        #expect(try contents(second.path) == bytes)
        let log = try fixture.server.mediaLog()
        #expect(log.map(\.status) == [200, 304])
        #expect(log.map(\.ifNoneMatch) == [nil, first.etag])
    }

    @Test func aFileGoneFromItsServerIsRemovedOnRevalidation() async throws {
        try fixture.serve("gone.mp4", count: 50_000)
        let cache = try fixture.cache(freshness: .zero)
        let url = fixture.server.mediaURL("gone.mp4")
        let first = try await cache.file(for: url)
        try FileManager.default.removeItem(at: fixture.media.appendingPathComponent("gone.mp4"))
        await #expect {
            try await cache.file(for: url)
        } throws: { error in
            let error = error as? CreativeCacheError
            return error?.code == .badStatus && error?.status == 404 && error?.vastErrorCode?.rawValue == 401
        }
        #expect(await cache.cachedFile(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: first.path))
    }

    @Test func aServerOutOfReachDuringRevalidationLeavesTheStoredFileServed() async throws {
        let bytes = try fixture.serve("far.mp4", count: 50_000)
        let cache = try fixture.cache(freshness: .zero)
        let url = fixture.server.mediaURL("far.mp4")
        _ = try await cache.file(for: url)
        fixture.server.stop()
        let stale = try await cache.file(for: url)
        #expect(stale.origin == .cache)
        #expect(try contents(stale.path) == bytes)
    }
}

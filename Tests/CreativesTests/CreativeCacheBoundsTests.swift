import AdTransport
import Creatives
import Foundation
import TestSupport
import Testing

/// The cache's bounds: its size cap and eviction order, the cap per file, time, cancellation,
/// private files, symbolic links, and a damaged index.
@Suite(.serialized) struct CreativeCacheBoundsTests {
    let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture("creative-bounds")
    }

    @Test func theLeastRecentlyServedFilesGoFirstPastTheSizeCap() async throws {
        for (index, name) in ["a.mp4", "b.mp4", "c.mp4", "d.mp4"].enumerated() {
            try fixture.serve(name, count: 100_000, seed: UInt64(index))
        }
        let cache = try fixture.cache(maxBytes: 250_000, maxFileBytes: 100_000)
        let url = { (name: String) in fixture.server.mediaURL(name) }
        _ = try await cache.file(for: url("a.mp4"))
        _ = try await cache.file(for: url("b.mp4"))
        _ = try await cache.file(for: url("a.mp4"))  // a is now the most recently served
        _ = try await cache.file(for: url("c.mp4"))  // 300,000 bytes: b goes
        var held: [String] = []
        for name in ["a.mp4", "b.mp4", "c.mp4", "d.mp4"] where await cache.cachedFile(for: url(name)) != nil {
            held.append(name)
        }
        #expect(held == ["a.mp4", "c.mp4"])
        _ = try await cache.file(for: url("d.mp4"))  // a goes: served before c
        held = []
        for name in ["a.mp4", "b.mp4", "c.mp4", "d.mp4"] where await cache.cachedFile(for: url(name)) != nil {
            held.append(name)
        }
        #expect(held == ["c.mp4", "d.mp4"])
        let usage = await cache.usage()
        #expect(usage.files == 2)
        #expect(usage.bytes == 200_000)
        // Each complete file has its sidecar; nothing else is left in the folder.
        #expect(try fixture.cacheFiles().count == 4)
    }

    @Test func aFileOverTheCapPerFileIsRefusedAndNothingIsLeft() async throws {
        try fixture.serve("large.mp4", count: 200_000)
        let cache = try fixture.cache(maxBytes: 1 << 20, maxFileBytes: 100_000)
        await #expect {
            try await cache.file(for: fixture.server.mediaURL("large.mp4"))
        } throws: { error in
            (error as? CreativeCacheError)?.code == .tooLarge
                && (error as? CreativeCacheError)?.vastErrorCode?.rawValue == 405
        }
        #expect(try fixture.cacheFiles() == [])
    }

    @Test func eachFailureCarriesTheIABCodeOfAMediaFile() async throws {
        try fixture.serve("clip.mp4", count: 100_000)
        let cache = try fixture.cache()
        func failure(_ url: String, within budget: Duration = .seconds(10)) async -> CreativeCacheError? {
            do {
                _ = try await cache.file(for: url, deadline: .now + budget)
                return nil
            } catch {
                return error
            }
        }
        let missing = await failure(fixture.server.mediaURL("missing.mp4"))
        #expect(missing?.code == .badStatus)
        #expect(missing?.status == 404)
        #expect(missing?.vastErrorCode?.rawValue == 401)
        let broken = await failure(fixture.server.mediaURL("clip.mp4", query: "status=500"))
        #expect(broken?.status == 500)
        #expect(broken?.vastErrorCode?.rawValue == 401)
        let start = ContinuousClock.now
        let slow = await failure(fixture.server.mediaURL("clip.mp4", query: "stall_after=1000"), within: .seconds(1))
        #expect(slow?.code == .timedOut)
        #expect(slow?.vastErrorCode?.rawValue == 402)
        #expect(ContinuousClock.now - start < .seconds(5))
        let refused = await failure("http://127.0.0.1:1/clip.mp4")
        #expect(refused?.code == .unreachable)
        #expect(refused?.vastErrorCode?.rawValue == 401)
    }

    @Test func aCancelledRequestReturnsAtOnceAndTheDownloadGoesOn() async throws {
        let bytes = try fixture.serve("slow.mp4", count: 200_000)
        let cache = try fixture.cache()
        let url = fixture.server.mediaURL("slow.mp4", query: "rate_kbps=400")
        let waiting = Task { try await cache.file(for: url) }
        try await Task.sleep(for: .milliseconds(100))
        let start = ContinuousClock.now
        waiting.cancel()
        await #expect {
            try await waiting.value
        } throws: { ($0 as? CreativeCacheError)?.code == .cancelled }
        #expect(ContinuousClock.now - start < .seconds(1))
        // The download ran on: the next request joins it or finds the file.
        let file = try await cache.file(for: url)
        #expect(try contents(file.path) == bytes)
        #expect(try fixture.server.mediaLog().map(\.status) == [200])
    }

    @Test func theFolderIsPrivateAndItsFilesTooWhateverTheUmask() async throws {
        try fixture.serve("clip.mp4", count: 10_000)
        let previous = umask(0)
        defer { umask(previous) }
        let cache = try fixture.cache()
        let file = try await cache.file(for: fixture.server.mediaURL("clip.mp4"))
        #expect(try mode(fixture.cacheFolder) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.cacheFolder).sorted()
        #expect(names.contains { $0.hasSuffix(".mp4") } && names.contains("index.sqlite"))
        for name in names {
            #expect(try mode(fixture.cacheFolder + "/" + name) == 0o600, "\(name)")
        }
        #expect(try mode(file.path) == 0o600)
    }

    @Test func aSymbolicLinkForTheFolderOrAPartialFileIsNeverFollowed() async throws {
        let elsewhere = fixture.scratch.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.cacheFolder, withDestinationPath: elsewhere.path)
        #expect {
            _ = try fixture.cache()
        } throws: { ($0 as? CreativeCacheError)?.code == .storage }
        try FileManager.default.removeItem(atPath: fixture.cacheFolder)

        try fixture.serve("clip.mp4", count: 10_000)
        let cache = try fixture.cache()
        let target = elsewhere.appendingPathComponent("target")
        try Data([1, 2, 3]).write(to: target)
        // The partial file's name, planted as a link before the download starts.
        let url = fixture.server.mediaURL("clip.mp4")
        _ = try await cache.file(for: url)
        let stored = try #require(await cache.cachedFile(for: url))
        let key = URL(fileURLWithPath: stored.path).deletingPathExtension().lastPathComponent
        await cache.remove(url: url)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.cacheFolder + "/" + key + ".part", withDestinationPath: target.path)
        // The link is removed, never written through: the download lands in a file of its own.
        let file = try await cache.file(for: url)
        #expect(try contents(file.path).count == 10_000)
        #expect(try contents(target.path) == [1, 2, 3])
    }

    @Test func aDamagedIndexIsMovedAsideAndRebuiltFromTheFilesPresent() async throws {
        let first = try fixture.serve("one.mp4", count: 30_000, seed: 1)
        let second = try fixture.serve("two.webm", count: 20_000, seed: 2)
        let one = fixture.server.mediaURL("one.mp4")
        let two = fixture.server.mediaURL("two.webm")
        do {
            let cache = try fixture.cache()
            _ = try await cache.file(for: one)
            _ = try await cache.file(for: two)
            await cache.close()
        }
        let index = fixture.cacheFolder + "/index.sqlite"
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: index))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: index + suffix) }
        // A stray file no sidecar names is removed.
        try Data([0]).write(to: URL(fileURLWithPath: fixture.cacheFolder + "/stray.bin"))

        let cache = try fixture.cache()
        #expect(cache.indexRecovery != nil)
        let moved = try FileManager.default.contentsOfDirectory(atPath: fixture.cacheFolder)
            .filter { $0.hasPrefix("index.sqlite.corrupt-") }
        #expect(moved.count == 1)
        let rebuiltOne = try #require(await cache.cachedFile(for: one))
        let rebuiltTwo = try #require(await cache.cachedFile(for: two))
        #expect(try contents(rebuiltOne.path) == first)
        #expect(try contents(rebuiltTwo.path) == second)
        #expect(rebuiltTwo.contentType == "video/webm")
        #expect(!FileManager.default.fileExists(atPath: fixture.cacheFolder + "/stray.bin"))
        #expect(try fixture.server.mediaLog().map(\.status) == [200, 200])
    }
}

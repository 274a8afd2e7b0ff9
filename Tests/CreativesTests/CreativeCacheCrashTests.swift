import AdTransport
import Creatives
import Foundation
import TestSupport
import Testing

/// A process killed with SIGKILL in the middle of a download: what the next process finds.
@Suite(.serialized) struct CreativeCacheCrashTests {
    let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture("creative-crash")
    }

    /// The size of the cache folder's partial file, once there is one.
    private func partialSize() throws -> Int? {
        guard FileManager.default.fileExists(atPath: fixture.cacheFolder) else { return nil }
        guard let name = try fixture.cacheFiles().first(where: { $0.hasSuffix(".part") }) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.cacheFolder + "/" + name)
        return (attributes[.size] as? Int) ?? 0
    }

    @Test
    func aKillMidDownloadLeavesNoFileServedAsCompleteAndTheNextProcessResumes() async throws {
        let bytes = try fixture.serve("crash.mp4", count: 2_000_000)
        // The server sends 700,000 bytes of a whole-file answer, then nothing: the child is mid-download.
        let url = fixture.server.mediaURL("crash.mp4", query: "stall_after=700000")
        let child = try CreativeChild(cacheFolder: fixture.cacheFolder, url: url)
        #expect(await child.line(timeout: 30) == "ASKING")
        let deadline = Date().addingTimeInterval(30)
        while try (partialSize() ?? 0) < 700_000 && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try partialSize() == 700_000)
        await child.killNow()

        // No name but the partial file's holds the bytes, and the cache does not serve it.
        let names = try fixture.cacheFiles()
        #expect(names.count == 1 && names[0].hasSuffix(".part"), "\(names)")
        let cache = try fixture.cache()
        #expect(await cache.cachedFile(for: url) == nil)
        let usage = await cache.usage()
        #expect(usage.files == 0)
        #expect(usage.partialFiles == 1)
        #expect(usage.partialBytes == 700_000)

        let file = try await cache.file(for: url)
        #expect(file.origin == .resumed)
        #expect(try contents(file.path) == bytes)
        let log = try fixture.server.mediaLog()
        #expect(log.map(\.status) == [200, 206])
        #expect(log.map(\.range) == [nil, "bytes=700000-"])
        #expect(log.last?.ifRange?.hasPrefix("\"") == true)
    }
}

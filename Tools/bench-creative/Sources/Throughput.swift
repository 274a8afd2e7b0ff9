import AdTransport
import BenchSupport
import Creatives
import Foundation

/// One download of the same file, by the cache and by the curl tool, timed by wall clock.
enum Throughput {
    /// Seconds for `CreativeCache.file(for:)` into an empty cache folder (download and rename: what a caller
    /// waits for). The file's sync and index record, which follow on the cache's thread, are waited for after
    /// the clock stops, so that they are done (not skipped by the folder's removal, not left to the next round).
    static func cache(_ url: String, in folder: URL, client: HTTPClient) async throws -> Double {
        let cacheFolder = folder.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let cache = try CreativeCache(
            configuration: CreativeCacheConfiguration(
                directory: cacheFolder.path, maxBytes: 4 << 30, maxFileBytes: 4 << 30),
            client: client)
        let start = ContinuousClock.now
        let file = try await cache.file(for: url, deadline: .now + .seconds(600))
        let seconds = milliseconds(.now - start) / 1000
        _ = await cache.usage()  // runs after the sync and the record (one actor, in order)
        guard file.origin == .downloaded else { throw BenchFailure("the cache did not download \(url)") }
        return seconds
    }

    /// Seconds for `HTTPClient.download` of `url` to a file, with no sync, rename or index: the transfer alone,
    /// so that the cache's own cost (its sync to disk, rename and index) shows beside it.
    static func client(_ url: String, in folder: URL, client: HTTPClient) async throws -> Double {
        let output = folder.appendingPathComponent("client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let start = ContinuousClock.now
        let response = try await client.download(
            HTTPDownload(url: url, destination: .file(output.path), maxBytes: 4 << 30), deadline: .now + .seconds(600))
        let seconds = milliseconds(.now - start) / 1000
        guard response.status == 200 else { throw BenchFailure("the client got HTTP \(response.status)") }
        return seconds
    }

    /// Seconds curl reports for `curl -s -f -o FILE URL` (`time_total`: the transfer, not the process's start-up).
    static func curl(_ url: String, in folder: URL) throws -> Double {
        let output = folder.appendingPathComponent("curl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "-f", "-o", output.path, "-w", "%{time_total}", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(text), seconds > 0 else {
            throw BenchFailure("curl exited \(process.terminationStatus) (\(text))")
        }
        return seconds
    }
}

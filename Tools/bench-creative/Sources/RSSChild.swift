import AdTransport
import BenchSupport
import Creatives
import Foundation

/// The peak memory of a process that downloads one file through the cache: the tool runs itself with
/// `--rss-child URL CACHE_FOLDER`, and the child prints `peak_rss_kb=N` (its VmHWM).
enum RSSChild {
    /// Runs the child for `url` and returns its peak RSS in KiB.
    /// - Returns: the peak, and the child's line saying the size and the memory before the download.
    static func measure(url: String, cacheFolder: String) throws -> (peak: Int, detail: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--rss-child", url, cacheFolder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let line = text.split(separator: "\n").last,
            line.hasPrefix("peak_rss_kb="), let value = Int(line.dropFirst("peak_rss_kb=".count))
        else { throw BenchFailure("the memory child failed: \(text)") }
        return (value, text.split(separator: "\n").dropLast().last.map(String.init) ?? "")
    }

    /// The child: downloads `arguments[0]` into a cache at `arguments[1]` and prints the file's size, its
    /// resident memory just before the download, and its peak resident memory (`VmHWM`).
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 2 else { return 64 }
        let before: Int
        let bytes: Int
        do {
            let cache = try CreativeCache(
                configuration: CreativeCacheConfiguration(
                    directory: arguments[1], maxBytes: 1 << 30, maxFileBytes: 1 << 30),
                client: try HTTPClient())
            before = status("VmRSS")
            bytes = try await cache.file(for: arguments[0], deadline: .now + .seconds(600)).byteCount
        } catch {
            print("failed: \(error)")
            return 1
        }
        // VmHWM, not getrusage's ru_maxrss: on Linux a child's ru_maxrss starts at its parent's resident size
        // when it was forked (exec keeps it), so it would say the bench's size, not the download's.
        print("bytes=\(bytes) rss_before_kb=\(before)")
        print("peak_rss_kb=\(status("VmHWM"))")
        return 0
    }

    /// A `/proc/self/status` field in KiB (0 when it cannot be read).
    private static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

import BenchSupport
import Foundation
import LoopbackSupport

/// The served files.
enum Files {
    /// Writes `bytes` pseudo-random bytes to `url`, 1 MiB at a time.
    static func random(_ url: URL, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchFailure("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var generator = SplitMix64(seed: UInt64(bytes))
        var left = bytes
        while left > 0 {
            let count = min(left, 1 << 20)
            var block = [UInt8](repeating: 0, count: count)
            for index in stride(from: 0, to: count - 7, by: 8) {
                withUnsafeBytes(of: generator.next()) { block.replaceSubrange(index..<(index + 8), with: $0) }
            }
            try handle.write(contentsOf: block)
            left -= count
        }
    }
}

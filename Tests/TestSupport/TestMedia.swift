import Foundation
import Synchronization

/// Small real media files for the tests, made at run time with the `ffmpeg` CLI (Debian's `ffmpeg`, which
/// `Tools/install-deps` installs) into a folder of this test process, each once, on first use.
///
/// Suites that need them are enabled by ``available`` (`@Suite(.enabled(if: TestMedia.available, ...))`),
/// so they are skipped, by name, where ffmpeg is missing. Safe to call from concurrent tests: a file is
/// made once, under a lock, and only read afterwards. The folder is removed when the process exits.
public enum TestMedia {
    /// The files, each with how it is made.
    public enum File: String, CaseIterable, Sendable {
        /// H.264 (Constrained Baseline, level 3.1: x264 ultrafast) + AAC-LC, 1280x720, 25 fps, 15 s, `moov` before `mdat` (`-movflags +faststart`).
        case h264FastStart720p = "h264-faststart-720p-15s.mp4"
        /// The same encoding with `moov` after `mdat` (the MP4 muxer's default).
        case h264NoFastStart720p = "h264-nofaststart-720p-15s.mp4"
        /// H.264 + AAC, 640x360, 15 s, fast start.
        case h264FastStart360p = "h264-faststart-360p-15s.mp4"
        /// H.264 + AAC, 640x360, 40 s, fast start (the file a `<Duration>` of 15 s lies about).
        case h264FastStart40s = "h264-faststart-360p-40s.mp4"
        /// VP9 + Opus in WebM, 640x360, 15 s.
        case webmVP9 = "vp9-opus-360p-15s.webm"
        /// The first half of ``h264FastStart720p``: its `moov` is whole, its `mdat` runs past the end.
        case truncated = "h264-faststart-720p-15s-truncated.mp4"
        /// 64 KiB of seeded pseudo-random bytes, named `.mp4`.
        case randomBytes = "random-bytes.mp4"
    }

    /// True when the `ffmpeg` CLI is on the PATH.
    public static let available: Bool = ffmpegPath != nil

    /// The path of `file`, made now if this process has not made it yet.
    /// - Throws: when ffmpeg is missing or fails.
    public static func path(_ file: File) throws -> String {
        try made.withLock { paths in
            if let path = paths[file] { return path }
            let path = folder.appendingPathComponent(file.rawValue).path
            try make(file, at: path, paths: &paths)
            paths[file] = path
            return path
        }
    }

    /// Makes `files` (all of them by default) on a thread of its own, so that ``path(_:)`` and ``bytes(_:)``
    /// answer from what is made. ffmpeg takes seconds per file on a loaded two-core machine; a suite that
    /// waited for it in ``path(_:)`` would hold one of the cooperative pool's threads (two there) while
    /// `swift test` runs the other suites' transfers and deadlines in parallel. Every suite that uses the
    /// files calls this first, from an `async` initialiser.
    public static func prepare(_ files: [File] = File.allCases) async throws {
        try await onOwnThread {
            for file in files { _ = try path(file) }
        }
    }

    /// The bytes of `file` (see ``path(_:)``).
    public static func bytes(_ file: File) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(file))))
    }

    // MARK: - Making the files

    private static let made = Mutex<[File: String]>([:])

    private static let ffmpegPath: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// This process's folder, removed at exit.
    private static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "adengine-test-media-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removedAtExit.withLock { $0 = url.path }
        atexit {
            if let path = TestMedia.removedAtExit.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
        return url
    }()

    private static let removedAtExit = Mutex<String?>(nil)

    private static func make(_ file: File, at path: String, paths: inout [File: String]) throws {
        switch file {
        case .h264FastStart720p: try encodeH264(size: "1280x720", seconds: 15, fastStart: true, to: path)
        case .h264NoFastStart720p: try encodeH264(size: "1280x720", seconds: 15, fastStart: false, to: path)
        case .h264FastStart360p: try encodeH264(size: "640x360", seconds: 15, fastStart: true, to: path)
        case .h264FastStart40s: try encodeH264(size: "640x360", seconds: 40, fastStart: true, to: path)
        case .webmVP9:
            try ffmpeg(
                source(size: "640x360", seconds: 15)
                    + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]
                    + ["-c:a", "libopus", "-b:a", "48k", path])
        case .truncated:
            let whole: String
            if let made = paths[.h264FastStart720p] {
                whole = made
            } else {
                whole = folder.appendingPathComponent(File.h264FastStart720p.rawValue).path
                try make(.h264FastStart720p, at: whole, paths: &paths)
                paths[.h264FastStart720p] = whole
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        case .randomBytes:
            var generator = SplitMix64(seed: 0x6D65_6469_61)
            let bytes = (0..<(64 << 10) / 8).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    private static func source(size: String, seconds: Int) -> [String] {
        [
            "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25:duration=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
        ]
    }

    private static func encodeH264(size: String, seconds: Int, fastStart: Bool, to path: String) throws {
        try ffmpeg(
            source(size: size, seconds: seconds)
                + ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "40", "-pix_fmt", "yuv420p"]
                + ["-c:a", "aac", "-b:a", "48k"] + (fastStart ? ["-movflags", "+faststart"] : []) + [path])
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        guard let ffmpegPath else { throw TestMediaError(message: "ffmpeg is not installed (Tools/install-deps)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpegPath)
        process.arguments = ["-nostdin", "-v", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestMediaError(
                message:
                    "ffmpeg \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}

/// A test file could not be made.
public struct TestMediaError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
}

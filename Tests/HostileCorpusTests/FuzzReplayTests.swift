import Foundation
import TestSupport
import Testing

/// The fuzz harness's targets, replayed without libFuzzer (`vast-fuzz --target=NAME FILE...` of a normal
/// build) over inputs made from the repository's samples, fixtures and corpus: every invariant the
/// targets check holds on real inputs in every suite run, even where the instrumented build is not made.
@Suite("Fuzz targets replayed")
struct FuzzReplayTests {
    static let root = TestServer.repositoryRoot
    static let separator = Array("\n--8<--\n".utf8)

    @Test(arguments: ["parser", "pipeline", "settings", "fixtures", "macros", "cli", "media", "incremental", "store"])
    func targetReplaysRealInputsWithoutBreakingAnInvariant(_ target: String) async throws {
        let fuzz = try HostileCorpus.executable("vast-fuzz")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if target == "media" && TestMedia.available { try await TestMedia.prepare([.h264FastStart360p, .webmVP9]) }
        let inputs = try Self.inputs(for: target)
        #expect(inputs.count >= 3, "too few inputs for \(target)")
        var paths: [String] = []
        for (index, input) in inputs.enumerated() {
            let path = folder.appendingPathComponent("input-\(index)").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(input)))
            paths.append(path)
        }
        let run = try await ChildRun.running(
            fuzz, ["--target=\(target)"] + paths, stdinPath: nil, workingDirectory: folder.path, timeLimit: 120)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        #expect(run.signal == nil, "\(target) died of signal \(run.signal ?? 0): \(output.suffix(800))")
        #expect(run.exitCode == 0, "\(target): \(output.suffix(800))")
        #expect(output.components(separatedBy: "through \(target)").count - 1 == inputs.count)
    }

    private static func files(_ folder: String, suffix: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
    }

    private static func inputs(for target: String) throws -> [[UInt8]] {
        let samples = try files("vast-samples", suffix: ".xml").map { Array(try Data(contentsOf: $0)) }
        switch target {
        case "parser":
            return samples.map { Array("0".utf8) + $0 } + ["1", "200:00:15.5", "350%", "3abc"].map { Array($0.utf8) }
        case "pipeline":
            // Flags 1 (maxWidth given), maxHeight 90, maxWidth 320, player 640 x 360, a pause at 2 s, a seek to 10 s.
            let header: [UInt8] = [1, 90, 0, 64, 1, 128, 2, 0, 0, 104, 1, 0, 0, 10, 0, 208, 7, 0, 0, 16, 39, 0, 0]
            let request = Array(#"{"placement":"clipsPreRoll","playerSize":{"width":640,"height":360}}"#.utf8)
            let wrapper = try Array(Data(contentsOf: root.appendingPathComponent("vast-samples/v30-wrapper-basic.xml")))
            return samples.map { header + request + separator + $0 }
                + samples.prefix(8).map { header + request + separator + wrapper + separator + $0 }
        case "settings":
            let folder = "Tests/Hostile/settings"
            let settings = files(folder, suffix: ".json").filter { $0.lastPathComponent.hasPrefix("settings-") }
            let request = try Array(Data(contentsOf: root.appendingPathComponent("\(folder)/request-preroll.json")))
            let presentation = try Array(
                Data(contentsOf: root.appendingPathComponent("\(folder)/presentation-opted-in.json")))
            return try settings.map {
                [0x1F] + Array(try Data(contentsOf: $0)) + separator + request + separator + presentation
            }
        case "fixtures":
            // The repository's fixtures and every input the target's runs found.
            let found = files("Tools/fuzz/crashes-found", suffix: "").filter {
                $0.lastPathComponent.hasPrefix("fixtures-")
            }
            #expect(!found.isEmpty, "Tools/fuzz/crashes-found has no fixtures- input")
            return try
                (files("Tests/Fixtures/lifecycle", suffix: ".json")
                + files("Tests/Fixtures/lifecycle/session", suffix: ".json")
                + files("Tests/Hostile/cli", suffix: ".json") + found).map { Array(try Data(contentsOf: $0)) }
        case "media":
            // Each mode byte over byte-built files, and the real ffmpeg files whole and cut when ffmpeg is here.
            let built = ["mp4-minimal", "mp4-moov-last", "ebml-minimal", "mp4-top-box-size-max", "random-64k"]
                .compactMap { HostileMedia.recipes[$0]?() }
            let real = TestMedia.available ? try [TestMedia.File.h264FastStart360p, .webmVP9].map(TestMedia.bytes) : []
            return (built + real).enumerated().flatMap { index, file in
                [[UInt8(index % 4), 0x10] + file, [1, 0] + Array(file.prefix(2048))]
            }
        case "incremental":
            // Every run (a parse, a deadline already past, a cancelled task) with the default caps, then the
            // generated tags: 256 attributes behind each trick and none, 256 namespace declarations behind `<!`.
            let tags: [[UInt8]] = [0, 1, 2, 3, 5].map { [4, 128, 255, 255, $0, 4] + Array(#" b="""#.utf8) }
            return samples.map { [3, 128, 255, 255, 0, 0] + $0 } + tags
        case "store":
            // The harness's own store untouched and patched (its header, schema page, a data page; its WAL),
            // garbage, SQLite's header over garbage, a WAL alone, and every input the target's runs found.
            let found = try files("Tools/fuzz/crashes-found", suffix: "").filter {
                $0.lastPathComponent.hasPrefix("store-")
            }.map { Array(try Data(contentsOf: $0)) }
            return [
                [2], [3], [2, 18, 0, 1, 28, 0, 5, 60, 0, 127], [2, 100, 0, 8, 16, 1, 255], [2, 0, 16, 13, 8, 16, 64],
                [3, 0, 0, 1, 24, 0, 255], [0] + Array(repeating: 0xA5, count: 4096),
                [0] + Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0xFF, count: 8192),
                [1] + separator + Array(repeating: 0x37, count: 64),
            ] + found
        case "macros":
            let template = Array(
                "https://t.example.com/i?cb=[CACHEBUSTING]&d=[DOMAIN]&e=[ERRORCODE]&u=%%DEVICEUA%%&c=[ADCATEGORIES]"
                    .utf8)
            return [0, 2, 6, 7].map { usage in
                [usage, 100] + template + separator + Array("a b&[CACHEBUSTING]/é".utf8) + separator
                    + Array("x,,y".utf8)
            }
        default:
            let lines = [
                "validate\0--json\0--jobs\00\0x.xml", "getad\0--settings\0s.json\0--request\0r.json\0--max-height\0-1",
                "simulate\0x.xml\0--duration\0nan", "inspect\0x.xml\0--macro\0IFA",
                "replay\0--root\0/nonexistent\0f.json",
                "flatten\0--", "nonsense\0--help",
            ]
            return lines.map { [0xF0] + Array($0.utf8) }
        }
    }
}

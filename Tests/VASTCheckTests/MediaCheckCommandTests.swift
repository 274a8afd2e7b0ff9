import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck validate --media` (and inspect and report) against real media files made by ffmpeg and
/// served from loopback: each media rule from the file and server behaviour that triggers it, with
/// the MediaFile's `FILE:LINE:COL`, and the files that pass clean.
@Suite(.serialized, .enabled(if: TestMedia.available, "ffmpeg is not installed"))
struct MediaCheckCommandTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() async throws {
        try await TestMedia.prepare()
        server = try TestServer()
        scratch = try ScratchFolder("media-check")
        let media = scratch.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let files: [(TestMedia.File, String)] = [
            (.h264FastStart720p, "fast720.mp4"), (.h264NoFastStart720p, "slow720.mp4"),
            (.h264FastStart360p, "fast360.mp4"),
            (.h264FastStart40s, "long.mp4"), (.webmVP9, "vp9.webm"), (.randomBytes, "noise.mp4"),
        ]
        for (file, name) in files {
            try FileManager.default.copyItem(
                atPath: TestMedia.path(file), toPath: media.appendingPathComponent(name).path)
        }
        try server.serveMedia(from: media.path)
    }

    /// A VAST 4.1 InLine whose one `<MediaFile>` (line 5, column 1) has `attributes` and points at `url`.
    private func document(
        _ name: String, url: String, type: String = "video/mp4", size: (Int, Int) = (640, 360),
        attributes: String = "", duration: String = "00:00:15"
    ) throws -> String {
        let text = """
            <VAST version="4.1" xmlns="http://www.iab.com/VAST"><Ad id="a"><InLine><AdSystem>t</AdSystem>
            <Impression><![CDATA[https://t.example/i]]></Impression><AdServingId>a</AdServingId><AdTitle>t</AdTitle>
            <Creatives><Creative id="c"><UniversalAdId idRegistry="Ad-ID">c</UniversalAdId><Linear>
            <Duration>\(duration)</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="\(type)" width="\(size.0)" height="\(size.1)"\(attributes)><![CDATA[\(url)]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let path = scratch.url.appendingPathComponent(name + ".xml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The human lines of the findings whose rule starts with `media.`.
    private func mediaLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("[media.") }
    }

    /// One rule, the file and server behaviour that trigger it, and the output line's severity.
    struct Trigger: Sendable, CustomTestStringConvertible {
        var rule: String
        var file: String
        var query: String = "cors=*"
        var type = "video/mp4"
        var size = (640, 360)
        var attributes = ""
        var duration = "00:00:15"
        var severity = "error"
        var testDescription: String { rule }
    }

    static let triggers: [Trigger] = [
        Trigger(rule: "media.http-status", file: "missing.mp4"),
        Trigger(rule: "media.content-type", file: "fast360.mp4", query: "cors=*&type=text/html"),
        Trigger(rule: "media.cors", file: "fast360.mp4", query: "", severity: "warning"),
        Trigger(rule: "media.unreadable", file: "noise.mp4"),
        Trigger(rule: "media.type", file: "vp9.webm", query: "cors=*&type=video/mp4"),
        Trigger(rule: "media.duration", file: "long.mp4"),
        Trigger(rule: "media.dimensions", file: "fast720.mp4", severity: "warning"),
        Trigger(rule: "media.bitrate", file: "fast360.mp4", attributes: #" bitrate="20000""#, severity: "warning"),
        Trigger(rule: "media.codec", file: "fast360.mp4", attributes: #" codec="vp9""#, severity: "warning"),
        Trigger(rule: "media.size", file: "fast360.mp4", attributes: #" fileSize="1000""#, severity: "warning"),
        Trigger(rule: "media.fast-start", file: "slow720.mp4", size: (1280, 720), severity: "warning"),
    ]

    @Test(arguments: triggers)
    func eachMediaRuleIsReportedAtTheMediaFilesLineAndColumn(_ trigger: Trigger) async throws {
        let url = server.mediaURL(trigger.file, query: trigger.query.isEmpty ? nil : trigger.query)
        let path = try document(
            trigger.rule, url: url, type: trigger.type, size: trigger.size, attributes: trigger.attributes,
            duration: trigger.duration)
        let captured = CapturedConsole()
        let code = await captured.run(["validate", "--media", "--disable", "media.insecure-url", path])
        let lines = mediaLines(captured.out)
        let place = "\(path):5:1: \(trigger.severity): "
        let ruleLines = lines.filter { $0.hasSuffix("[\(trigger.rule)]") }
        #expect(ruleLines.count == 1, "\(lines)")
        #expect(ruleLines.first?.hasPrefix(place + url) == true, "\(ruleLines)")
        #expect(
            ruleLines.first?.contains("(at /VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[1])")
                == true)
        #expect(code == (trigger.severity == "error" ? .invalid : .success))
        // The line as a user reads it, for the record (the temporary path and the server's port generalised).
        if let line = ruleLines.first {
            let port = URL(string: url)?.port.map { ":\($0)/" } ?? ""
            print(
                "media rule=\(trigger.rule) file=\(trigger.file) line: "
                    + line.replacingOccurrences(of: path, with: "FILE").replacingOccurrences(of: port, with: ":PORT/"))
        }
    }

    /// `vastcheck getad --json` with a creative cache of its own, for an engine whose one source (placement
    /// `storiesBetweenPages`, 2 s) is `body`, registered at the loopback server as `name`.
    private func getadArguments(serving body: String, as name: String) throws -> [String] {
        try server.register(name, body: body)
        let settings = scratch.url.appendingPathComponent("settings-\(name).json").path
        let request = scratch.url.appendingPathComponent("request-\(name).json").path
        try Data(
            (#"{"placements": {"storiesBetweenPages": {"enabled": true, "sources": [{"name": "main", "tier": 0, "#
                + #""kind": "tag", "timeoutMs": 2000, "url": "\#(server.docURL(name))"}]}}}"#).utf8
        ).write(to: URL(fileURLWithPath: settings))
        try Data(#"{"placement": "storiesBetweenPages", "itemId": "story-1"}"#.utf8).write(
            to: URL(fileURLWithPath: request))
        let cache = scratch.url.appendingPathComponent("creatives-\(name)").path
        return ["getad", "--settings", settings, "--request", request, "--creatives", cache, "--json"]
    }

    /// The folder and name of libavformat's file (`libavformat.so.N`), which the two tests below hide.
    private static func libavformatFile() throws -> (folder: String, name: String) {
        let folder = "/usr/lib/x86_64-linux-gnu"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let name = try #require(
            names.first {
                $0.hasPrefix("libavformat.so.") && $0.dropFirst("libavformat.so.".count).allSatisfy(\.isNumber)
            })
        return (folder, name)
    }

    /// FFmpeg's libraries are opened on the first probe, not at start-up: on a machine without them (here
    /// libavformat's file replaced by an empty one in a private mount namespace) `vastcheck` still starts,
    /// validates the XML, and says that the media file was not probed, blaming neither the file nor the ad.
    @Test(
        .enabled(
            if: TestConditions.canMountPrivateTmpfs, "needs a private mount namespace (root or user namespaces)"))
    func withoutFFmpegsLibrariesTheMediaFileIsReportedNotProbed() async throws {
        let vastcheck = try BuiltProgram.require("vastcheck")
        let (libraries, library) = try Self.libavformatFile()
        let path = try document("no-ffmpeg", url: server.mediaURL("fast360.mp4", query: "cors=*"))
        let run = try await ProgramRun.run(
            "/usr/bin/env",
            [
                "unshare", "-m", "sh", "-c", #"mount --bind /dev/null "$1" && exec "$2" validate --media --json "$3""#,
                "sh", "\(libraries)/\(library)", vastcheck, path,
            ], quiet: true)
        #expect(run.status == 0, "\(run.text)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let document = try #require((json["documents"] as? [[String: Any]])?.first)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let media = findings.filter { ($0["rule"] as? String)?.hasPrefix("media.") == true }
        #expect(media.map { $0["rule"] as? String } == ["media.insecure-url", "media.probe-unavailable"])
        let unavailable = try #require(media.last)
        #expect(unavailable["severity"] as? String == "warning")
        #expect(unavailable["vastErrorCode"] == nil)
        #expect((unavailable["message"] as? String)?.contains("cannot load \(library)") == true, "\(unavailable)")
        #expect(document["valid"] as? Bool == true)
    }

    /// The same machine as above, through `getad` with a creative cache: the file is downloaded but cannot be
    /// verified, so no ad is returned, the report says why, and no IAB code goes to the ad's Error URL (the
    /// loopback server sees no beacon): a missing library on the device is not the ad's fault.
    @Test(
        .enabled(
            if: TestConditions.canMountPrivateTmpfs, "needs a private mount namespace (root or user namespaces)"))
    func withoutFFmpegsLibrariesGetAdReturnsNoAdAndBlamesNoAd() async throws {
        let vastcheck = try BuiltProgram.require("vastcheck")
        let (libraries, library) = try Self.libavformatFile()
        let inline = try String(
            contentsOfFile: try document("getad-no-ffmpeg", url: server.mediaURL("fast360.mp4", query: "cors=*")),
            encoding: .utf8
        ).replacingOccurrences(
            of: "<AdSystem>t</AdSystem>",
            with: "<AdSystem>t</AdSystem><Error><![CDATA[\(server.url("/beacon/error?code=[ERRORCODE]"))]]></Error>")
        let getad = try getadArguments(serving: inline, as: "inline-no-ffmpeg")
        let run = try await ProgramRun.run(
            "/usr/bin/env",
            [
                "unshare", "-m", "sh", "-c",
                #"mount --bind /dev/null "$1" && shift && exec "$@""#, "sh", "\(libraries)/\(library)", vastcheck,
            ] + getad, quiet: true)
        #expect(run.status == 1, "\(run.text)")
        #expect(run.text.contains("cannot load \(library)"), "\(run.text)")
        let beacons = try server.beacons().map(\.target)
        #expect(beacons.isEmpty, "an error pixel was sent: \(beacons)")
        #expect(try server.mediaLog().count == 1, "the file was downloaded once")
    }

    @Test func anUnreachableMediaFileIsAnErrorWith401() async throws {
        let path = try document("unreachable", url: "http://127.0.0.1:1/spot.mp4")
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--media", "--json", path]) == .invalid)
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        let findings = try #require(document["findings"] as? [[String: Any]])
        let media = findings.filter { ($0["rule"] as? String)?.hasPrefix("media.") == true }
        #expect(media.map { $0["rule"] as? String } == ["media.unreachable", "media.insecure-url"])
        #expect(media.first?["vastErrorCode"] as? Int == 401)
        #expect(media.first?["line"] as? Int == 5)
        #expect(media.first?["column"] as? Int == 1)
    }

    @Test func theFilesThatMatchTheirMediaFilePassClean() async throws {
        let clean = [
            try document("clean-mp4", url: server.mediaURL("fast360.mp4", query: "cors=*")),
            try document("clean-720", url: server.mediaURL("fast720.mp4", query: "cors=*"), size: (1280, 720)),
            try document(
                "clean-webm", url: server.mediaURL("vp9.webm", query: "cors=*"), type: "video/webm",
                attributes: #" codec="vp9""#),
            try document("clean-40s", url: server.mediaURL("long.mp4", query: "cors=*"), duration: "00:00:40"),
        ]
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--media", "--disable", "media.insecure-url"] + clean) == .success)
        #expect(mediaLines(captured.out) == [])
        // Without the switch, the loopback's plain http is the one thing said about them.
        let plain = CapturedConsole()
        #expect(await plain.run(["validate", "--media"] + clean) == .success)
        #expect(mediaLines(plain.out).map { $0.hasSuffix("[media.insecure-url]") } == [true, true, true, true])
    }

    @Test func aFastStartFileIsCheckedFromItsHeadAloneAndAnotherFromItsHeadAndTail() async throws {
        let fast = try document("head", url: server.mediaURL("fast720.mp4", query: "cors=*"), size: (1280, 720))
        #expect(await CapturedConsole().run(["validate", "--media", fast]) == .success)
        let size = try FileManager.default.attributesOfItem(atPath: TestMedia.path(.h264FastStart720p))[.size] as? Int
        #expect((size ?? 0) > 512 << 10)
        #expect(try server.mediaLog().map { "\($0.status) \($0.range ?? "-")" } == ["206 bytes=0-524287"])

        try server.clearMediaLog()
        let slow = try document("tail", url: server.mediaURL("slow720.mp4", query: "cors=*"), size: (1280, 720))
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--media", slow]) == .success)
        let log = try server.mediaLog()
        #expect(log.map(\.status) == [206, 206])
        #expect(log.first?.range == "bytes=0-524287")
        #expect(log.last?.range?.hasPrefix("bytes=-") == true)
        // Its moov was read from the tail: its duration and size matched, only the fast start is said.
        #expect(
            mediaLines(captured.out).map { $0.split(separator: "[").last.map(String.init) } == [
                "media.insecure-url]", "media.fast-start]",
            ])
    }

    @Test func everyOutputFormatCarriesTheMediaFindingWithItsPlace() async throws {
        let path = try document("formats", url: server.mediaURL("long.mp4", query: "cors=*"))
        let json = CapturedConsole()
        #expect(await json.run(["validate", "--media", "--json", path]) == .invalid)
        let document = try #require((try json.json()["documents"] as? [[String: Any]])?.first)
        let finding = try #require(
            (document["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "media.duration" })
        #expect(finding["line"] as? Int == 5)
        #expect(finding["column"] as? Int == 1)
        #expect(finding["vastErrorCode"] as? Int == 202)
        let sarif = CapturedConsole()
        #expect(await sarif.run(["validate", "--media", "--format", "sarif", path]) == .invalid)
        #expect(sarif.out.contains("media.duration") && sarif.out.contains("\"startLine\": 5"))
        let junit = CapturedConsole()
        #expect(await junit.run(["validate", "--media", "--format", "junit", path]) == .invalid)
        #expect(junit.out.contains("media.duration") && junit.out.contains(":5:1"))
        let html = scratch.url.appendingPathComponent("report.html").path
        #expect(await CapturedConsole().run(["report", "--media", path, "-o", html]) == .invalid)
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("media.duration"))
        let inspect = CapturedConsole()
        #expect(await inspect.run(["inspect", "--media", path]) == .invalid)
        #expect(inspect.out.contains("error media.duration: "))
    }

    @Test func theRunsMediaBudgetStopsChecksPastIt() async throws {
        let first = try document("budget-1", url: server.mediaURL("fast360.mp4", query: "cors=*"))
        let second = try document("budget-2", url: server.mediaURL("long.mp4", query: "cors=*"))
        let captured = CapturedConsole()
        let arguments = [
            "validate", "--media", "--jobs", "1", "--media-max-bytes", "65536", "--media-run-bytes", "65536",
            "--disable", "media.insecure-url", "--verbose", first, second,
        ]
        #expect(await captured.run(arguments) == .success)
        #expect(mediaLines(captured.out).map { $0.hasSuffix("[media.budget]") } == [true])
        #expect(try server.mediaLog().count == 1)
    }

    @Test func getadWithCreativesShowsTheFileItMadeReadyAndMatchesItsSchema() async throws {
        let document = try String(
            contentsOfFile: try self.document("getad", url: server.mediaURL("fast360.mp4", query: "cors=*")),
            encoding: .utf8)
        let arguments = try getadArguments(serving: document, as: "inline")
        var origins: [String?] = []
        for _ in 0..<2 {
            let captured = CapturedConsole()
            #expect(await captured.run(arguments) == .success)
            let ad = try #require(try captured.json()["ad"] as? [String: Any])
            let creative = try #require(ad["creative"] as? [String: Any])
            origins.append(creative["origin"] as? String)
            #expect((creative["path"] as? String).map { FileManager.default.fileExists(atPath: $0) } == true)
            #expect(creative["width"] as? Int == 640)
            #expect(abs((creative["durationMs"] as? Int ?? 0) - 15_000) < 500)
            #expect(try await schemaProblems(captured.out, schema: "getad") == [])
        }
        #expect(origins == ["downloaded", "cache"])
        #expect(try server.mediaLog().count == 1)
    }

    @Test func simulateWithCreativesRefusesAFileThatWillNotPlay() async throws {
        let good = try document("simulate-good", url: server.mediaURL("fast360.mp4", query: "cors=*"))
        let bad = try document("simulate-bad", url: server.mediaURL("missing.mp4"))
        let cache = scratch.url.appendingPathComponent("simulate-cache").path
        let played = CapturedConsole()
        #expect(await played.run(["simulate", "--creatives", cache, good]) == .success)
        #expect(played.err.hasPrefix("vastcheck: media \(cache)/"))
        let refused = CapturedConsole()
        #expect(await refused.run(["simulate", "--creatives", cache, bad]) == .invalid)
        #expect(refused.err.contains("the ad will not play: 401 "))
    }

    /// What Python's jsonschema finds wrong with `json` against `docs/schemas/NAME.schema.json`.
    private func schemaProblems(_ json: String, schema name: String) async throws -> [String] {
        let output = scratch.url.appendingPathComponent("output.json")
        try Data(json.utf8).write(to: output)
        let script =
            "import json,sys,jsonschema\nv=jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))\n"
            + "[print(e.message) for e in v.iter_errors(json.load(open(sys.argv[2])))]"
        let run = try await ProgramRun.python(
            ["-c", script, Repository.path("docs/schemas/\(name).schema.json"), output.path])
        let text = run.text
        #expect(run.status == 0)
        return text.split(separator: "\n").map(String.init)
    }

    @Test func theMediaBoundsNeedMedia() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--media-timeout", "3", "x.xml"]) == .usage)
        #expect(captured.err.contains("--media-timeout needs --media"))
    }
}

import Foundation
import TestSupport
import Testing

/// libcurl, libmicrohttpd and SQLite are opened on first use (`Sources/CCurl`, `Sources/CMicroHTTPD`,
/// `Sources/CSQLite`), as FFmpeg's libraries are: a one-document `vastcheck validate` loads none of them or the
/// GnuTLS, Kerberos and LDAP trees they pull in, and a machine without libcurl still validates, while a fetch
/// says what is missing.
@Suite struct LazyLibrariesTests {
    /// The shared objects the dynamic loader opened for `vastcheck ARGUMENTS` (`LD_DEBUG=files`), and how the
    /// run ended.
    private static func loaded(_ arguments: [String], directory: String? = nil) async throws -> (
        run: ProgramRun, files: Set<String>
    ) {
        let vastcheck = try BuiltProgram.require("vastcheck")
        let run = try await ProgramRun.run(
            "/usr/bin/env", ["LD_DEBUG=files", vastcheck] + arguments, mergingErrors: true, directory: directory)
        var files: Set<String> = []
        for line in run.text.split(separator: "\n") {
            guard let range = line.range(of: "file=") else { continue }
            let name = line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" }
            files.insert(String(name.split(separator: "/").last ?? name))
        }
        return (run, files)
    }

    /// The path as given (absolute, and `./` from the repository: a base URL with a dot segment).
    @Test(arguments: [false, true])
    func aOneDocumentValidateLoadsNeitherLibcurlNorLibmicrohttpdNorSQLiteNorFFmpeg(relative: Bool) async throws {
        let sample = "vast-samples/v20-inline-linear.xml"
        let (run, files) = try await Self.loaded(
            ["validate", relative ? "./" + sample : Repository.path(sample)],
            directory: relative ? Repository.path(".") : nil)
        #expect(run.status == 0, "\(run.text.suffix(2_000))")
        // The loader's list is read at all: libxml2 is linked, so it is there.
        #expect(files.contains { $0.hasPrefix("libxml2.so") }, "\(files.sorted())")
        let lazy = files.filter {
            $0.hasPrefix("libcurl") || $0.hasPrefix("libmicrohttpd") || $0.hasPrefix("libavformat")
                || $0.hasPrefix("libgnutls") || $0.hasPrefix("libsqlite3")
        }
        #expect(lazy.isEmpty, "loaded at start-up: \(lazy.sorted())")
    }

    @Test func aFetchLoadsLibcurlWhenItIsFirstNeeded() async throws {
        // A tag URL nobody answers (port 1): the fetch fails, but only after libcurl was opened for it.
        let (run, files) = try await Self.loaded(["validate", "http://127.0.0.1:1/tag.xml"])
        #expect(run.status != 0)
        #expect(files.contains { $0.hasPrefix("libcurl.so") }, "\(files.sorted())")
    }

    /// `getad` stores its beacons before sending them: its engine opens SQLite for the store, after start-up.
    @Test func getadLoadsSQLiteForItsBeaconStore() async throws {
        let scratch = try ScratchFolder("lazy-sqlite")
        let source = #"{"name": "refused", "tier": 0, "kind": "tag", "timeoutMs": 2000, "url": "http://127.0.0.1:1/t"}"#
        let settings = #"{"placements": {"storiesBetweenPages": {"enabled": true, "sources": [\#(source)]}}}"#
        let request = #"{"placement": "storiesBetweenPages", "itemId": "story-1"}"#
        try Data(settings.utf8).write(to: scratch.url.appendingPathComponent("settings.json"))
        try Data(request.utf8).write(to: scratch.url.appendingPathComponent("request.json"))
        let (run, files) = try await Self.loaded(
            ["getad", "--settings", "settings.json", "--request", "request.json"], directory: scratch.url.path)
        // No source fills (port 1 refuses): exit 1, after the engine and its store were set up.
        #expect(run.status == 1, "\(run.text.suffix(2_000))")
        #expect(files.contains { $0.hasPrefix("libsqlite3.so") }, "\(files.sorted())")
    }

    /// The path of the shared object `name` (`libcurl.so.4`), which the tests below hide.
    private static func library(_ name: String) throws -> String {
        let folder = try #require(
            ["/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib"].first {
                FileManager.default.fileExists(atPath: "\($0)/\(name)")
            })
        return folder + "/" + name
    }

    /// `vastcheck ARGUMENTS` with the shared object at `library` replaced by an empty file, in a private mount
    /// namespace of its own.
    private static func runHiding(_ library: String, _ arguments: [String], directory: String? = nil) async throws
        -> ProgramRun
    {
        let vastcheck = try BuiltProgram.require("vastcheck")
        let hidden = #"mount --bind /dev/null "$1" && shift && exec "$@""#
        return try await ProgramRun.run(
            "/usr/bin/env", ["unshare", "-m", "sh", "-c", hidden, "sh", library, vastcheck] + arguments,
            mergingErrors: true, directory: directory)
    }

    /// Without SQLite (its file replaced by an empty one in a private mount namespace), `validate` still works,
    /// and `getad`, whose engine needs the beacon store, stops with a typed error naming the missing library
    /// (exit 2, as for any engine that cannot be set up), not a crash.
    @Test(
        .enabled(
            if: TestConditions.canMountPrivateTmpfs, "needs a private mount namespace (root or user namespaces)"))
    func withoutSQLiteValidateWorksAndGetadSaysWhatIsMissing() async throws {
        let library = try Self.library("libsqlite3.so.0")
        let local = try await Self.runHiding(
            library, ["validate", Repository.path("vast-samples/v20-inline-linear.xml")])
        #expect(local.exited && local.status == 0, "\(local.text)")
        let scratch = try ScratchFolder("no-sqlite")
        let source = #"{"name": "refused", "tier": 0, "kind": "tag", "timeoutMs": 2000, "url": "http://127.0.0.1:1/t"}"#
        let settings = #"{"placements": {"storiesBetweenPages": {"enabled": true, "sources": [\#(source)]}}}"#
        try Data(settings.utf8).write(to: scratch.url.appendingPathComponent("settings.json"))
        try Data(#"{"placement": "storiesBetweenPages"}"#.utf8).write(to: scratch.url.appendingPathComponent("r.json"))
        let getad = try await Self.runHiding(
            library, ["getad", "--settings", "settings.json", "--request", "r.json"], directory: scratch.url.path)
        #expect(getad.exited, "the run ended by a signal: \(getad.text)")
        #expect(getad.status == 2, "\(getad.text)")
        #expect(getad.text.contains("cannot load libsqlite3.so.0"), "\(getad.text)")
        #expect(getad.text.contains("unavailable: the beacon store needs SQLite"), "\(getad.text)")
        #expect(!getad.text.contains("invalidConfiguration"), "\(getad.text)")
    }

    /// Without libcurl (its file replaced by an empty one in a private mount namespace), `validate` of a
    /// local document still works, a tag's fetch fails as a typed error (`unavailable`) that names the
    /// missing library (no crash, exit 1 as for a tag whose server cannot be reached), and a URL only libcurl
    /// can judge is reported unchecked on standard error rather than blamed on the document.
    @Test(
        .enabled(
            if: TestConditions.canMountPrivateTmpfs, "needs a private mount namespace (root or user namespaces)"))
    func withoutLibcurlLocalDocumentsValidateAndAFetchSaysWhatIsMissing() async throws {
        let vastcheck = try BuiltProgram.require("vastcheck")
        let library = try Self.library("libcurl.so.4")
        let local = try await Self.runHiding(
            library, ["validate", Repository.path("vast-samples/v20-inline-linear.xml")])
        #expect(local.exited && local.status == 0, "\(local.text)")
        let fetched = try await Self.runHiding(library, ["validate", "--json", "http://127.0.0.1:1/tag.xml"])
        #expect(fetched.exited, "the run ended by a signal: \(fetched.text)")
        #expect(fetched.status == 1, "\(fetched.text)")
        #expect(fetched.text.contains("unavailable: cannot load libcurl.so.4"), "\(fetched.text)")

        // A URL only libcurl can judge (a bracketed host it refuses): not blamed on the document without
        // libcurl, but never passed in silence either; with libcurl it is the error it always was.
        let scratch = try ScratchFolder("lazy-libcurl")
        let sample = try String(
            contentsOfFile: Repository.path("vast-samples/v20-inline-linear.xml"), encoding: .utf8)
        let unusual = sample.replacingOccurrences(
            of: "https://measure.example.net/pixel?c=4411", with: "https://[zz::1]/pixel")
        #expect(unusual != sample)
        let path = scratch.url.appendingPathComponent("unusual-url.xml").path
        try Data(unusual.utf8).write(to: URL(fileURLWithPath: path))
        let unjudged = try await Self.runHiding(library, ["validate", path])
        #expect(unjudged.exited && unjudged.status == 0, "\(unjudged.text)")
        #expect(
            unjudged.text.contains(
                "vastcheck: warning: 1 URL of an unusual shape could not be checked in this process, and no tag "
                    + "can be fetched: cannot load libcurl.so.4"), "\(unjudged.text)")
        let judged = try await ProgramRun.run(vastcheck, ["validate", path], mergingErrors: true)
        #expect(judged.status == 1, "\(judged.text)")
        #expect(judged.text.contains("[url.unparseable]"), "\(judged.text)")
        #expect(!judged.text.contains("could not be checked"), "\(judged.text)")
    }
}

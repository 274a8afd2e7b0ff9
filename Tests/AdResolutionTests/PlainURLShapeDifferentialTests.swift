import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing

/// `AbsoluteURL(parsing:)` splits plain URLs without libcurl (`PlainURLShape.canonicalParts`);
/// wherever it does, libcurl must accept the URL and split it into the very same parts (issue 14:
/// a fast path may never change an answer).
@Suite struct PlainURLShapeDifferentialTests {
    /// The URLs of `urls` the fast path splits differently from libcurl (or splits while libcurl
    /// refuses them), each with both answers.
    static func disagreements(_ urls: [String]) -> [String] {
        urls.compactMap { url in
            guard let parts = PlainURLShape.canonicalParts(url) else { return nil }
            do {
                // `AbsoluteURL` compares every part: string, scheme, host, port, path and query.
                let fast = try AbsoluteURL(parsing: url)
                let curl = try AbsoluteURL(libcurlParsing: url)
                return fast == curl
                    ? nil
                    : "\(url.debugDescription): \(parts) against libcurl's "
                        + "\((curl.string, curl.scheme, curl.host, curl.port, curl.path, curl.query))"
            } catch {
                return "\(url.debugDescription): split as \(parts), refused by libcurl: \(error)"
            }
        }
    }

    /// The URLs of `urls` that ``AbsoluteURL/resolving(_:)`` resolves differently from libcurl
    /// against one of a few bases (an http URL with a path and query, an https one with a port, a
    /// file's), or resolves while libcurl refuses them, or refuses while libcurl resolves them.
    static func resolvingDisagreements(_ urls: [String]) throws -> [String] {
        let bases = try ["http://a/b/c/d;p?q", "https://ads.example:8443/v/tag.xml?cb=1", "file:///tmp/tags/w.xml"]
            .map { try AbsoluteURL(parsing: $0) }
        return urls.flatMap { url in
            bases.compactMap { base in
                let fast = Result { () throws(URLParseError) in try base.resolving(url) }
                let curl = Result { () throws(URLParseError) in try base.libcurlResolving(url) }
                switch (fast, curl) {
                case (.success(let a), .success(let b)) where a == b: return nil
                case (.failure, .failure): return nil
                default: return "\(url.debugDescription) against \(base): \(fast) against libcurl's \(curl)"
                }
            }
        }
    }

    /// Plain URLs the fast path should split (no default port, dot segment or fragment), to mutate.
    static let canonicalBases = [
        "https://ads.example.com/vast/tag.xml?cb=[CACHEBUSTING]&t=%%TIMESTAMP%%&u=%2Fx",
        "http://127.0.0.1:8080/doc/fill-1?delay_ms=10",
        "https://a-b.c9.example:8443/x/y;p=1?q=a%20b&r=(1)*'2'!$+,@:",
        "http://t.example",
        // Local files' URLs as `VASTSource.file` writes them (split without libcurl too).
        "file:///work/vast-samples/v42-inline-linear-full.xml",
        "file:///tmp/a%20b/c%23d%25e~f_g-h.1.xml",
        "file:///",
    ]

    @Test func everyURLOfTheSamplesIsSplitAsLibcurlSplitsIt() async throws {
        let urls = try URLSamples.sampleURLs()
        #expect(urls.count > 300, "\(urls.count) URLs")
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
        // Most of them take the fast path.
        let split = urls.filter { PlainURLShape.canonicalParts($0) != nil }.count
        #expect(split * 2 > urls.count, "\(split) of \(urls.count) split without libcurl")
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func everyURLOfTheOutsideCorpusIsSplitAsLibcurlSplitsIt() async throws {
        let urls = try URLSamples.corpusURLs()
        #expect(urls.count > 200, "\(urls.count) URLs")
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
        let split = urls.filter { PlainURLShape.canonicalParts($0) != nil }.count
        #expect(split * 2 > urls.count, "\(split) of \(urls.count) split without libcurl")
    }

    @Test func everyByteInsertedOrSubstitutedAnywhereInAPlainURLIsSplitAsLibcurlSplitsIt() async throws {
        let urls = URLSamples.everyByteInsertedOrSubstituted(into: Self.canonicalBases + URLSamples.bases)
        #expect(urls.filter { PlainURLShape.canonicalParts($0) != nil }.count > 1_000)
        let found = try await onOwnThread { Self.disagreements(urls) }
        #expect(found.isEmpty, "\(found.count) disagreements, among them \(found.prefix(5))")
    }

    /// A reference of the plain shape is resolved without libcurl (a wrapper's VASTAdTagURI nearly always
    /// is one): the same target as libcurl's, over the samples' URLs, every byte inserted or substituted
    /// anywhere in a plain URL, and random strings of URL pieces.
    @Test func absoluteReferencesResolveAsLibcurlResolvesThem() async throws {
        let urls =
            try URLSamples.sampleURLs() + URLSamples.everyByteInsertedOrSubstituted(into: Self.canonicalBases)
            + URLSamples.randomURLPieces()
        #expect(urls.filter { PlainURLShape.canonicalParts($0) != nil }.count > 1_000)
        let found = try await onOwnThread { try Self.resolvingDisagreements(urls) }
        #expect(found.isEmpty, "\(found.count) disagreements, among them \(found.prefix(5))")
    }

    @Test func randomStringsOfURLPiecesAreSplitAsLibcurlSplitsThem() async throws {
        let urls = URLSamples.randomURLPieces()
        #expect(urls.filter { PlainURLShape.canonicalParts($0) != nil }.count > 150)
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
    }

    @Test func aPlainURLIsSplitIntoItsParts() throws {
        let url = try AbsoluteURL(parsing: "https://ads.example:8443/vast/tag.xml?cb=[CACHEBUSTING]&a=%2F")
        #expect(url.string == "https://ads.example:8443/vast/tag.xml?cb=[CACHEBUSTING]&a=%2F")
        #expect(url.scheme == "https")
        #expect(url.host == "ads.example")
        #expect(url.port == 8443)
        #expect(url.path == "/vast/tag.xml")
        #expect(url.query == "cb=[CACHEBUSTING]&a=%2F")
        #expect(url.origin == "https://ads.example:8443")
        let bare = try AbsoluteURL(parsing: "http://t.example")
        #expect(bare.string == "http://t.example/")
        #expect(bare.path == "/")
        #expect(bare.query == nil)
        #expect(bare.port == nil)
    }

    /// A local document's base URL (`VASTSource.file`) is split without libcurl, as libcurl splits it, so
    /// that `vastcheck validate FILE` need not load libcurl at all (see `Sources/CCurl`).
    @Test func aLocalFilesURLIsSplitWithoutLibcurl() throws {
        let text = "file:///tmp/ad%20tags/v4.2%23b.xml"
        #expect(PlainURLShape.canonicalParts(text) != nil)
        let url = try AbsoluteURL(parsing: text)
        #expect(url == (try AbsoluteURL(libcurlParsing: text)))
        #expect(url.string == text)
        #expect(url.scheme == "file")
        #expect(url.host == "")
        #expect(url.port == nil)
        #expect(url.path == "/tmp/ad%20tags/v4.2%23b.xml")
        #expect(url.query == nil)
        #expect(try url.resolving("next.xml").string == "file:///tmp/ad%20tags/next.xml")
    }

    /// A file's path with `.` and `..` segments (`vastcheck validate ./a.xml`) gets the base URL libcurl makes
    /// of it (libcurl removes dot segments too), now without libcurl: the segments are removed first.
    @Test(arguments: [
        "/tmp/a/./b.xml", "/tmp/a/../b.xml", "/tmp/./a/../../b.xml", "/../x.xml", "/tmp/a//../b.xml", "/tmp/a/.",
        "/tmp/a/..", "/tmp/a/../", "/tmp/.hidden/./x.xml", "/tmp/a..b/./x.xml", "/tmp/..a/x.xml", "./x.xml",
        "../x.xml", "a/../../b/./c.xml", "/tmp/a b/./c%d.xml",
    ])
    func aFilesBaseURLIsTheOneLibcurlMakesOfItsPath(_ path: String) throws {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let written =
            "file://"
            + absolute.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: " ", with: "%20")
        let base = try #require(VASTSource.file(path).baseURL)
        #expect(base == (try AbsoluteURL(libcurlParsing: written)), "\(written)")
        // The fast path leaves to libcurl what it may rewrite: a segment starting with a dot, an empty one.
        if !base.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().contains(where: {
            $0.isEmpty || $0.hasPrefix(".")
        }) {
            #expect(PlainURLShape.canonicalParts(base.string) != nil, "\(base.string) needed libcurl")
        }
    }

    /// What libcurl rewrites is left to libcurl, which still gives the same answer as before.
    @Test(arguments: [
        "https://Ads.Example/x", "https://ads.example:443/x", "http://ads.example:80/", "https://ads.example/a/../b",
        "https://ads.example/a/./b", "https://ads.example/a/%2E%2E/b", "https://ads.example/x#frag",
        "https://ads.example/x?", "https://ads.example/.well-known/x", "HTTPS://ads.example/x",
        "file:///a/./b.xml", "file:///a/../b.xml", "file:///a//b.xml", "file:///a/%2E%2E/b.xml", "file:///a%2fb.xml",
        "file:///.hidden.xml", "FILE:///b.xml", "file:///a?b",
    ])
    func urlsLibcurlRewritesAreLeftToLibcurl(_ text: String) throws {
        #expect(PlainURLShape.canonicalParts(text) == nil)
        #expect(try AbsoluteURL(parsing: text) == AbsoluteURL(libcurlParsing: text))
    }
}

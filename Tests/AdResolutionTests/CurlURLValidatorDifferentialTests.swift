import AdTransport
import Foundation
import TestSupport
import Testing

@testable import AdResolution

/// The plain-shape fast path of `CurlURLValidator` against libcurl's own verdict: wherever the fast
/// path answers (it only ever accepts), libcurl must accept too (issue 14, item 5).
@Suite struct CurlURLValidatorDifferentialTests {
    /// The URLs of `urls` the fast path accepts and libcurl refuses, with libcurl's reason.
    static func disagreements(_ urls: [String]) -> [String] {
        urls.compactMap { url in
            guard PlainURLShape.accepts(url), let problem = CurlURLValidator.curlProblem(with: url) else { return nil }
            return "\(url.debugDescription): \(problem)"
        }
    }

    @Test func everyURLOfTheSamplesGetsLibcurlsVerdict() async throws {
        try await Self.checkAgainstLibcurl(URLSamples.sampleURLs(), atLeast: 300)
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func everyURLOfTheOutsideCorpusGetsLibcurlsVerdict() async throws {
        try await Self.checkAgainstLibcurl(URLSamples.corpusURLs(), atLeast: 200)
    }

    /// `urls` (more than `atLeast` of them) get libcurl's verdict, and most take the fast path.
    static func checkAgainstLibcurl(_ urls: [String], atLeast: Int) async throws {
        #expect(urls.count > atLeast, "\(urls.count) URLs")
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
        let differing = try await onOwnThread {
            urls.filter { CurlURLValidator.problem(with: $0) != CurlURLValidator.curlProblem(with: $0) }
        }
        #expect(differing == [], "the validator's verdict differs from libcurl's")
        // The fast path answers for most of them: the plain shape is the common one.
        let plain = urls.filter(PlainURLShape.accepts).count
        #expect(plain * 2 > urls.count, "\(plain) of \(urls.count) plain")
    }

    @Test func everyByteInsertedOrSubstitutedAnywhereInAPlainURLGetsLibcurlsVerdict() async throws {
        let urls = URLSamples.everyByteInsertedOrSubstituted()
        #expect(urls.filter(PlainURLShape.accepts).count > 1_000)
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
    }

    @Test func randomStringsOfURLPiecesGetLibcurlsVerdict() async throws {
        let urls = URLSamples.randomURLPieces()
        #expect(urls.filter(PlainURLShape.accepts).count > 200)
        #expect(try await onOwnThread { Self.disagreements(urls) } == [])
    }

    @Test(arguments: [
        "https://ads.example/vast", "http://127.0.0.1:36757/echo?status=204&delay_ms=10",
        "https://t.example/e?code=[ERRORCODE]", "https://t.example/i?cb=%%CACHEBUSTING%%&u=%2F",
        "http://localhost/x#frag", "https://a.b-c.example:65535", "http://0.0.0.0/", "http://255.255.255.255/",
    ])
    func plainURLsAreAcceptedWithoutLibcurl(_ url: String) {
        #expect(PlainURLShape.accepts(url))
        #expect(CurlURLValidator.problem(with: url) == nil)
    }

    @Test(arguments: [
        "http://host]", "https://[DOMAIN]/vast", "http://[::1]:8080/", "https://ads.example:99999/vast",
        "https://ads.example:0/", "https://ads.example:080/", "https://ads.example:/", "https://ads.example/a b",
        "http://", "http:///x", "HTTPS://ads.example/", "https://ads..example/", "https://ads.example./",
        "https://-ads.example/", "https://ads-.example/", "http://0x7f.1/", "http://1.2.3/", "http://256.1.1.1/",
        "http://01.2.3.4/", "http://1.2.3.4.5/", "http://user@host.example/", "https://ads.example/#a#b",
        "https://ads.example/é", "https://ads.example/{x}", "https://ads.example/a\\b", "https://ads.example/\u{7F}",
    ])
    func urlsOutsideThePlainShapeGoToLibcurl(_ url: String) {
        #expect(!PlainURLShape.accepts(url))
    }

    @Test func aURLLongerThanTheShapesBoundGoesToLibcurl() {
        let url = "https://ads.example/" + String(repeating: "a", count: PlainURLShape.maxLength)
        #expect(!PlainURLShape.accepts(url))
        #expect(CurlURLValidator.problem(with: url) == nil)
    }
}

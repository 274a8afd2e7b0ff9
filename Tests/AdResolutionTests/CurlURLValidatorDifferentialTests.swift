import Foundation
import Testing
import VAST

@testable import AdResolution

/// The plain-shape fast path of `CurlURLValidator` against libcurl's own verdict: wherever the fast
/// path answers (it only ever accepts), libcurl must accept too (issue 14, item 5).
@Suite struct CurlURLValidatorDifferentialTests {
    /// The repository's `vast-samples/` and `../shared/corpus/` beside the checkout.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpus = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Records every URL the parser asks its validator about, accepting them all.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []

        var urls: [String] { lock.withLock { seen } }

        var validator: VASTURLValidator {
            VASTURLValidator { [self] url in
                lock.withLock { seen.append(url) }
                return nil
            }
        }
    }

    /// Every URL the parser hands the validator in the XML files under `folder`, recursively.
    static func documentURLs(under folder: URL) throws -> [String] {
        let recorder = Recorder()
        let parser = VASTParser(urlValidator: recorder.validator)
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "xml" } ?? []
        for file in files { _ = try? parser.parse(try Data(contentsOf: file)) }
        return recorder.urls
    }

    /// The URLs of `urls` the fast path accepts and libcurl refuses, with libcurl's reason.
    static func disagreements(_ urls: [String]) -> [String] {
        urls.compactMap { url in
            guard PlainURLShape.accepts(url), let problem = CurlURLValidator.curlProblem(with: url) else { return nil }
            return "\(url.debugDescription): \(problem)"
        }
    }

    @Test func everyURLOfTheSamplesAndCorporaGetsLibcurlsVerdict() throws {
        var urls = try Self.documentURLs(under: Self.repository.appendingPathComponent("vast-samples"))
        if FileManager.default.fileExists(atPath: Self.corpus.path) {
            urls += try Self.documentURLs(under: Self.corpus)
        }
        #expect(urls.count > 500, "\(urls.count) URLs")
        #expect(Self.disagreements(urls) == [])
        for url in urls {
            #expect(CurlURLValidator.problem(with: url) == CurlURLValidator.curlProblem(with: url), "\(url)")
        }
        // The fast path answers for most of them: the plain shape is the common one.
        let plain = urls.filter(PlainURLShape.accepts).count
        #expect(plain * 2 > urls.count, "\(plain) of \(urls.count) plain")
    }

    static let bases = [
        "https://ads.example.com/vast?cb=[CACHEBUSTING]&t=%%TIMESTAMP%%",
        "http://127.0.0.1:8080/doc/fill-1?delay_ms=10#top",
        "https://a-b.c9.example:443/x/../y/./z;p=1?q=a%20b&r=(1)*'2'!$+,",
    ]

    /// Bytes tried at every position: all of ASCII, a few non-ASCII scalars, and the macro delimiters.
    static let insertions: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{FF}", "\u{200B}", "%%", "[A]", "[ERRORCODE]"]

    @Test func everyByteInsertedOrSubstitutedAnywhereInAPlainURLGetsLibcurlsVerdict() {
        var urls: [String] = []
        for base in Self.bases {
            let characters = Array(base)
            for position in 0...characters.count {
                for insertion in Self.insertions {
                    let head = String(characters[..<position])
                    urls.append(head + insertion + String(characters[position...]))
                    if position < characters.count {
                        urls.append(head + insertion + String(characters[(position + 1)...]))
                    }
                }
            }
        }
        #expect(urls.filter(PlainURLShape.accepts).count > 1_000)
        #expect(Self.disagreements(urls) == [])
    }

    @Test func randomStringsOfURLPiecesGetLibcurlsVerdict() {
        let pieces = [
            "http://", "https://", "HTTP://", "ftp://", "a", "Z", "0", "1", "9", "255", "256", "0x7f", "00", ".", "-",
            "_", "~", ":", "/", "//", "?", "#", "@", "%", "%2", "%41", "%%", "[", "]", "[A]", "[CACHEBUSTING]",
            "%%TIMESTAMP%%", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", " ", "\t", "\n", "\\", "\"",
            "<", ">", "^", "`", "{", "}", "|", "é", "\u{0}", "\u{7F}", "example", "com", "65535", "65536", "::1",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let labels = [
            "a", "ads", "example", "com", "0", "1", "127", "255", "256", "00", "0x7f", "a-b", "-a", "b-", "Z9",
            "localhost", "", "é", "[A]", "%%", "_", "~",
        ]
        let ports = ["", ":", ":0", ":1", ":80", ":080", ":65535", ":65536", ":99999", ":8a", "::"]
        var urls: [String] = []
        for _ in 0..<20_000 {
            // Shaped like a URL most of the time (scheme, host labels, port), then random pieces.
            var url = next(8) == 0 ? pieces[next(pieces.count)] : ["http://", "https://"][next(2)]
            let labelCount = 1 + next(4)
            url += (0..<labelCount).map { _ in next(6) == 0 ? pieces[next(pieces.count)] : labels[next(labels.count)] }
                .joined(separator: next(10) == 0 ? pieces[next(pieces.count)] : ".")
            url += ports[next(ports.count)]
            if next(5) > 0 { url += "/" }
            for _ in 0..<next(12) { url += pieces[next(pieces.count)] }
            urls.append(url)
        }
        #expect(urls.filter(PlainURLShape.accepts).count > 200)
        #expect(Self.disagreements(urls) == [])
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

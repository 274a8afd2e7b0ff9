import Foundation
import TestSupport
import VAST

/// URLs to hold the plain-shape fast paths against libcurl with: every URL of the bundled samples
/// and the shared corpora, every byte inserted or substituted anywhere in a few plain URLs, and
/// random strings of URL pieces. None of them is fetched.
enum URLSamples {
    /// The repository's `vast-samples/`; the outside corpus is `Corpus.folder` (`VAST_CORPUS_DIR`).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// Every URL the parser hands its validator in the repository's `vast-samples/`.
    static func sampleURLs() throws -> [String] {
        try documentURLs(under: repository.appendingPathComponent("vast-samples"))
    }

    /// Every URL the parser hands its validator in the outside corpus (empty when it is absent).
    static func corpusURLs() throws -> [String] {
        try documentURLs(under: Corpus.folder)
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

    /// Plain URLs to mutate: macros, an IPv4 host with a port, a default port, dot segments, a fragment.
    static let bases = [
        "https://ads.example.com/vast?cb=[CACHEBUSTING]&t=%%TIMESTAMP%%",
        "http://127.0.0.1:8080/doc/fill-1?delay_ms=10#top",
        "https://a-b.c9.example:443/x/../y/./z;p=1?q=a%20b&r=(1)*'2'!$+,",
    ]

    /// Bytes tried at every position: all of ASCII, a few non-ASCII scalars, and the macro delimiters.
    static let insertions: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{FF}", "\u{200B}", "%%", "[A]", "[ERRORCODE]"]

    /// Each of `bases` with each of ``insertions`` inserted at, or put in place of, every position.
    static func everyByteInsertedOrSubstituted(into bases: [String] = bases) -> [String] {
        var urls: [String] = []
        for base in bases {
            let characters = Array(base)
            for position in 0...characters.count {
                for insertion in insertions {
                    let head = String(characters[..<position])
                    urls.append(head + insertion + String(characters[position...]))
                    if position < characters.count {
                        urls.append(head + insertion + String(characters[(position + 1)...]))
                    }
                }
            }
        }
        return urls
    }

    /// 20,000 strings shaped like URLs most of the time (scheme, host labels, port), then random pieces.
    static func randomURLPieces() -> [String] {
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
        return urls
    }
}

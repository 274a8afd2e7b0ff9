import Foundation
import TestSupport
import Testing

/// The outside corpus is optional on a developer's checkout (its suites are skipped, by name) and required
/// in CI: with `CI=true` a missing or partial corpus fails the run, so CI never passes by skipping.
@Suite struct CorpusPresenceTests {
    @Test func aCIRunHasTheOutsideCorpus() {
        #expect(Corpus.isPresent || !Corpus.isRequired, "CI=true and the corpus is missing: \(Corpus.absentReason)")
    }

    @Test func theCorpusIsFoundThroughVASTCorpusDir() {
        let setting = ProcessInfo.processInfo.environment["VAST_CORPUS_DIR"] ?? ""
        let expected =
            setting.isEmpty
            ? TestServer.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
            : URL(fileURLWithPath: setting).standardizedFileURL.path
        #expect(Corpus.folder.path == expected)
        #expect(Corpus.iab.path == expected + "/iab")
    }
}

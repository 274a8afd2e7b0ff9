import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck validate --json` over the IAB's public samples (read in place from the outside corpus, `Corpus`).
@Suite(
    .enabled(
        if: Corpus.isPresent, "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
struct IABCorpusTests {
    /// The 75 documents, run once for all the tests below.
    static func report() async throws -> [[String: Any]] {
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", Repository.iabCorpus])
        return try #require(try captured.json()["documents"] as? [[String: Any]])
    }

    @Test func everyVAST1DocumentGetsError102AndEveryOtherOneParses() async throws {
        let documents = try await Self.report()
        #expect(documents.count == 75)
        let refused = documents.filter { $0["errorCode"] != nil }
        #expect(refused.count == 6)
        for document in refused {
            #expect(document["errorCode"] as? Int == 102)
            let source = try #require(document["source"] as? String)
            let text = try String(contentsOfFile: source, encoding: .utf8)
            #expect(text.contains("<VideoAdServingTemplate"), "\(source) is not a VAST 1.0 document")
        }
        for document in documents where document["errorCode"] == nil {
            #expect(document["vastVersion"] is String, "\(document["source"] ?? "?") was not parsed")
        }
    }

    @Test func countsEqualThoseOfPythonsXMLParser() async throws {
        let documents = try await Self.report()
        let python = try await ProgramRun.python([Repository.path("Tools/count-elements.py"), Repository.iabCorpus])
        let output = python.output
        #expect(python.status == 0)
        let independent = try #require(try JSONSerialization.jsonObject(with: output) as? [String: [String: Int]])
        #expect(independent.count == 75)
        for document in documents {
            let source = try #require(document["source"] as? String)
            let theirs = try #require(independent[source], "Python could not read \(source)")
            #expect(document["counts"] as? [String: Int] == theirs, "\(source)")
        }
    }
}

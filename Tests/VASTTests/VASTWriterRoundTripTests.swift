import Foundation
import TestSupport
import Testing
import VAST

/// The writer's property: every document of `vast-samples/` and of the IAB corpus that the parser
/// reads survives parse → write → parse with an equal model; and what the IAB's own schema accepted
/// before, it accepts after (a check against element order we did not write).
@Suite struct VASTWriterRoundTripTests {
    /// One document of the corpora, named by its path below the repository or the shared folder.
    struct Document: Sendable, CustomTestStringConvertible {
        let path: String
        var testDescription: String { RoundTripCorpus.shortName(path) }
    }

    static let documents: [Document] = RoundTripCorpus.paths().map(Document.init)

    @Test(arguments: documents)
    func parsingWhatTheWriterWroteGivesTheSameModel(_ document: Document) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: document.path))
        guard let original = try? VASTParser().parse(bytes) else { return }  // refused documents: see the census test
        let written = try VASTWriter().write(original.document)
        let reread = try VASTParser().parse(written)
        #expect(reread.document == original.document, "\(written)")
        // The writer introduces no finding the source did not have (it may drop some: order, spelling),
        // except that a value the parser could not read (or read as unknown: a time out of bounds) is not in
        // the model, so its element or attribute is missing from the output.
        var before = Set(original.findings.map(\.rule))
        if before.contains("time.format") || before.contains("attribute.value") || before.contains("value.range") {
            before.formUnion(["required-element", "required-attribute"])
        }
        let introduced = reread.findings.filter { !before.contains($0.rule) }.map { "\($0.rule) \($0.location)" }
        #expect(introduced == [])
        #expect(!reread.findings.contains { $0.rule == "schema.child-order" })
        // Writing is deterministic and a fixed point.
        #expect(try VASTWriter().write(reread.document) == written)
    }

    @Test func everyDocumentIsTriedAndOnlyTheRefusedOnesAreLeftOut() throws {
        var equal = 0
        var refused: [String] = []
        for document in Self.documents {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: document.path))
            do {
                let original = try VASTParser().parse(bytes)
                if try VASTParser().parse(VASTWriter().write(original.document)).document == original.document {
                    equal += 1
                }
            } catch let error as VASTParseError {
                refused.append(
                    "\(RoundTripCorpus.shortName(document.path)): \(error.vastErrorCode.rawValue) \(error.code.description)"
                )
            }
        }
        let samples = Self.documents.filter { $0.path.hasPrefix(RoundTripCorpus.root.path + "/vast-samples/") }.count
        #expect(samples == 54)
        if RoundTripCorpus.hasIAB { #expect(Self.documents.count == 54 + 75) }
        #expect(equal + refused.count == Self.documents.count)
        // Refused by the parser, as their expected results say: VAST 1.0 and 5.0 (102), malformed XML (100).
        let expectedRefusals = [
            "vast-samples/v10-video-ad-serving-template.xml: 102 unsupportedVersion",
            "vast-samples/v30-malformed-mismatched-tags.xml: 100 malformed",
            "vast-samples/v42-malformed-truncated.xml: 100 malformed",
            "vast-samples/v50-unsupported-version.xml: 102 unsupportedVersion",
        ]
        #expect(refused.filter { $0.hasPrefix("vast-samples/") } == expectedRefusals)
        let iabRefused = refused.filter { !$0.hasPrefix("vast-samples/") }
        #expect(iabRefused.count == (RoundTripCorpus.hasIAB ? 6 : 0))
        #expect(iabRefused.allSatisfy { $0.hasSuffix(": 102 unsupportedVersion") }, "\(iabRefused)")
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func theSchemaCheckCoversEveryDocumentItsSchemaAccepts() throws {
        var validators: [VASTVersion: VASTSchemaValidator] = [:]
        var accepted: [String] = []
        for document in Self.documents {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: document.path))
            guard let version = (try? VASTParser().parse(bytes))?.document.vastVersion,
                let schema = RoundTripCorpus.schema(for: version)
            else { continue }
            if validators[version] == nil { validators[version] = try VASTSchemaValidator(contentsOf: schema) }
            if validators[version]?.validate(bytes).isEmpty == true {
                accepted.append(RoundTripCorpus.shortName(document.path))
            }
        }
        // The IAB's README counts 67 of its 69 schema-matched samples as valid; ours are checked too.
        #expect(accepted.filter { $0.hasPrefix("iab/") }.count == 67)
        #expect(accepted.filter { $0.hasPrefix("vast-samples/") }.count == 26)
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"),
        arguments: documents)
    func whatTheIABSchemaAcceptedItStillAccepts(_ document: Document) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: document.path))
        guard let original = try? VASTParser().parse(bytes), let version = original.document.vastVersion,
            let schema = RoundTripCorpus.schema(for: version)
        else { return }
        let validator = try VASTSchemaValidator(contentsOf: schema)
        guard validator.validate(bytes).isEmpty else { return }
        let written = try VASTWriter().write(original.document)
        #expect(validator.validate(Data(written.utf8)).map(\.message) == [], "\(written)")
    }
}

/// Where the round-trip documents are: the bundled samples and the IAB corpus of the outside corpus
/// (`Corpus`, `VAST_CORPUS_DIR`).
enum RoundTripCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shared = Corpus.folder

    static var hasIAB: Bool { Corpus.isPresent }
    static var hasXSD: Bool { Corpus.isPresent }

    /// Every `*.xml` of `vast-samples/` and of `corpus/iab/` (recursively), in name order.
    static func paths() -> [String] {
        func xml(below folder: URL) -> [String] {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (walker?.compactMap { ($0 as? URL)?.path } ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        }
        return xml(below: root.appendingPathComponent("vast-samples"))
            + (Corpus.isPresent ? xml(below: Corpus.iab) : [])
    }

    static func shortName(_ path: String) -> String {
        path.replacingOccurrences(of: root.path + "/", with: "").replacingOccurrences(of: shared.path + "/", with: "")
    }

    /// The IAB schema of a version (4.3 has none; 4.2's is the stand-in).
    static func schema(for version: VASTVersion) -> String? {
        let name: String =
            switch version {
            case .v2_0: "vast_2.0.1.xsd"
            case .v3_0: "vast3_draft.xsd"
            case .v4_0: "vast4.xsd"
            case .v4_1: "vast_4.1.xsd"
            case .v4_2, .v4_3: "vast_4.2.xsd"
            }
        return shared.appendingPathComponent("xsd/\(name)").path
    }
}

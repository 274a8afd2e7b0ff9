import Foundation
import TestSupport
import Testing
import VAST

/// The whole parse result (model, findings, counts, or the error) of every sample, every
/// document of the outside corpus (`Corpus`, when it is there), the trigger documents, a few hostile ones and the generated
/// benchmark pods, held to a reference captured before the parser was tuned for speed: a
/// faster parser must give the same answer, byte for byte of `dump(result)`.
///
/// The references live in Tests/Fixtures/parse-reference/: one `.txt` per document, the dump
/// itself, or for a dump over 100 KB (and for the pods) its length and 64-bit FNV-1a digest. `VAST_WRITE_PARSE_REFERENCE=1
/// Tools/test --filter ParseReferenceTests` rewrites them: only ever from a parser whose answers
/// are known to be right, and with the diff read before committing.
@Suite struct ParseReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let references = root.appendingPathComponent("Tests/Fixtures/parse-reference")
    static var writing: Bool { ProcessInfo.processInfo.environment["VAST_WRITE_PARSE_REFERENCE"] == "1" }

    /// Every `.xml` below `folder`, in path order.
    static func documents(in folder: URL) -> [URL] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "xml" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// The outside corpus' folders, by reference prefix.
    static let corpusFolders = [("iab", Corpus.iab), ("other", Corpus.other)]

    /// Every `.xml` below each of `folders`, named `PREFIX/PATH-BELOW-THE-FOLDER`.
    static func files(in folders: [(String, URL)]) throws -> [(name: String, bytes: [UInt8])] {
        var found: [(String, [UInt8])] = []
        for (prefix, folder) in folders {
            let base = folder.standardizedFileURL.path + "/"
            for file in documents(in: folder) {
                let relative = String(file.standardizedFileURL.path.dropFirst(base.count))
                found.append((prefix + "/" + relative, try Array(Data(contentsOf: file))))
            }
        }
        return found
    }

    /// The outside corpus' documents held to a reference (`iab/...`, `other/...`).
    static func corpusDocuments() throws -> [(name: String, bytes: [UInt8])] {
        try files(in: corpusFolders)
    }

    /// The repository's own documents held to a reference: (reference name, bytes).
    static func repositoryDocuments() throws -> [(name: String, bytes: [UInt8])] {
        var found = try files(in: [("samples", root.appendingPathComponent("vast-samples"))])
        for (index, trigger) in RuleTriggers.documents.enumerated() {
            found.append(("triggers/\(index)-\(trigger.rule)", Array(trigger.text.utf8)))
        }
        let hostile: [(String, [UInt8])] = [
            ("unknown-element-flood", HostileDocuments.unknownElementFlood(count: 5_000)),
            ("hostile-body", Array((HostileDocuments.declaration + HostileDocuments.inlineBody()).utf8)),
            ("billion-laughs", HostileDocuments.billionLaughs()),
            ("attribute-flood", HostileDocuments.attributeFlood(count: 500)),
            ("deep-nesting", HostileDocuments.deepNesting(depth: 300)),
            ("huge-text-node", HostileDocuments.hugeTextNode(textBytes: 1_200_000)),
            ("raw-nul", HostileDocuments.withRawByte(0)),
            ("latin1-undeclared", HostileDocuments.undeclaredLatin1()),
            ("two-roots", HostileDocuments.twoRoots()),
            ("garbage", HostileDocuments.garbage(seed: 14, count: 4_096)),
            ("utf16-be", HostileDocuments.utf16WithBOM(HostileDocuments.inlineBody(), bigEndian: true)),
        ]
        found += hostile.map { ("hostile/\($0.0)", $0.1) }
        return found
    }

    /// The trigger documents' own parsers (some set limits); the rest use the default parser.
    static func parser(for name: String) -> VASTParser {
        guard name.hasPrefix("triggers/"), let index = Int(name.dropFirst(9).prefix(while: \.isNumber)) else {
            return VASTParser()
        }
        return RuleTriggers.documents[index].parser
    }

    /// Everything a parse answers, as text: `dump` of the result, or the error with its fields.
    static func answer(_ bytes: [UInt8], parser: VASTParser) -> String {
        var text = ""
        do {
            dump(try parser.parse(bytes), to: &text)
        } catch {
            dump(error, to: &text)
        }
        return text
    }

    /// What is kept of an answer: itself, or past 100 KB its length and digest.
    static func kept(_ answer: String) -> String {
        answer.utf8.count <= 100_000 ? answer : "\(answer.utf8.count) bytes, digest \(digest(answer))\n"
    }

    static func fileName(_ name: String) -> String {
        name.map { $0 == "/" || $0 == " " ? "_" : $0 }.map(String.init).joined() + ".txt"
    }

    /// 64-bit FNV-1a, for the pods' digests.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    @Test func everyRepositoryDocumentParsesToItsReferenceAnswer() async throws {
        let documents = try Self.repositoryDocuments()
        #expect(documents.filter { $0.name.hasPrefix("samples/") }.count == 54)
        #expect(documents.filter { $0.name.hasPrefix("hostile/") }.count == 11)
        try await Self.check(documents, prefixes: ["samples", "triggers", "hostile"])
    }

    @Test(
        .enabled(
            if: Corpus.isPresent,
            "needs the outside corpus: set VAST_CORPUS_DIR=DIR (default ../shared/corpus) to run it"))
    func everyOutsideCorpusDocumentParsesToItsReferenceAnswer() async throws {
        let documents = try Self.corpusDocuments()
        #expect(documents.filter { $0.name.hasPrefix("iab/") }.count == 75)
        #expect(documents.filter { $0.name.hasPrefix("other/") }.count == 20)
        try await Self.check(documents, prefixes: Self.corpusFolders.map(\.0))
    }

    /// Each of `documents` parses to its reference, and every reference named with one of `prefixes`
    /// has its document (or, with `VAST_WRITE_PARSE_REFERENCE=1`, the references are written).
    static func check(_ documents: [(name: String, bytes: [UInt8])], prefixes: [String]) async throws {
        let parsed = documents.map { (name: $0.name, bytes: $0.bytes) }
        let answers = try await onOwnThread { parsed.map { kept(answer($0.bytes, parser: parser(for: $0.name))) } }
        var names = Set<String>()
        for ((name, _), text) in zip(documents, answers) {
            let file = references.appendingPathComponent(fileName(name))
            #expect(names.insert(file.lastPathComponent).inserted, "two documents share the reference \(file)")
            if writing {
                try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
                continue
            }
            let reference = try String(contentsOf: file, encoding: .utf8)
            #expect(text == reference, "\(name) no longer parses to \(file.path)")
        }
        if !writing {
            let stored = try FileManager.default.contentsOfDirectory(atPath: references.path)
                .filter { name in name.hasSuffix(".txt") && prefixes.contains { name.hasPrefix($0 + "_") } }
            #expect(Set(stored) == names, "references without a document: \(Set(stored).subtracting(names).sorted())")
        }
    }

    /// The benchmark's pods (the invalid legacy one and the valid one), made by gen_pod.py and
    /// parsed with the benchmark's 64 MiB cap: the same answer, by digest.
    @Test(arguments: [("pod-legacy", ["--legacy"]), ("pod-valid", [])])
    func generatedPodParsesToItsReferenceDigest(name: String, options: [String]) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-reference-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(name).xml")
        let python = try await ProgramRun.python(
            [Self.root.appendingPathComponent("Tools/bench-parse/gen_pod.py").path, output.path] + options, quiet: true)
        #expect(python.status == 0)
        let bytes = try Array(Data(contentsOf: output))
        // Parsing and dumping a pod of megabytes takes seconds: on a thread of its own.
        let (findings, ads, dumped) = try await onOwnThread {
            let result = try VASTParser(limits: .init(maxBytes: 64 << 20)).parse(bytes)
            return (
                result.findings.count, result.counts.ads,
                Self.answer(bytes, parser: VASTParser(limits: .init(maxBytes: 64 << 20)))
            )
        }
        let answer =
            "\(dumped.utf8.count) bytes, digest \(Self.digest(dumped)); findings=\(findings) ads=\(ads)\n"
        let file = Self.references.appendingPathComponent("\(name).digest")
        if Self.writing {
            try Data(answer.utf8).write(to: file)
            return
        }
        #expect(answer == (try String(contentsOf: file, encoding: .utf8)))
    }
}

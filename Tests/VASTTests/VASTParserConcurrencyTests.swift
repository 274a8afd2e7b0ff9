import Foundation
import Synchronization
import TestSupport
import Testing
import VAST

/// `VASTParser` keeps a libxml2 parser context per thread between parses (reset, with a bound on
/// its dictionary and tables): whatever order, thread or interleaving the documents come in, each
/// parse must give the answer the same document gives on its own.
@Suite struct VASTParserConcurrencyTests {
    typealias Outcome = Result<VASTParseResult, VASTParseError>

    static let parser = VASTParser(limits: .init(maxBytes: 64 << 20))

    /// Every sample and (when the outside corpus is there) IAB corpus document, plus documents that
    /// leave a context in each state a parse can end in: refused mid-way, not well-formed, deep, and
    /// with more distinct names than a kept context may hold.
    static func documents() throws -> [[UInt8]] {
        let folders =
            [ParseReferenceTests.root.appendingPathComponent("vast-samples")] + (Corpus.isPresent ? [Corpus.iab] : [])
        var found = try folders.flatMap { folder in
            try ParseReferenceTests.documents(in: folder).map { try Array(Data(contentsOf: $0)) }
        }
        let names = (0..<3_000).map { "<\(HostileDocuments.shortName($0))/>" }.joined()
        found += [
            HostileDocuments.billionLaughs(),
            HostileDocuments.twoRoots(),
            HostileDocuments.garbage(seed: 14, count: 4_096),
            HostileDocuments.deepNesting(depth: 300),
            HostileDocuments.utf16WithBOM(HostileDocuments.inlineBody(), bigEndian: true),
            Array((HostileDocuments.declaration + "<VAST version=\"4.2\">" + names + "</VAST>").utf8),
        ]
        return found
    }

    static func parse(_ bytes: [UInt8]) -> Outcome {
        Result { () throws(VASTParseError) -> VASTParseResult in try parser.parse(bytes) }
    }

    @Test func parsesFromSeveralTasksAtOnceGiveTheSerialResults() async throws {
        let documents = try Self.documents()
        // 54 samples and 6 made documents, and 75 IAB documents when the outside corpus is there.
        #expect(documents.count >= (Corpus.isPresent ? 135 : 60))
        let serial = documents.map(Self.parse)
        let tasks = 6
        let differing = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Each task walks the documents from its own starting point, twice, so that
                    // every document follows a different one on each task.
                    var wrong: [Int] = []
                    for step in 0..<(2 * documents.count) {
                        let index = (task * 17 + step * (task + 1)) % documents.count
                        if Self.parse(documents[index]) != serial[index] { wrong.append(index) }
                    }
                    return wrong
                }
            }
            var all: [Int] = []
            for await wrong in group { all += wrong }
            return all.sorted()
        }
        #expect(differing == [])
    }

    @Test func parsesOnSeveralThreadsAtOnceGiveTheSerialResults() throws {
        let documents = try Self.documents()
        let serial = documents.map(Self.parse)
        let threads = 4
        let differing = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in 0..<documents.count {
                let index = (thread * 31 + step * (2 * thread + 1)) % documents.count
                if Self.parse(documents[index]) != serial[index] { differing.withLock { $0.append(index) } }
            }
        }
        #expect(differing.withLock { $0.sorted() } == [])
    }

    /// The name caches outlive a parse only for the context whose names they hold. Here a thread's
    /// context is freed after a parse that leaves the caches small (its dictionary grew past what a
    /// kept context may hold through attribute names, which the element cache never sees), so the
    /// thread's next parse gets a new dictionary, likely at the freed one's addresses, holding other
    /// names there: every next document must still give the answer it gives as a thread's first. Each
    /// sequence runs on a new thread (``onOwnThread(_:)``), which starts with no libxml2 context.
    @Test func aContextReplacedBetweenParsesLeavesNoNameBehind() async throws {
        let folder = ParseReferenceTests.root.appendingPathComponent("vast-samples")
        let samples = try [
            "v42-inline-linear-full", "v30-wrapper-basic", "v41-verification", "v42-companions-all-resources",
            "v20-inline-nonlinear-companion",
        ].map { try Array(Data(contentsOf: folder.appendingPathComponent("\($0).xml"))) }
        // 12 unknown elements of 100 distinct attribute names each: 1,200 names in the dictionary.
        let elements = (0..<12).map { element in
            "<Junk\(element) "
                + (0..<100).map { "\(HostileDocuments.shortName(element * 100 + $0))=\"1\"" }
                .joined(separator: " ") + "/>"
        }
        let manyNames = Array(
            (HostileDocuments.declaration + "<VAST version=\"4.2\">" + elements.joined() + "</VAST>").utf8)
        #expect(Self.parse(manyNames).map(\.document.ads.count) == .success(0))
        var alone: [Outcome] = []
        for sample in samples { alone.append(try await onOwnThread { Self.parse(sample) }) }
        var differing: [String] = []
        for (first, earlier) in samples.enumerated() {
            for (second, later) in samples.enumerated() where second != first {
                let outcome = try await onOwnThread {
                    _ = Self.parse(earlier)
                    _ = Self.parse(manyNames)
                    return Self.parse(later)
                }
                if outcome != alone[second] { differing.append("\(first) then \(second)") }
            }
        }
        #expect(differing == [])
    }

    @Test func aParseStartedFromInsideAParseGivesBothTheirOwnResults() throws {
        let documents = try Self.documents()
        let inner = documents[0]
        let innerAlone = Self.parse(inner)
        let outer = try #require(
            documents.first { bytes in
                (try? Self.parser.parse(bytes))?.document.ads.isEmpty == false
                    && String(decoding: bytes, as: UTF8.self).contains("http")
            })
        let calls = Mutex(0)
        let nesting = VASTParser(
            limits: Self.parser.limits,
            urlValidator: VASTURLValidator { _ in
                calls.withLock { $0 += 1 }
                return Self.parse(inner) == innerAlone ? nil : "the inner parse differed"
            })
        let plain = VASTParser(limits: Self.parser.limits, urlValidator: VASTURLValidator { _ in nil })
        let nested = Result { () throws(VASTParseError) -> VASTParseResult in try nesting.parse(outer) }
        let alone = Result { () throws(VASTParseError) -> VASTParseResult in try plain.parse(outer) }
        #expect(calls.withLock { $0 } > 0)
        #expect(nested == alone)
        #expect(Self.parse(inner) == innerAlone)
    }
}

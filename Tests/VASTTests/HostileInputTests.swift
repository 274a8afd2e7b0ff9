import Foundation
import Testing
import VAST

/// Hostile inputs against the hardened libxml2 parse (DESIGN.md, "libxml2, hardened").
///
/// Every refusal is checked for its kind, IAB code 100, a line where libxml2 gives one, and
/// two safety bounds: under a second of wall time and under 64 MB growth of the peak resident
/// set. These are bounds, not benchmarks; a hardened parse of any of these takes milliseconds.
///
/// Serialized so that one test's allocations do not show in another's peak-memory reading.
/// Set `HOSTILE_TIMINGS=1` to print each parse's time and peak growth.
@Suite("Hostile input", .serialized)
struct HostileInputTests {
    // MARK: External entities and DTDs

    @Test("An external entity naming a file path is refused as a declaration")
    func externalEntityFilePathIsRefused() {
        expectRefused(
            HostileDocuments.externalEntity(systemID: "/etc/passwd"), as: .forbiddenDeclaration, line: .exactly(2))
    }

    @Test("An external entity naming a file:// URL is refused as a declaration")
    func externalEntityFileURLIsRefused() {
        expectRefused(
            HostileDocuments.externalEntity(systemID: "file:///etc/passwd"), as: .forbiddenDeclaration,
            line: .exactly(2))
    }

    @Test("An external entity naming an http URL is refused as a declaration")
    func externalEntityHTTPURLIsRefused() {
        expectRefused(
            HostileDocuments.externalEntity(systemID: "http://127.0.0.1:9/secret"), as: .forbiddenDeclaration,
            line: .exactly(2))
    }

    @Test("An external parameter entity used in the internal subset is refused as a declaration")
    func externalParameterEntityIsRefused() {
        expectRefused(
            HostileDocuments.parameterEntity(systemID: "file:///etc/passwd"), as: .forbiddenDeclaration,
            line: .exactly(2))
    }

    @Test("A DOCTYPE naming an external DTD is refused as a declaration")
    func externalDTDIsRefused() {
        expectRefused(
            HostileDocuments.externalDTD(systemID: "http://127.0.0.1:9/x.dtd"), as: .forbiddenDeclaration,
            line: .exactly(2))
    }

    @Test(
        "No external entity, parameter entity or DTD makes the parser open a connection",
        arguments: ExternalReference.allCases)
    func externalReferencesNeverReachTheNetwork(_ reference: ExternalReference) throws {
        let canary = try #require(LoopbackCanary(), "could not listen on 127.0.0.1")
        let url = "http://127.0.0.1:\(canary.port)/\(reference.rawValue)"
        expectRefused(reference.document(url), as: .forbiddenDeclaration, line: .exactly(2))
        #expect(!canary.wasContacted, "the parser connected to \(url)")
    }

    // MARK: Entity expansion

    @Test("Billion laughs is refused at its DOCTYPE")
    func billionLaughsIsRefused() {
        expectRefused(HostileDocuments.billionLaughs(), as: .forbiddenDeclaration, line: .exactly(2))
    }

    @Test(
        "A 50 KB entity referenced 50,000 times is refused at its DOCTYPE",
        arguments: HostileDocuments.BlowUpSite.allCases)
    func quadraticBlowUpIsRefused(_ site: HostileDocuments.BlowUpSite) {
        let bytes = HostileDocuments.quadraticBlowUp(site: site)
        #expect(bytes.count < VASTParser.Limits.default.maxBytes, "must be the DOCTYPE refusal, not the byte cap")
        expectRefused(bytes, as: .forbiddenDeclaration, line: .exactly(2))
    }

    @Test("A reference to an undeclared entity is malformed")
    func undeclaredEntityReferenceIsMalformed() {
        let bytes = Array((HostileDocuments.declaration + "\n" + HostileDocuments.inlineBody(title: "&x;")).utf8)
        expectRefused(bytes, as: .malformed, line: .exactly(7))
    }

    // MARK: Floods

    @Test("A start tag with 100,000 attributes is refused before parsing")
    func attributeFloodIsRefused() {
        expectRefused(HostileDocuments.attributeFlood(count: 100_000), as: .tooManyAttributes, line: .exactly(2))
    }

    @Test(
        "A start tag with 100,000 attributes is refused whatever the encoding hides its = and \" bytes",
        arguments: HostileDocuments.FloodEncoding.allCases)
    func attributeFloodInOtherEncodingsIsRefused(_ encoding: HostileDocuments.FloodEncoding) throws {
        let bytes = encoding.attributeFlood(count: 100_000)
        try #require(!bytes.isEmpty, "could not encode the document")
        #expect(bytes.count < VASTParser.Limits.default.maxBytes, "must be the attribute cap, not the byte cap")
        // UTF-16 with a BOM is an encoding VAST may use, so the count must see through it. The
        // others may instead be refused outright as encodings a VAST response never uses.
        let kinds: Set<VASTParseError.Code> =
            encoding == .utf16QuoteByte ? [.tooManyAttributes] : [.tooManyAttributes, .malformed]
        let error = expectRefused(bytes, as: kinds, line: .any)
        if encoding == .utf16QuoteByte { #expect(error?.line == 2, "\(String(describing: error))") }
    }

    @Test("100,000 nested elements are malformed at libxml2's depth limit")
    func deepNestingIsMalformed() {
        expectRefused(HostileDocuments.deepNesting(depth: 100_000), as: .malformed, line: .present)
    }

    @Test("A quarter of a million unknown elements, a finding each, parse within the bounds with findings capped")
    func unknownElementFloodStaysBounded() throws {
        // A tenth of the flood first, in the same run: the whole must take about ten times as long (linear in
        // the elements, findings capped), not a hundred (quadratic), whatever the machine's load.
        let tenth = measureParse(HostileDocuments.unknownElementFlood(count: 25_000))
        let bytes = HostileDocuments.unknownElementFlood(count: 250_000)
        let measured = measureParse(bytes)
        expectWithinBounds(measured)
        let ratio = measured.elapsed / max(tenth.elapsed, .milliseconds(1))
        #expect(
            ratio < 30, "ten times the elements took \(ratio) times as long (\(tenth.elapsed), \(measured.elapsed))")
        let result = try measured.value.get()
        // The default cap keeps 1,000 findings (and says how many more there were).
        #expect((1_000...1_001).contains(result.findings.count), "\(result.findings.count) findings kept")
        #expect(try tenth.value.get().findings.count == result.findings.count)
    }

    @Test("A 30 MB text node is too large under the default cap")
    func hugeTextNodeIsTooLarge() {
        expectRefused(HostileDocuments.hugeTextNode(textBytes: 30_000_000), as: .tooLarge, line: .absent)
    }

    @Test("A 30 MB text node under a 64 MiB cap is refused or parsed within bounds")
    func hugeTextNodeUnderRaisedCapStaysBounded() {
        let parser = VASTParser(limits: .init(maxBytes: 64 << 20, maxAttributesPerElement: 128))
        let measured = measureParse(HostileDocuments.hugeTextNode(textBytes: 30_000_000), parser: parser)
        expectWithinBounds(measured)
        if case .failure(let error) = measured.value {
            #expect(error.vastErrorCode.rawValue == 100, "\(error)")
        }
    }

    // MARK: Broken documents

    @Test("A valid sample cut short is malformed", arguments: TruncationPoint.all)
    func truncatedDocumentIsMalformed(_ point: TruncationPoint) throws {
        let sample = try Self.sample("v42-inline-linear-full.xml")
        let cut = try #require(point.offset(in: sample), "marker \(point.marker) not in the sample")
        expectRefused(Array(sample[..<cut]), as: .malformed, line: .present)
    }

    @Test("A NUL byte inside text is malformed")
    func nulByteIsMalformed() {
        expectRefused(HostileDocuments.withRawByte(0), as: .malformed, line: .exactly(HostileDocuments.rawByteLine))
    }

    @Test("Undeclared Latin-1 bytes are malformed UTF-8")
    func undeclaredLatin1IsMalformed() {
        expectRefused(HostileDocuments.undeclaredLatin1(), as: .malformed, line: .exactly(6))
    }

    @Test("An unknown declared encoding is malformed")
    func unknownEncodingIsMalformed() {
        expectRefused(HostileDocuments.unknownEncoding(), as: .malformed, line: .exactly(1))
    }

    @Test("Two root elements are malformed")
    func twoRootsAreMalformed() {
        expectRefused(HostileDocuments.twoRoots(), as: .malformed, line: .exactly(3))
    }

    @Test("An empty document is refused as empty")
    func emptyDocumentIsEmpty() {
        expectRefused([], as: .empty, line: .absent)
    }

    @Test("A document of only whitespace is malformed")
    func whitespaceOnlyIsMalformed() {
        expectRefused(Array(" \n\t\r\n   \n".utf8), as: .malformed, line: .present)
    }

    @Test("Seeded binary garbage is malformed", arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64], [false, true])
    func binaryGarbageIsMalformed(seed: UInt64, afterRoot: Bool) {
        let prefix = afterRoot ? Array("<VAST version=\"4.2\">".utf8) : []
        expectRefused(prefix + HostileDocuments.garbage(seed: seed, count: 4096), as: .malformed, line: .present)
    }

    @Test("An element name longer than libxml2's name limit is malformed")
    func overlongNameIsMalformed() {
        let name = String(repeating: "n", count: 100_000)
        let bytes = Array((HostileDocuments.declaration + "\n<VAST version=\"4.2\"><\(name)/></VAST>").utf8)
        expectRefused(bytes, as: .malformed, line: .exactly(2))
    }

    // MARK: Positive controls

    @Test("A valid UTF-16 document with a byte-order mark parses like its UTF-8 original", arguments: [false, true])
    func utf16WithBOMParses(bigEndian: Bool) throws {
        let utf8 = try Self.sample("v42-inline-linear-full.xml")
        let text = String(decoding: utf8, as: UTF8.self)
            .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="UTF-16""#)
        let expected = try VASTParser().parse(utf8)
        let measured = measureParse(HostileDocuments.utf16WithBOM(text, bigEndian: bigEndian))
        expectWithinBounds(measured)
        let result = try measured.value.get()
        #expect(result == expected)
        #expect(result.document.ads.count == 1)
    }

    @Test("A DOCTYPE inside an HTMLResource's CDATA is text and is accepted")
    func doctypeInsideCDATAIsAccepted() throws {
        let html = "<!DOCTYPE html><html><head><title>x</title></head><body>Soylent</body></html>"
        let sample = String(decoding: try Self.sample("v42-inline-linear-full.xml"), as: UTF8.self)
        let original = #"<div class="logo">Soylent</div>"#
        try #require(sample.contains(original))
        let measured = measureParse(Array(sample.replacingOccurrences(of: original, with: html).utf8))
        expectWithinBounds(measured)
        let result = try measured.value.get()
        let icons = result.document.ads.first?.creatives.first?.linear?.icons ?? []
        #expect(
            icons.contains { $0.resources.contains(.html(html)) },
            "the HTML resource should be the CDATA text as written")
    }

    @Test("Declarations written inside a comment are not declarations and are accepted")
    func declarationsInsideCommentAreAccepted() throws {
        let comment = #"<!-- <!DOCTYPE VAST [<!ENTITY x SYSTEM "file:///etc/passwd">]> &x; -->"#
        let bytes = Array((HostileDocuments.declaration + "\n" + comment + "\n" + HostileDocuments.inlineBody()).utf8)
        let measured = measureParse(bytes)
        expectWithinBounds(measured)
        let result = try measured.value.get()
        #expect(result.document.ads.first?.inLine?.adTitle == "Hostile")
    }
}

// MARK: - The harness itself

@Suite("Hostile input harness", .serialized)
struct HostileInputHarnessTests {
    @Test("The peak-memory probe sees a 48 MB allocation made between its readings")
    func peakProbeSeesAnAllocation() throws {
        PeakMemory.resetPeak()
        let before = try #require(PeakMemory.current(), "no VmHWM in /proc/self/status")
        let touched = [UInt8](repeating: 1, count: 48 << 20)
        let after = try #require(PeakMemory.current())
        #expect(touched.count == 48 << 20)
        #expect(after - before >= 40 << 20, "the peak grew by \((after - before) >> 20) MiB only")
    }
}

// MARK: - Cases

/// The three ways a document can name something outside itself.
enum ExternalReference: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case entity, parameterEntity, dtd

    func document(_ url: String) -> [UInt8] {
        switch self {
        case .entity: HostileDocuments.externalEntity(systemID: url)
        case .parameterEntity: HostileDocuments.parameterEntity(systemID: url)
        case .dtd: HostileDocuments.externalDTD(systemID: url)
        }
    }

    var testDescription: String {
        switch self {
        case .entity: "external entity"
        case .parameterEntity: "external parameter entity"
        case .dtd: "external DTD"
        }
    }
}

/// Where to cut the sample: just after the first occurrence of `marker`'s first `offset` bytes.
struct TruncationPoint: Sendable, CustomTestStringConvertible {
    var name: String
    var marker: String
    var offset: Int

    func offset(in bytes: [UInt8]) -> Int? {
        let pattern = Array(marker.utf8)
        guard pattern.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - pattern.count)
        where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start + offset
        }
        return nil
    }

    var testDescription: String { name }

    static let all: [TruncationPoint] = [
        .init(name: "inside the XML declaration", marker: "<?xml", offset: 5),
        .init(name: "inside the leading comment", marker: "VAST 4.2 in-line", offset: 4),
        .init(name: "after the prolog, before the root", marker: "<VAST ", offset: 0),
        .init(name: "inside the root's start tag", marker: "<VAST ", offset: 9),
        .init(name: "inside an attribute value", marker: #"id="v42-linear-040""#, offset: 7),
        .init(name: "inside a CDATA section", marker: "https://ads.example.com/v42/impression", offset: 10),
        .init(name: "inside an end tag", marker: "</InLine>", offset: 4),
        .init(name: "before the root's end tag", marker: "</VAST>", offset: 0),
        .init(name: "one byte short of the root's end tag", marker: "</VAST>", offset: 6),
    ]
}

// MARK: - Measuring

/// What a measured call returned, how long it took and how much the peak resident set grew.
struct Measured<Value> {
    var value: Value
    var elapsed: Duration
    var peakGrowthBytes: Int
}

/// The safety bounds every hostile parse must stay within.
enum HostileBounds {
    /// A hardened parse of any of these takes milliseconds to a few hundred; the wrong behaviour (an
    /// expanded entity, a quadratic walk, a wait for the network) takes minutes or runs out of memory. The
    /// bound is generous so that it measures the parse, not a loaded two-core machine running the other
    /// suites in parallel; the refusal itself (kind, code, line) is asserted exactly beside it, and the
    /// flood's growth with its size is held to a same-run ratio (`unknownElementFloodStaysBounded`).
    static let time: Duration = .seconds(5)
    static let peakGrowthBytes = 64 << 20
}

extension HostileInputTests {
    /// Runs one parse, timing it with `ContinuousClock` and reading `VmHWM` around it. Inputs
    /// are built before the call, so their own memory is not counted.
    func measureParse(
        _ bytes: [UInt8], parser: VASTParser = VASTParser(),
        name: String = #function
    ) -> Measured<Result<VASTParseResult, VASTParseError>> {
        PeakMemory.resetPeak()
        let before = PeakMemory.current() ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        let value = Result { () throws(VASTParseError) -> VASTParseResult in try parser.parse(bytes) }
        let elapsed = clock.now - start
        let growth = max(0, (PeakMemory.current() ?? 0) - before)
        if ProcessInfo.processInfo.environment["HOSTILE_TIMINGS"] != nil {
            let outcome =
                switch value {
                case .success: "parsed"
                case .failure(let error): "\(error.code): \(error.message.prefix(100))"
                }
            print("[hostile] \(name) \(bytes.count) B: \(elapsed), peak +\(growth >> 10) KiB -> \(outcome)")
        }
        return Measured(value: value, elapsed: elapsed, peakGrowthBytes: growth)
    }

    func expectWithinBounds<Value>(_ measured: Measured<Value>, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(measured.elapsed < HostileBounds.time, "took \(measured.elapsed)", sourceLocation: sourceLocation)
        #expect(
            measured.peakGrowthBytes < HostileBounds.peakGrowthBytes,
            "peak resident set grew by \(measured.peakGrowthBytes >> 20) MiB", sourceLocation: sourceLocation)
    }

    /// What a refusal must say about its line.
    enum LineExpectation {
        case absent, present
        case exactly(Int)
        /// Not checked (the caller checks it, or it depends on which refusal applies).
        case any
    }

    /// Parses `bytes` and expects a refusal of `kind` with IAB code 100, within the bounds.
    @discardableResult
    func expectRefused(
        _ bytes: [UInt8], as kind: VASTParseError.Code, parser: VASTParser = VASTParser(),
        line: LineExpectation, name: String = #function,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> VASTParseError? {
        expectRefused(bytes, as: [kind], parser: parser, line: line, name: name, sourceLocation: sourceLocation)
    }

    /// Parses `bytes` and expects a refusal of one of `kinds` with IAB code 100, within the bounds.
    @discardableResult
    func expectRefused(
        _ bytes: [UInt8], as kinds: Set<VASTParseError.Code>, parser: VASTParser = VASTParser(),
        line: LineExpectation, name: String = #function,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> VASTParseError? {
        let measured = measureParse(bytes, parser: parser, name: name)
        expectWithinBounds(measured, sourceLocation: sourceLocation)
        guard case .failure(let error) = measured.value else {
            Issue.record(
                "parsed, but should have been refused as \(kinds.map(\.description).sorted())",
                sourceLocation: sourceLocation)
            return nil
        }
        #expect(kinds.contains(error.code), "\(error)", sourceLocation: sourceLocation)
        #expect(error.vastErrorCode.rawValue == 100, "\(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        switch line {
        case .absent: #expect(error.line == nil, "\(error)", sourceLocation: sourceLocation)
        case .present: #expect(error.line != nil, "\(error)", sourceLocation: sourceLocation)
        case .exactly(let expected): #expect(error.line == expected, "\(error)", sourceLocation: sourceLocation)
        case .any: break
        }
        return error
    }

    /// The repository root: this file is Tests/VASTTests/HostileInputTests.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: repositoryRoot.appendingPathComponent("vast-samples").appendingPathComponent(name)))
    }
}

import AdLifecycle
import Foundation
import Testing

@Suite struct OrderingContractTests {
    static let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/AdLifecycle/ORDERING.md")

    @Test func theDocumentsTablesMatchTheContractData() throws {
        let generated = OrderingContract.markdown()
        if ProcessInfo.processInfo.environment["UPDATE_ORDERING_DOC"] != nil {
            try generated.write(to: Self.docURL, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: Self.docURL, encoding: .utf8)
        #expect(
            written == generated,
            "ORDERING.md is stale: run UPDATE_ORDERING_DOC=1 swift test --filter OrderingContractTests")
    }

    @Test func everyRuleHasAUniqueIdAndAppearsInTheDocument() throws {
        let ids = OrderingContract.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        let written = try String(contentsOf: Self.docURL, encoding: .utf8)
        for id in ids { #expect(written.contains("| `\(id)` |"), "\(id) missing from ORDERING.md") }
    }

    @Test func theDocumentedLegalNextPhasesMatchTheTables() {
        #expect(UnitLifecycle.contract.legalNextPhases(from: .inline) == [.presenting, .expired, .failed])
        #expect(UnitLifecycle.contract.legalNextPhases(from: .dismissed) == [])
        #expect(
            VideoLifecycle.contract.legalNextPhases(from: .paused) == [
                .playing, .completed, .skipped, .interrupted, .closed,
            ])
        #expect(VideoLifecycle.contract.legalNextPhases(from: .completed) == [])
        #expect(
            MRAIDLifecycle.contract.legalNextPhases(from: .resized) == [.resizing, .expanding, .collapsing, .unloaded])
        #expect(MRAIDLifecycle.contract.legalNextPhases(from: .hidden) == [.unloaded])
        #expect(MRAIDLifecycle.contract.legalNextPhases(from: .unloaded) == [])
    }

    /// The transition tables are the only place a phase change is written: each lifecycle's `send` moves
    /// to the phase its table names, and no handler assigns one.
    @Test func phaseChangesAreWrittenOnlyFromTheTransitionTables() throws {
        let sources = Self.docURL.deletingLastPathComponent()
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var assignments: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for line in lines where line.contains(".phase = ") {
                assignments.append(file.lastPathComponent + ": " + line.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(
            assignments.sorted() == [
                "MRAIDLifecycle.swift: state.phase = Self.contract.next(input.kind, from: state.phase)",
                "UnitLifecycle.swift: state.phase = Self.contract.next(input.kind, from: state.phase, guardHeld: guardHeld)",
                "VideoLifecycle.swift: state.phase = Self.contract.next(input.kind, from: state.phase)",
            ])
    }
}

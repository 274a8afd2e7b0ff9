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
}

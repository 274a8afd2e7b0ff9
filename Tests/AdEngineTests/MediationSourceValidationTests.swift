import AdEngine
import Testing

/// `AdSource.validate` names the first bad field of a list.
@Suite struct MediationSourceValidationTests {
    private func field(_ sources: [AdSource]) -> String? {
        do {
            try AdSource.validate(sources)
            return nil
        } catch {
            return error.field
        }
    }

    private let good = AdSource.tag("good", template: "https://ads.example/vast?cb=[CACHEBUSTING]")

    @Test func aValidListPasses() {
        #expect(field([good, .document("house", tier: 3, xml: "<VAST version=\"4.2\"/>")]) == nil)
    }

    @Test func eachBadFieldIsNamed() {
        #expect(field([]) == "sources")
        #expect(field([good, .tag("", template: "https://x")]) == "sources[1].name")
        #expect(field([good, .tag("good", tier: 1, template: "https://x")]) == "sources[1].name")
        #expect(field([.tag("t", tier: -1, template: "https://x")]) == "sources[0].tier")
        #expect(field([.tag("t", template: "https://x", timeout: .zero)]) == "sources[0].timeout")
        #expect(field([.tag("t", template: "https://x", timeout: .milliseconds(-5))]) == "sources[0].timeout")
        #expect(field([.tag("t", template: "ftp://x")]) == "sources[0].kind")
        #expect(field([.document("d", xml: "")]) == "sources[0].kind")
    }

    @Test func theMessageSaysWhatToDo() throws {
        let error = try #require(throws: AdSourceError.self) {
            try AdSource.validate([good, .tag("good", template: "https://x")])
        }
        #expect(error.description == "sources[1].name: duplicate name \"good\" (also sources[0]): names must be unique")
    }

    @Test func outcomeRawValuesAreStable() {
        #expect(
            SourceReport.Outcome.allCases.map(\.rawValue)
                == ["won", "filledLost", "noFill", "noFit", "error", "timeout", "cancelled", "notTried"])
    }
}

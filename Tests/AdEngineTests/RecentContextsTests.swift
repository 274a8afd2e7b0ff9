import AdPlacement
import Testing

@testable import AdEngine

/// The engine's memory of its recent requests' contexts: the newest 1,000, oldest forgotten first.
@Suite struct RecentContextsTests {
    static func context(_ id: String, adId: String? = nil) -> AdEventContext {
        AdEventContext(
            requestID: id, placement: .storiesBetweenPages, collectionId: nil, itemId: nil, adId: adId,
            presentation: .default)
    }

    @Test func theOldestRequestsAreForgottenOneByOnePastAThousand() {
        let contexts = RecentContexts()
        for index in 0..<1_000 { contexts["r\(index)"] = Self.context("r\(index)") }
        #expect(contexts["r0"]?.requestID == "r0")
        #expect(contexts["r999"]?.requestID == "r999")
        contexts["r1000"] = Self.context("r1000")
        #expect(contexts["r0"] == nil)
        #expect(contexts["r1"]?.requestID == "r1")
        contexts["r1001"] = Self.context("r1001")
        #expect(contexts["r1"] == nil)
        #expect(contexts["r2"]?.requestID == "r2")
        // Past a second wrap of the list, order still holds: the 1,000 newest are there, no older one.
        for index in 1_002..<3_005 { contexts["r\(index)"] = Self.context("r\(index)") }
        #expect((0..<2_005).filter { contexts["r\($0)"] != nil } == [])
        #expect((2_005..<3_005).allSatisfy { contexts["r\($0)"]?.requestID == "r\($0)" })
    }

    @Test func updatingAKnownRequestForgetsNothingAndKeepsItsPlace() {
        let contexts = RecentContexts()
        for index in 0..<1_000 { contexts["r\(index)"] = Self.context("r\(index)") }
        contexts["r0"] = Self.context("r0", adId: "ad-1")
        #expect(contexts["r0"]?.adId == "ad-1")
        #expect(contexts["r999"] != nil)
        // r0 is still the oldest: the next new request forgets it.
        contexts["r1000"] = Self.context("r1000")
        #expect(contexts["r0"] == nil)
        #expect(contexts["r1"] != nil)
    }

    @Test func aPodAdsInstanceFindsItsRequest() {
        let contexts = RecentContexts()
        contexts["req-7"] = Self.context("req-7")
        #expect(contexts["req-7-2"]?.requestID == "req-7")
        #expect(contexts["other-2"] == nil)
    }
}

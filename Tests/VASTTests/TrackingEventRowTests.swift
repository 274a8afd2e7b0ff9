import Testing

@testable import VAST

/// The parser's written-out table of tracking event names against the per-version sets it is read
/// from: the same names, sorted, each with exactly the versions whose set holds it. A name added to
/// (or taken from) a version's set, or a bit set wrong, fails here.
@Suite struct TrackingEventRowTests {
    @Test func theTableIsTheSetsWrittenOut() {
        let rows = VASTSpecRules.trackingEventRows
        let names = rows.map { $0.name.description }
        #expect(names == VASTSpecRules.allTrackingEvents.sorted())
        #expect(Set(names).count == rows.count, "no name twice")
        for row in rows {
            let name = row.name.description
            for version in VASTVersion.allCases {
                let bit = VASTSpecRules.trackingEventBit(of: version)
                #expect(
                    (row.versions & bit != 0) == VASTSpecRules.trackingEvents(in: version).contains(name),
                    "\(name) in VAST \(version.rawValue)")
            }
            #expect(row.versions & 0b1100_0000 == 0, "\(name): a bit of no version")
            #expect(row.name.isASCII && row.name.hasPointerRepresentation, "\(name) is ASCII bytes")
        }
    }

    @Test func eachVersionHasItsOwnBit() {
        let bits = VASTVersion.allCases.map { VASTSpecRules.trackingEventBit(of: $0) }
        #expect(Set(bits).count == bits.count)
        #expect(bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }
}

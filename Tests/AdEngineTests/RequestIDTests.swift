import Foundation
import Testing

@testable import AdEngine

/// A getAd call's identifier: a random UUID of RFC 9562's version 4, in `UUID.uuidString` form.
@Suite struct RequestIDTests {
    @Test func theVersionAndVariantBitsAreSetWhateverTheRandomBits() {
        // RFC 9562 section 5.4: version 0b0100 in the high nibble of byte 6, variant 0b10 at the
        // top of byte 8; every other bit is the generator's.
        #expect(RequestID.make(high: 0, low: 0) == "00000000-0000-4000-8000-000000000000")
        #expect(RequestID.make(high: .max, low: .max) == "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
        #expect(
            RequestID.make(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
                == "01234567-89AB-4DEF-BEDC-BA9876543210")
    }

    @Test func tenThousandAreDistinctVersionFourUUIDs() throws {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = RequestID.make()
            let uuid = try #require(UUID(uuidString: id), "\(id) is not a UUID")
            #expect(uuid.uuidString == id)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4, "version of \(id)")
            #expect(bytes[8] >> 6 == 0b10, "variant of \(id)")
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }
}

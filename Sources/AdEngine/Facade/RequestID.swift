import FoundationEssentials

/// The identifier of one `getAd` call: its events' `requestID` and its ad's instance ID (the key
/// under which the beacon store tells a beacon from a duplicate, across launches too).
///
/// A random (version 4) UUID, RFC 9562 section 5.4: 122 random bits from the system's generator
/// (`getrandom(2)` on Linux), formatted as `UUID.uuidString` formats it. `UUID()` gives the same,
/// but on Linux it opens, reads and closes `/dev/urandom` on every call, which costs about 35 µs
/// more per call after a response's wait (measured; see Tools/bench-getad/README.md).
enum RequestID {
    /// A new random identifier, in upper-case 8-4-4-4-12 hex form.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(high: generator.next(), low: generator.next())
    }

    /// The identifier made of 128 given bits, with its version (4) and variant (`10`) bits set.
    static func make(high: UInt64, low: UInt64) -> String {
        let high = (high & ~0xF000) | 0x4000  // version 4: the high nibble of byte 6
        let low = (low & ~(0b11 << 62)) | (0b10 << 62)  // variant 10 in the top bits of byte 8
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes).uuidString
    }
}

/// A reader over one fuzz input: fixed-size numbers from the front, then the rest split into parts.
///
/// Reading past the end yields zeros, so every input, even an empty one, reads as some value: the
/// fuzzer never wastes executions on inputs a harness would refuse for being short.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// The separator between the textual parts of an input (a request and documents, three JSON files...).
    static let separator: [UInt8] = Array("\n--8<--\n".utf8)

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A little-endian signed 16-bit number, widened.
    mutating func int16() -> Int {
        let low = UInt16(byte())
        return Int(Int16(bitPattern: low | UInt16(byte()) << 8))
    }

    /// A little-endian signed 32-bit number, widened.
    mutating func int32() -> Int {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
        return Int(Int32(bitPattern: value))
    }

    /// Everything not read yet.
    var rest: [UInt8] { offset < bytes.count ? Array(bytes[offset...]) : [] }

    /// The unread bytes split at every ``separator``, at most `limit` parts (the last keeps the remainder).
    func parts(limit: Int) -> [[UInt8]] { Self.split(rest, limit: limit) }

    static func split(_ bytes: [UInt8], limit: Int) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < limit - 1 {
            if bytes[index] == separator[0], Array(bytes[index..<(index + separator.count)]) == separator {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }
}

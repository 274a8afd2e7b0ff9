import FoundationEssentials

/// Reads a JSON object into Swift values for code that looks members up by name (`body["seq"] as? Int`),
/// with FoundationEssentials' `JSONDecoder` (and its own bounds on depth) where Foundation's
/// `JSONSerialization` is not available.
///
/// Members become `String`, `Bool`, `Int` (a number that is a whole `Int`), `Double` (any other number),
/// `[Any]`, `[String: Any]` or ``Null``: as with `JSONSerialization`, a `null` is a value of its own, so a
/// list holding one is not a `[String]`.
enum JSONObjectReader {
    /// A JSON `null`.
    struct Null {}

    /// The object `bytes` hold, or `nil` when they are not one JSON object.
    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONDecoder().decode([String: Member].self, from: Data(bytes)))?.mapValues(\.value)
    }

    private struct Member: Decodable {
        let value: Any

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = Null()
            } else if let bool = try? container.decode(Bool.self) {
                value = bool
            } else if let integer = try? container.decode(Int.self) {
                value = integer
            } else if let number = try? container.decode(Double.self) {
                value = number
            } else if let string = try? container.decode(String.self) {
                value = string
            } else if let list = try? container.decode([Member].self) {
                value = list.map(\.value)
            } else {
                value = try container.decode([String: Member].self).mapValues(\.value)
            }
        }
    }
}

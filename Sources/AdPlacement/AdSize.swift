import VAST

/// A width and height in points (or pixels, for VAST creative sizes).
///
/// Decoded from JSON (`{"width": 390, "height": 844}`), each side must be a whole number inside
/// `VASTValueBounds/pixels` (0 to 16,384); a value outside is an ``AdRequestError`` naming the
/// field. Values built in code are not checked; code that does arithmetic on a size checks
/// ``isWithinBounds`` first.
public struct AdSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether both sides are inside `VASTValueBounds/pixels`.
    public var isWithinBounds: Bool {
        VASTValueBounds.pixels.contains(width) && VASTValueBounds.pixels.contains(height)
    }

    public var description: String { "\(width)x\(height)" }

    private enum CodingKeys: String, CodingKey {
        case width, height
    }

    /// Decodes a size; each side must be a whole number from 0 to 16,384.
    /// - Throws: ``AdRequestError`` naming the side that is out of range; `DecodingError` for the wrong shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try AdRequestError.decodeBounded(container, .width, in: VASTValueBounds.pixels)
        height = try AdRequestError.decodeBounded(container, .height, in: VASTValueBounds.pixels)
    }
}

/// A width and height in points (or pixels, for VAST creative sizes).
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

    public var description: String { "\(width)x\(height)" }
}

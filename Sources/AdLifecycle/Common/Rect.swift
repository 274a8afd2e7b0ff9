/// A frame in points: origin at the top left, y growing downwards (UIKit's convention).
///
/// A plain value so the pure core stays free of CoreGraphics, which Linux lacks.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width, never negative in a valid frame.
    public var width: Double
    /// The height, never negative in a valid frame.
    public var height: Double

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }

    /// True when `other` lies wholly inside this frame (edges included).
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public var description: String { "(\(x), \(y), \(width) x \(height))" }
}

/// A point in whole pixels, for `[CLICKPOS]`.
public struct ClickPoint: Sendable, Hashable, Codable {
    /// Pixels from the left edge.
    public var x: Int
    /// Pixels from the top edge.
    public var y: Int

    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

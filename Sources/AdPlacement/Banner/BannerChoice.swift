public import VAST

/// The creative chosen for a bottom banner, the resource to render, and the size to render it at.
public struct BannerChoice: Sendable, Hashable {
    /// The chosen element, as the InLine holds it.
    public enum Creative: Sendable, Hashable {
        /// A `<Companion>`.
        case companion(VASTCompanion)
        /// A `<NonLinear>`.
        case nonLinear(VASTNonLinear)
    }

    /// The chosen companion or non-linear.
    public var creative: Creative
    /// The index of its `<Creative>` in `ResolvedAd.inLine.creatives`.
    public var creativeIndex: Int
    /// Its index among that creative's companions or non-linears.
    public var elementIndex: Int
    /// The resource to render.
    public var resource: VASTResource
    /// The size the creative declares (`width` x `height`).
    public var declaredSize: AdSize
    /// The size to render it at: at most `maxHeight` high (and `maxWidth` wide when given).
    public var size: AdSize

    /// Creates a choice.
    public init(
        creative: Creative, creativeIndex: Int, elementIndex: Int, resource: VASTResource, declaredSize: AdSize,
        size: AdSize
    ) {
        self.creative = creative
        self.creativeIndex = creativeIndex
        self.elementIndex = elementIndex
        self.resource = resource
        self.declaredSize = declaredSize
        self.size = size
    }

    /// Whether ``size`` differs from ``declaredSize`` (scaled down, or an HTML companion shown at its
    /// asset size).
    public var isResized: Bool { size != declaredSize }
}

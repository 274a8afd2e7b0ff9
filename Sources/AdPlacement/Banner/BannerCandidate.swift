import VAST

/// One way to render a banner-capable element: a resource and the sizes it may take.
struct BannerCandidate {
    /// How a candidate may be resized to fit.
    enum Resizing {
        /// Only at one of the listed sizes, in order of preference.
        case fixed([AdSize])
        /// Scaled down, keeping the declared aspect ratio.
        case proportional
        /// Scaled down in each direction independently (`scalable` without `maintainAspectRatio`).
        case free
    }

    var creative: BannerChoice.Creative
    var creativeIndex: Int
    var elementIndex: Int
    var resource: VASTResource
    var declaredSize: AdSize?
    var resizing: Resizing
    /// The element's attributes outside `VASTValueBounds`; a candidate with any never fits.
    var outOfBounds: [String] = []

    /// The largest size the candidate can take within the bounds, or `nil` when it cannot fit.
    ///
    /// The caller keeps `maxHeight` and `maxWidth` inside `VASTValueBounds/pixels`; with the
    /// declared sizes inside it too, no product or quotient here can overflow.
    func fittedSize(maxHeight: Int, maxWidth: Int?) -> AdSize? {
        guard outOfBounds.isEmpty, let declared = declaredSize, declared.width > 0, declared.height > 0, maxHeight > 0
        else { return nil }
        let maxWidth = maxWidth ?? Int.max
        func fits(_ size: AdSize) -> Bool {
            size.width >= 1 && size.height >= 1 && size.height <= maxHeight && size.width <= maxWidth
        }
        switch resizing {
        case .fixed(let sizes):
            return sizes.first(where: fits)
        case .free:
            let size = AdSize(width: min(declared.width, maxWidth), height: min(declared.height, maxHeight))
            return fits(size) ? size : nil
        case .proportional:
            if fits(declared) { return declared }
            // Integer cross-multiplication finds the binding side exactly; the other side rounds down.
            let (width, height) = (declared.width, declared.height)
            let scaled =
                maxHeight.multipliedFullWidth(by: width) <= maxWidth.multipliedFullWidth(by: height)
                ? AdSize(width: width * maxHeight / height, height: maxHeight)
                : AdSize(width: maxWidth, height: height * maxWidth / width)
            return fits(scaled) ? scaled : nil
        }
    }

    /// A short account of the candidate for error messages, for example `companion 1.0 300x250 html`.
    var summary: String {
        let kind: String
        switch creative {
        case .companion: kind = "companion"
        case .nonLinear: kind = "non-linear"
        }
        let size =
            outOfBounds.isEmpty
            ? declaredSize.map(\.description) ?? "(no size)"
            : "(\(outOfBounds.joined(separator: ", ")) out of bounds)"
        let how: String
        switch resizing {
        case .fixed(let sizes) where sizes.count > 1: how = "fixed, or \(sizes[1]) asset size"
        case .fixed: how = "fixed size"
        case .proportional: how = "scalable"
        case .free: how = "scalable, aspect ratio free"
        }
        return "\(kind) \(creativeIndex).\(elementIndex) \(size) \(Self.name(of: resource)) (\(how))"
    }

    static func name(of resource: VASTResource) -> String {
        switch resource {
        case .staticResource: "static"
        case .iframe: "iframe"
        case .html: "html"
        }
    }
}

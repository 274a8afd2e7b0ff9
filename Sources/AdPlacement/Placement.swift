/// An ad slot of a product: where in the experience an ad may appear.
///
/// A `RawRepresentable` struct rather than an enum so that a request or a tenant document naming a
/// placement this SDK does not know still decodes; the policy then answers
/// ``PlacementDecision/Reason/placementUnknown`` instead of failing the whole load. The raw value is the
/// name used in JSON (request `placement`, tenant `placements` keys).
public struct Placement: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The placement's name, for example `clipsPreRoll`.
    public var rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Clips: the opening pre-roll, shown once when a Clips presentation opens.
    public static let clipsPreRoll = Self(rawValue: "clipsPreRoll")
    /// Clips: a full-screen ad between two clips of the feed.
    public static let clipsBetweenItems = Self(rawValue: "clipsBetweenItems")
    /// Clips: a banner under the player, sized to fit a `maxHeight`.
    public static let clipsBottomBanner = Self(rawValue: "clipsBottomBanner")
    /// Stories: a full-screen ad between two pages.
    public static let storiesBetweenPages = Self(rawValue: "storiesBetweenPages")

    /// Every placement this SDK knows, in a stable order.
    public static let known: [Placement] = [
        .clipsPreRoll, .clipsBetweenItems, .clipsBottomBanner, .storiesBetweenPages,
    ]

    /// How the placement's ads are shown (a full-screen video, or a bottom banner within a height), or
    /// `nil` for a placement this SDK does not know: which `getAd` call may ask for it.
    public var format: AdFormat.Kind? {
        switch self {
        case .clipsPreRoll, .clipsBetweenItems, .storiesBetweenPages: .fullScreenVideo
        case .clipsBottomBanner: .bottomBanner
        default: nil
        }
    }

    /// The product the placement belongs to, or `nil` for a placement this SDK does not know.
    public var product: AdProduct? {
        switch self {
        case .clipsPreRoll, .clipsBetweenItems, .clipsBottomBanner: .clips
        case .storiesBetweenPages: .stories
        default: nil
        }
    }
}

/// The product an ad request comes from.
public enum AdProduct: String, Sendable, Hashable, Codable, CaseIterable {
    /// A feed of short vertical videos.
    case clips
    /// Stories made of pages.
    case stories
}

public import Foundation

/// What a request asks to show, and so what every source's ad must fit: a full-screen video or a bottom
/// banner within a height.
///
/// One value carries all a fit needs, so it can reach every source of a mediation unchanged; ``fit(_:)``
/// chooses the creative of an ad to show in it, or says why none can be.
public enum AdFormat: Sendable, Hashable {
    /// A full-screen video (pre-roll, between items, between pages): the ad needs a Linear with a media
    /// file of one of `supportedMediaTypes` (the player's, best first); `playerSize`, when known, picks
    /// the file closest to it (``MediaFileSelector``).
    case fullScreenVideo(supportedMediaTypes: [String], playerSize: AdSize?)
    /// A bottom banner at most `maxHeight` points high (a finite number, at least 1; a fraction is kept,
    /// so a 50-point banner fits 50.5 and not 49.99) and, when given, at most `maxWidth` wide
    /// (``BottomBanner``).
    case bottomBanner(maxHeight: CGFloat, maxWidth: Int?)

    /// Which of the two formats, without their values.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``AdFormat/fullScreenVideo(supportedMediaTypes:playerSize:)``.
        case fullScreenVideo
        /// ``AdFormat/bottomBanner(maxHeight:maxWidth:)``.
        case bottomBanner
    }

    /// Which of the two formats this is.
    public var kind: Kind {
        switch self {
        case .fullScreenVideo: .fullScreenVideo
        case .bottomBanner: .bottomBanner
        }
    }
}

/// Which creative of the ad a session plays, by its place in `ResolvedAd.inLine.creatives`.
///
/// The facade takes it from the placement's choice (the selected media file's Linear, or the banner the
/// height allowed); fixtures and the CLI name it directly.
public enum SessionCreative: Sendable, Hashable, Codable {
    /// The Linear of creative `creative`, playing `assetURI` (fills `[ASSETURI]`).
    case linear(creative: Int, assetURI: String?)
    /// Companion `companion` of creative `creative`, shown alone (a bottom banner).
    case companion(creative: Int, companion: Int)
    /// NonLinear `nonLinear` of creative `creative`, an overlay.
    case nonLinear(creative: Int, nonLinear: Int)

    /// The creative's index.
    public var creativeIndex: Int {
        switch self {
        case .linear(let creative, _), .companion(let creative, _), .nonLinear(let creative, _): creative
        }
    }

    /// True for a linear video.
    public var isLinear: Bool {
        if case .linear = self { return true }
        return false
    }
}

public import AdLifecycle
public import FoundationEssentials
import VAST

/// What a fixture fixes before its first input, so that every output is exact: the ad instance, the
/// clock and random source behind `[TIMESTAMP]` and `[CACHEBUSTING]`, the player's initial state, and
/// MRAID's placement and geometry.
public struct FixtureSetup: Sendable, Hashable {
    /// The ad instance every beacon is stamped with (default `ad-1`).
    public var adInstanceID = "ad-1"
    /// The media file, for `[ASSETURI]` (default none: the macro is left as written).
    public var assetURI: String?
    /// The instant of `at: 0`; a step's time is this plus its `at` (default 2024-01-01T00:00:00.000Z).
    public var clock = Date(timeIntervalSince1970: 1_704_067_200)
    /// The zone `[TIMESTAMP]` is written in (default UTC).
    public var timeZone = TimeZone.gmt
    /// The random values behind `[CACHEBUSTING]`, one per URL that carries the macro, in firing order,
    /// starting again from the first when used up (default `[42]`: always `10000042`).
    public var random: [UInt64] = [42]
    /// Video: whether the player starts muted.
    public var startsMuted = false
    /// Video: whether the player starts expanded (fullscreen).
    public var startsExpanded = false
    /// MRAID: inline or interstitial (default inline).
    public var placement = MRAIDPlacement.inline
    /// MRAID: the screen, max-size area and default frame (required for MRAID).
    public var geometry: MRAIDGeometry?

    /// The default setup.
    public init() {}

    /// The instant of a step `at` milliseconds after the start.
    public func date(at milliseconds: Int) -> Date {
        let start = (clock.timeIntervalSince1970 * 1000).rounded()
        return Date(timeIntervalSince1970: (start + Double(milliseconds)) / 1000)
    }

    static func parse(_ value: JSONValue?, at path: String, for controller: FixtureController) throws(FixtureError)
        -> Self
    {
        var setup = Self()
        guard let value else {
            guard controller != .mraid else {
                throw FixtureError(
                    .missingField, path: path, message: "missing: MRAID needs `geometry` (and `placement`)")
            }
            return setup
        }
        var fields = try FieldReader(value, at: path)
        switch controller {
        case .unit, .video:
            setup.adInstanceID = try fields.optionalString("adInstanceID") ?? setup.adInstanceID
            setup.assetURI = try fields.optionalString("assetURI")
            if let text = try fields.optionalString("clock") {
                setup.clock = try parseDate(text, at: fields.path("clock"))
            }
            if let identifier = try fields.optionalString("timeZone") {
                guard let zone = ZoneIdentifier.zone(identifier) else {
                    throw FixtureError(
                        .invalidValue, path: fields.path("timeZone"),
                        message:
                            "unknown time zone \"\(identifier.prefix(64))\"; write an identifier such as \"UTC\", \"GMT+05:30\" or \"Europe/Paris\""
                    )
                }
                setup.timeZone = zone
            }
            if let list = fields.optional("random") {
                let values = try FieldReader.array(list, at: fields.path("random"))
                setup.random = try values.enumerated().map { index, value throws(FixtureError) in
                    let number = try FieldReader.int(value, at: fields.path("random") + "[\(index)]")
                    guard number >= 0 else {
                        throw FixtureError(
                            .invalidValue, path: fields.path("random") + "[\(index)]", message: "expected 0 or more")
                    }
                    return UInt64(number)
                }
                guard !setup.random.isEmpty else {
                    throw FixtureError(
                        .invalidValue, path: fields.path("random"), message: "expected at least one value")
                }
            }
            if controller == .video {
                setup.startsMuted = try fields.bool("startsMuted", default: false)
                setup.startsExpanded = try fields.bool("startsExpanded", default: false)
            }
        case .mraid:
            if let value = fields.optional("placement") {
                setup.placement = try FieldReader.choice(
                    value, at: fields.path("placement"), MRAIDPlacement.allCases.map { ($0.rawValue, $0) })
            }
            var geometry = try FieldReader(
                try fields.required("geometry", "{screen, maxArea (optional, default the screen), defaultFrame}"),
                at: fields.path("geometry"))
            setup.geometry = MRAIDGeometry(
                screen: try MRAIDCodec.rect(
                    try geometry.required("screen", "the screen frame"), at: geometry.path("screen")),
                maxArea: try geometry.optional("maxArea").map { value throws(FixtureError) in
                    try MRAIDCodec.rect(value, at: geometry.path("maxArea"))
                },
                defaultFrame: try MRAIDCodec.rect(
                    try geometry.required("defaultFrame", "the ad's default frame"), at: geometry.path("defaultFrame")))
            try geometry.finish()
        }
        try fields.finish()
        return setup
    }

    private static func parseDate(_ text: String, at path: String) throws(FixtureError) -> Date {
        if let date = InternetTimestamp.parse(text) { return date }
        throw FixtureError(
            .invalidValue, path: path,
            message: "expected an RFC 3339 (ISO 8601) instant such as \"2024-01-01T00:00:00.000Z\"")
    }
}

import AdLifecycle
import VAST

/// A session fixture's `play` input: the virtual player (AdSimulation's `VirtualPlayer`) plays the ad from
/// its playhead to ``toMs``, reporting progress at each milestone on the way and at ``toMs``, the clock
/// advancing with the playhead; reaching the duration completes the ad.
///
/// Written `{"play": {"toMs": 15000}}` or `{"play": {"toMs": 15000, "durationMs": 20000}}`. Both numbers
/// are checked when the fixture is read: whole milliseconds from 0 (above 0 for the duration) to
/// `SessionTime.maximumSeconds`.
public struct FixturePlay: Sendable, Hashable {
    /// The input's name in fixtures.
    public static let name = "play"

    /// The playhead to play to, in milliseconds.
    public var toMs: Int
    /// The duration the player reports with each progress, in milliseconds; `nil` reports none (the
    /// session goes by the document's `<Duration>`).
    public var durationMs: Int?

    /// A play to `toMs`.
    public init(toMs: Int, durationMs: Int? = nil) {
        self.toMs = toMs
        self.durationMs = durationMs
    }

    static let maximumMs = Int(SessionTime.maximumSeconds * 1000)

    static func parse(_ fields: inout FieldReader) throws(FixtureError) -> Self {
        let toMs = try fields.int("toMs", "the playhead to play to, in ms")
        guard (0...maximumMs).contains(toMs) else {
            throw FixtureError(
                .invalidValue, path: fields.path("toMs"), message: "expected 0 to \(maximumMs) ms, found \(toMs)")
        }
        let durationMs = try fields.optionalInt("durationMs")
        if let durationMs, !(1...maximumMs).contains(durationMs) {
            throw FixtureError(
                .invalidValue, path: fields.path("durationMs"),
                message: "expected 1 to \(maximumMs) ms, found \(durationMs)")
        }
        return Self(toMs: toMs, durationMs: durationMs)
    }

    var json: JSONValue {
        var fields: [String: JSONValue] = ["toMs": .number(Double(toMs))]
        if let durationMs { fields["durationMs"] = .number(Double(durationMs)) }
        return FixtureInput.with(Self.name, fields)
    }
}

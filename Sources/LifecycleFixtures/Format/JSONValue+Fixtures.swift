import VAST

extension JSONValue {
    /// The value as one line of JSON, keys in ``fixtureKeyOrder`` first and the rest alphabetically, so
    /// the same output always reads the same in a diff.
    var rendered: String { rendered(keyOrder: Self.fixtureKeyOrder) }

    /// Keys that read best first: what an output is, then where it goes, then the details.
    static let fixtureKeyOrder = [
        "callback", "beacon", "offset", "url", "hop", "adInstanceID", "code", "action", "message",
        "positionMs", "durationMs", "x", "y", "width", "height",
    ]
}

import VAST

/// What `vastcheck serve` was asked for: where to listen, the access token, where beacons go, and the
/// folders the page may read.
struct InspectorConfiguration: Sendable {
    /// The address to listen on.
    var host: String
    /// The port; 0 lets the system choose.
    var port: Int
    /// The access token every request must carry (required when `host` is not loopback).
    var token: String?
    /// True to send the live preview's beacons to their real URLs (`--send`).
    var send: Bool
    /// The macro values the live preview's session expands beacon URLs with (`--macro`, `--start`,
    /// `--seed`); their private ones are redacted on the page.
    var macros: VASTMacroContext
    /// The folders named on the command line.
    var folders: [String]
    /// The largest request body.
    var maxBodyBytes = 4 << 20
    /// The most documents validated, inspected or played at once; more is answered 503.
    var maxConcurrentWork = 8
}

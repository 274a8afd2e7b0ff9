import AdLifecycle

/// What a session fixture can pin in `expectState`, and what the runner compares before and after a
/// refused input (the whole session state must be unchanged).
struct SessionSnapshot: Sendable, Hashable, Encodable {
    static let keys = [
        "unitPhase", "videoPhase", "mraidPhase", "impressionLogged", "playheadMs", "exposurePercent", "viewability",
        "shownCompanions", "shownIcons", "unexecutedVerifications", "ended",
    ]

    var unitPhase: String
    var videoPhase: String?
    var mraidPhase: String?
    var impressionLogged: Bool
    var playheadMs: Int?
    var exposurePercent: Double?
    var viewability: String?
    var shownCompanions: [Int]
    var shownIcons: [Int]
    var unexecutedVerifications: [Int]
    var ended: Bool
    /// The rest, compared but not pinnable (their encodings have no stable order).
    var parts: Parts

    struct Parts: Sendable, Hashable, Encodable {
        var unit: UnitState
        var video: VideoState?
        var mraid: MRAIDLifecycleState?
        var viewability: ViewabilityMeter
        var state: SessionState
    }

    init(_ lifecycle: SessionLifecycle) {
        unitPhase = lifecycle.unit.phase.rawValue
        videoPhase = lifecycle.video?.phase.rawValue
        mraidPhase = lifecycle.mraid?.phase.rawValue
        impressionLogged = lifecycle.unit.state.impressionLogged
        playheadMs = lifecycle.playheadMs
        exposurePercent = lifecycle.viewability.exposurePercent
        viewability = lifecycle.viewability.verdict?.rawValue
        shownCompanions = lifecycle.state.shownCompanions.sorted()
        shownIcons = lifecycle.state.shownIcons.sorted()
        unexecutedVerifications = lifecycle.state.unexecutedVerifications.sorted()
        ended = lifecycle.state.ended
        parts = Parts(
            unit: lifecycle.unit.state, video: lifecycle.video?.state, mraid: lifecycle.mraid?.state,
            viewability: lifecycle.viewability, state: lifecycle.state)
    }

    /// The phase name traces use: `unit/video` (`inline/playing`), `-` for a part the session lacks.
    var phaseName: String { "\(unitPhase)/\(videoPhase ?? mraidPhase ?? "-")" }

    /// The pinnable fields as JSON.
    var json: [String: JSONValue] {
        var members = LifecycleState.json(self)
        members["parts"] = nil
        return members
    }
}

import AdLifecycle
import VAST

/// What a session fixture can pin in `expectState`, and what the runner compares before and after a
/// refused input (the whole session state must be unchanged).
struct SessionSnapshot: Sendable, Hashable, Encodable {
    static let keys = [
        "unitPhase", "videoPhase", "mraidPhase", "impressionLogged", "playheadMs", "exposurePercent", "viewability",
        "shownCompanions", "shownIcons", "unexecutedVerifications", "ended", "breakPosition", "breakOver",
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
    /// In a break: the slot playing (1-based) and whether the break is over.
    var breakPosition: Int?
    var breakOver: Bool?
    /// The rest, compared but not pinnable (their encodings have no stable order).
    var parts: Parts

    struct Parts: Sendable, Hashable, Encodable {
        var unit: UnitState?
        var video: VideoState?
        var mraid: MRAIDLifecycleState?
        var viewability: ViewabilityMeter?
        var state: SessionState?
    }

    init(_ lifecycle: SessionLifecycle) {
        unitPhase = lifecycle.unit.phase.rawValue
        videoPhase = lifecycle.video?.phase.rawValue
        mraidPhase = lifecycle.mraid?.phase.rawValue
        impressionLogged = lifecycle.unit.state.impressionLogged
        playheadMs = lifecycle.playheadMs
        exposurePercent = lifecycle.viewability.exposurePercent
        viewability = lifecycle.viewability.verdict?.rawValue
        shownCompanions = lifecycle.unit.state.shownCompanions.sorted()
        shownIcons = (lifecycle.video?.state.shownIcons ?? []).sorted()
        unexecutedVerifications = lifecycle.state.unexecutedVerifications.sorted()
        ended = lifecycle.state.ended
        parts = Parts(
            unit: lifecycle.unit.state, video: lifecycle.video?.state, mraid: lifecycle.mraid?.state,
            viewability: lifecycle.viewability, state: lifecycle.state)
    }

    /// The break's snapshot: the ad playing's (or an empty one between and after ads), with the break's
    /// position.
    static func of(_ adBreak: AdBreakLifecycle) -> Self {
        var snapshot = adBreak.current.map(Self.init) ?? Self(idle: adBreak.isOver)
        snapshot.breakPosition = adBreak.position
        snapshot.breakOver = adBreak.isOver
        return snapshot
    }

    private init(idle ended: Bool) {
        unitPhase = "-"
        impressionLogged = false
        shownCompanions = []
        shownIcons = []
        unexecutedVerifications = []
        self.ended = ended
        parts = Parts(unit: nil, video: nil, mraid: nil, viewability: nil, state: nil)
    }

    /// The phase name traces use: `unit/video` (`inline/playing`), `-` for a part the session lacks.
    var phaseName: String { "\(unitPhase)/\(videoPhase ?? mraidPhase ?? "-")" }

    /// The pinnable fields as JSON.
    var json: [String: JSONValue] {
        var members = LifecycleState.json(self)
        members["parts"] = nil
        if breakPosition == nil {
            members["breakPosition"] = nil
            members["breakOver"] = nil
        }
        return members
    }
}

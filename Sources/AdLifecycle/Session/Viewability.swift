/// What the session decided about an ad instance's viewability, fired once as VAST's
/// `<ViewableImpression>` (VAST 4.3 section 3.5).
public enum ViewabilityVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The MRC criteria were met: the `<Viewable>` URIs fire.
    case viewable
    /// The ad played to its end (or was closed, skipped or removed) without meeting them: `<NotViewable>`.
    case notViewable
    /// The host never reported exposure, so nothing could be measured: `<ViewUndetermined>`.
    case undetermined

    /// The event name beacons carry (`viewable`, `notViewable`, `viewUndetermined`).
    public var eventName: String {
        switch self {
        case .viewable: "viewable"
        case .notViewable: "notViewable"
        case .undetermined: "viewUndetermined"
        }
    }
}

/// The MRC viewable-impression rule a session measures (VAST-FACTS 10).
public enum ViewabilityRule: Sendable, Hashable, Codable {
    /// Video: at least 50 % of the player's pixels on screen for 2 continuous seconds of playback.
    case video
    /// Display (banners, companions, overlays, MRAID): `percent` of the pixels on screen for 1 continuous
    /// second; 50, or 30 for ads of 242,500 pixels or more.
    case display(percent: Double)

    /// The display rule for an ad of `width` x `height` pixels (30 % from 242,500 pixels, else 50 %).
    public static func display(width: Int?, height: Int?) -> Self {
        guard let width, let height, width > 0, height > 0 else { return .display(percent: 50) }
        let pixels = width.multipliedReportingOverflow(by: height)
        return .display(percent: pixels.overflow || pixels.partialValue >= 242_500 ? 30 : 50)
    }

    /// The exposure that counts as on screen.
    public var thresholdPercent: Double {
        switch self {
        case .video: 50
        case .display(let percent): percent
        }
    }

    /// How long the exposure must last, in milliseconds (of playback for video, of clock for display).
    public var requiredMs: Int64 {
        switch self {
        case .video: 2000
        case .display: 1000
        }
    }
}

/// The measurement behind the verdict: pure, fed by the session with exposure reports, progress and time.
///
/// Video counts playback time between progress reports while the exposure stayed at or above 50 %: each
/// report adds the smaller of the playhead's advance and the clock's (so a seek forward or a stall adds
/// only what was really played); a drop below the threshold or a pause starts the count again. Display
/// counts clock time from the report that brought the exposure to the threshold.
public struct ViewabilityMeter: Sendable, Hashable, Codable {
    /// The rule measured.
    public let rule: ViewabilityRule
    /// The last exposure the host reported, in percent; `nil` before the first report.
    public private(set) var exposurePercent: Double?
    /// The verdict, once decided (it never changes afterwards).
    public private(set) var verdict: ViewabilityVerdict?
    /// Continuous qualifying time so far, in milliseconds.
    public private(set) var continuousMs: Int64 = 0
    private var anchor: Anchor?

    private struct Anchor: Sendable, Hashable, Codable {
        var clockMs: Int64
        var playheadMs: Int?
    }

    /// A meter with nothing reported.
    public init(rule: ViewabilityRule) { self.rule = rule }

    var isExposed: Bool { (exposurePercent ?? 0) >= rule.thresholdPercent }

    /// The host reported exposure at `clockMs`.
    mutating func exposureChanged(_ percent: Double, clockMs: Int64) {
        let wasExposed = isExposed
        exposurePercent = percent
        if !isExposed {
            reset()
        } else if !wasExposed {
            if case .display = rule { anchor = Anchor(clockMs: clockMs, playheadMs: nil) }
        }
    }

    /// Playback reported `playheadMs` at `clockMs` while playing (video only).
    /// - Returns: true when the criteria were met by this report.
    mutating func played(to playheadMs: Int, clockMs: Int64) -> Bool {
        guard case .video = rule, verdict == nil, isExposed else { return false }
        if let anchor, let previous = anchor.playheadMs {
            let played = Int64(max(0, playheadMs - previous))
            let elapsed = max(0, clockMs - anchor.clockMs)
            continuousMs += min(played, elapsed)
        }
        anchor = Anchor(clockMs: clockMs, playheadMs: playheadMs)
        return continuousMs >= rule.requiredMs
    }

    /// Time passed to `clockMs` (display only).
    /// - Returns: true when the criteria are met at that time.
    mutating func timePassed(to clockMs: Int64) -> Bool {
        guard case .display = rule, verdict == nil, isExposed, let anchor else { return false }
        continuousMs = max(0, clockMs - anchor.clockMs)
        return continuousMs >= rule.requiredMs
    }

    /// Playback stopped (paused): continuity is broken.
    mutating func interrupted() { reset() }

    /// Records the verdict; `false` when one was already recorded.
    mutating func decide(_ verdict: ViewabilityVerdict) -> Bool {
        guard self.verdict == nil else { return false }
        self.verdict = verdict
        return true
    }

    /// The verdict at the end when the criteria were never met.
    var endVerdict: ViewabilityVerdict { exposurePercent == nil ? .undetermined : .notViewable }

    private mutating func reset() {
        continuousMs = 0
        anchor = nil
    }
}

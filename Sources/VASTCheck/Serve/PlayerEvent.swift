import AdLifecycle

/// One event of the page's `<video>` element (or its companion), as the page posts it, and the session
/// inputs it stands for.
///
/// The page reports what the element does: `play`, `timeupdate` and `progress` (the playhead), `pause`,
/// `volumechange` (muted or not), `fullscreenchange`, `click`, `ended`, `error` (the element's error code),
/// and `companionView` / `companionClick`. The first `play` opens the ad (the impression, the duration, the
/// first progress: `creativeView` and `start`); a later one resumes. A `pause` the element reports with
/// `ended` (it pauses at the end) is not a pause.
struct PlayerEvent {
    let type: String
    let positionMs: Int
    let durationMs: Int?
    let muted: Bool
    let fullscreen: Bool
    let ended: Bool
    let point: ClickPoint?
    let companion: Int
    let code: Int

    init(type: String, body: [String: Any]) {
        self.type = type
        positionMs = Self.milliseconds(body["position"]) ?? 0
        durationMs = Self.milliseconds(body["duration"]).flatMap { $0 > 0 ? $0 : nil }
        muted = body["muted"] as? Bool ?? false
        fullscreen = body["fullscreen"] as? Bool ?? false
        ended = body["ended"] as? Bool ?? false
        if let x = body["x"] as? Int, let y = body["y"] as? Int { point = ClickPoint(x: x, y: y) } else { point = nil }
        companion = body["companion"] as? Int ?? 0
        code = body["code"] as? Int ?? 0
    }

    /// The inputs for `preview`'s session, in order (none for an event that means nothing now).
    func inputs(for preview: PreviewSession) -> [SessionInput] {
        let progressed = SessionInput.video(.progressed(positionMs: positionMs, durationMs: durationMs))
        switch type {
        case "play":
            guard preview.markStarted() else { return [.video(.resumed)] }
            return [.unit(.impressionRendered)] + (durationMs.map { [.video(.durationUpdated(durationMs: $0))] } ?? [])
                + [progressed]
        case "timeupdate", "progress":
            return preview.hasStarted ? [progressed] : []
        case "pause":
            return preview.hasStarted && !ended ? [.video(.paused)] : []
        case "volumechange": return [.video(muted ? .muted : .unmuted)]
        case "fullscreenchange": return [.video(fullscreen ? .playerExpanded : .playerCollapsed)]
        case "click": return [.unit(.clicked(position: point, playheadMs: positionMs))]
        case "ended":
            guard preview.hasStarted, preview.markCompleted() else { return [] }
            let end = durationMs ?? positionMs
            return [.video(.progressed(positionMs: end, durationMs: durationMs)), .video(.playbackCompleted)]
        case "error": return [.video(.playbackInterrupted(Self.playbackError(code)))]
        case "companionView": return [.unit(.companionViewed(index: companion))]
        case "companionClick": return [.unit(.companionClicked(index: companion))]
        default: return []
        }
    }

    /// The VAST error for a `MediaError` code: 1 aborted (400), 2 network (401: the file could not be
    /// fetched), 3 decode (405), 4 source not supported (403).
    static func playbackError(_ code: Int) -> AdPlaybackError {
        switch code {
        case 2: .fileNotFound
        case 3: .displayProblem
        case 4: .noSupportedMediaFile
        default: .general
        }
    }

    /// Seconds (a JSON number) as milliseconds; `nil` when absent or not a finite number from 0 to a day.
    private static func milliseconds(_ value: Any?) -> Int? {
        guard let seconds = (value as? Double) ?? (value as? Int).map(Double.init), seconds.isFinite,
            (0...86_400).contains(seconds)
        else { return nil }
        return Int((seconds * 1000).rounded())
    }
}

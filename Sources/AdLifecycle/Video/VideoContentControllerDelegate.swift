/// Receives a video ad's callbacks, in the session's order, on the main actor (the names follow DT
/// Exchange's `IAVideoContentDelegate`; docs/library.md maps each).
///
/// Every method has a default no-op implementation. The controller holds its delegate weakly.
@MainActor
public protocol VideoContentControllerDelegate: AnyObject {
    /// The duration became known or changed, in milliseconds.
    func videoController(_ controller: VideoContentController, didUpdateDurationMs durationMs: Int)
    /// Playback started.
    func videoControllerDidStart(_ controller: VideoContentController)
    /// The playhead moved (milliseconds; the total when known).
    func videoController(_ controller: VideoContentController, didProgressToMs positionMs: Int, ofMs durationMs: Int?)
    /// A quartile was reached.
    func videoController(_ controller: VideoContentController, didReach quartile: Quartile)
    /// Paused.
    func videoControllerDidPause(_ controller: VideoContentController)
    /// Resumed.
    func videoControllerDidResume(_ controller: VideoContentController)
    /// Muted or unmuted.
    func videoController(_ controller: VideoContentController, didChangeMuted isMuted: Bool)
    /// The player went fullscreen or left it.
    func videoController(_ controller: VideoContentController, didChangePlayerExpanded isExpanded: Bool)
    /// Skipped.
    func videoControllerDidSkip(_ controller: VideoContentController)
    /// Closed by the user.
    func videoControllerDidClose(_ controller: VideoContentController)
    /// Played to the end.
    func videoControllerDidComplete(_ controller: VideoContentController)
    /// Interrupted for good with `errorCode`.
    func videoController(_ controller: VideoContentController, wasInterruptedWithErrorCode errorCode: Int)
    /// Icon `index` was tapped; open `url` (its IconClickThrough, macros expanded) if there is one.
    func videoController(_ controller: VideoContentController, didClickIconAt index: Int, opening url: String?)
}

extension VideoContentControllerDelegate {
    public func videoController(_ controller: VideoContentController, didUpdateDurationMs durationMs: Int) {}
    public func videoControllerDidStart(_ controller: VideoContentController) {}
    public func videoController(
        _ controller: VideoContentController, didProgressToMs positionMs: Int, ofMs durationMs: Int?
    ) {}
    public func videoController(_ controller: VideoContentController, didReach quartile: Quartile) {}
    public func videoControllerDidPause(_ controller: VideoContentController) {}
    public func videoControllerDidResume(_ controller: VideoContentController) {}
    public func videoController(_ controller: VideoContentController, didChangeMuted isMuted: Bool) {}
    public func videoController(_ controller: VideoContentController, didChangePlayerExpanded isExpanded: Bool) {}
    public func videoControllerDidSkip(_ controller: VideoContentController) {}
    public func videoControllerDidClose(_ controller: VideoContentController) {}
    public func videoControllerDidComplete(_ controller: VideoContentController) {}
    public func videoController(_ controller: VideoContentController, wasInterruptedWithErrorCode errorCode: Int) {}
    public func videoController(
        _ controller: VideoContentController, didClickIconAt index: Int, opening url: String?
    ) {}
}

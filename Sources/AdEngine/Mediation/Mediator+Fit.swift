import AdPlacement
import AdResolution

extension Mediator {
    /// The checks a filled source's ad must pass before it may rank in its tier: whether it can be shown
    /// in the call's format (`AdFormat.fit(_:)`). An ad that fails one makes its source `noFit`, with
    /// why and the VAST code, and the tier goes on as if the source had no ad.
    ///
    /// One candidate at a time, in the source's own task, so further checks of a candidate (its creative
    /// being ready, say) follow this one here. Without a format every filled ad passes as it is.
    func check(_ attempt: inout SourceAttempt, format: AdFormat?) {
        guard attempt.end == .filled, let format, let ad = attempt.resolution?.ads.first else { return }
        do {
            attempt.fit = try format.fit(ad)
        } catch {
            attempt.end = .noFit
            attempt.unfit = error
            attempt.errorCode = error.vastErrorCode
            let shape = format.kind == .bottomBanner ? "a bottom banner" : "a full-screen video"
            attempt.message = "filled, but its ad cannot be shown as \(shape): \(error.message)"
        }
    }
}

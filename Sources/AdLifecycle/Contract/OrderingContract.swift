/// The ordering contract, written once as data: the decisions below plus the three transition tables
/// (``UnitLifecycle/contract``, ``VideoLifecycle/contract``, ``MRAIDLifecycle/contract``) that the
/// lifecycles consult on every input. ORDERING.md beside the module is ``markdown()``; a test keeps the
/// two equal.
public enum OrderingContract {
    /// The decisions, in reading order.
    public static let rules: [OrderingRule] = [
        OrderingRule(
            "callback-first", "all", "An input produces callbacks and beacons",
            "A callback comes before the beacons it explains; the beacons of one event are in chain "
                + "order (outermost Wrapper first, InLine last)."),
        OrderingRule(
            "macros-once", "all", "A beacon is fired",
            "Its URL is expanded once, when the input is handled, with that input's timestamp "
                + "(`[TIMESTAMP]`), the playhead (`[ADPLAYHEAD]`), the asset (`[ASSETURI]`) and a fresh "
                + "`[CACHEBUSTING]` per URL; `[ERRORCODE]` only in Error URLs, `[CLICKPOS]` only in click "
                + "tracking."),
        OrderingRule(
            "refused-input", "all", "An input the table marks as an error",
            "A typed error (`LifecycleError`, `MRAIDError` with message and action); no action, the "
                + "state is exactly as before."),
        OrderingRule(
            "late-input", "all", "An input the table marks as ignored",
            "A documented no-op: no action, no state change (late reports racing the end, duplicates)."),
        OrderingRule(
            "observer", "all", "A caller wants to record everything",
            "Every event also goes to the session's observer and `events` streams, in firing order; a "
                + "delegate calling back into a controller cannot reorder it (its input waits behind what is "
                + "being delivered)."),
        OrderingRule(
            "impression-once", "unit", "The ad is rendered and visible",
            "`impressionWillBeLogged`, then every Impression URL of the chain together, at most once "
                + "per ad instance; `about:blank` and empty URLs are never sent."),
        OrderingRule(
            "click-before-impression", "unit", "A click arrives before the impression",
            "The impression is logged first (a tap proves the ad was seen), then `clicked(url:)` and "
                + "ClickTracking. Every click fires ClickTracking."),
        OrderingRule(
            "pairs-nested", "unit, mraid", "Will/did pairs (present, dismiss, resize, expand, collapse)",
            "Strictly nested, never interleaved: while one is open every other request is refused "
                + "(`presentationInProgress`, `commandInProgress`); a did with no open will is refused "
                + "(`notPresenting`, `noPendingTransition`)."),
        OrderingRule(
            "no-host", "unit", "Fullscreen is requested and the delegate gives no presentation host",
            "Error `noPresentationHost`; nothing is presented and the state is unchanged."),
        OrderingRule(
            "after-dismissal", "unit", "Inputs after `didDismissFullscreen`",
            "The unit is finished: clicks, impressions, companions, expiry and host reports are "
                + "ignored; presenting again is `adFinished`. Exception: a reward earned while shown is "
                + "still delivered, once."),
        OrderingRule(
            "reward", "unit", "The reward is earned",
            "`rewarded` at most once; before the impression: error `notShown`."),
        OrderingRule(
            "expiry", "unit", "The ad's time to live passes",
            "Before the impression and outside fullscreen: `expired`, terminal; presenting it is "
                + "`adExpired`. An ad already shown ignores the late timer."),
        OrderingRule(
            "failure", "unit", "Rendering fails",
            "`failed(errorCode:)` and every Error URL of the chain with `[ERRORCODE]`; terminal (an open "
                + "will gets no did: the view is gone)."),
        OrderingRule(
            "start-once", "video", "The first progress report (or completion)",
            "`started`, then creativeView and start URLs, once."),
        OrderingRule(
            "loaded-once", "video", "The duration becomes known",
            "`durationUpdated`, then the loaded URLs the first time only; a repeated value does "
                + "nothing; a new value repeats the callback."),
        OrderingRule(
            "milestones-ordered", "video", "The playhead passes quartiles and progress offsets",
            "Each fires once, in playhead order (a quartile before a progress offset at the same "
                + "time; offsets in document order), even when progress jumps past several; a backward "
                + "seek never fires one again."),
        OrderingRule(
            "percent-waits", "video", "A percentage milestone (quartile, `n%`) with no known duration",
            "It waits; when the duration arrives, the ones the playhead has passed fire right after "
                + "`durationUpdated`. Time offsets never wait."),
        OrderingRule(
            "completion-fills", "video", "Playback completes",
            "Start and every milestone at or before the end not yet fired fire first (the end is the "
                + "playhead; an unknown duration is taken to be it; a time offset past the end never fires), "
                + "then `completed` and complete."),
        OrderingRule(
            "terminal-video", "video", "Inputs after completion, skip, close or interruption",
            "Ignored: no progress, quartile, pause, resume, mute, expand, skip or close after the end."),
        OrderingRule(
            "resume-after-interruption", "video", "A resume after an interruption",
            "Ignored: an interruption (the buffer ran dry and did not refill) is terminal and fired "
                + "the Error URLs with its code; playing again needs a new ad instance."),
        OrderingRule(
            "pause-resume", "video", "Pause and resume",
            "Pause only while playing, resume only while paused; duplicates and a pause before start "
                + "are ignored."),
        OrderingRule(
            "toggles", "video", "Mute, unmute, player expand and collapse",
            "Fire only on a change. Expand fires playerExpand and the VAST 2/3 fullscreen URLs "
                + "(collapse: playerCollapse and exitFullscreen): a chain may mix versions and each URL "
                + "is written under one name."),
        OrderingRule(
            "skip", "video", "The user taps skip",
            "Only with a skip offset (`notSkippable`) the playhead has reached "
                + "(`skipOffsetNotReached`; a percentage needs the duration); `skipped` and skip URLs; "
                + "terminal."),
        OrderingRule(
            "close", "video", "The user closes the ad before the end",
            "`closed`, closeLinear and VAST 2 close URLs; terminal."),
        OrderingRule(
            "icons", "video", "Icon n is shown or clicked",
            "Its own IconViewTracking once (with its Wrapper program-mates'); its IconClickTracking and "
                + "`iconClicked(index, url)` on every click after it was shown (`iconNotShown` before; an index "
                + "the Linear does not have: `noSuchIcon`)."),
        OrderingRule(
            "companions", "unit", "Companion n is shown or clicked",
            "Its own creativeView once (with its Wrapper slot-mates'); its CompanionClickTracking and "
                + "`companionClicked(index, url)` on every click after it was shown (`companionNotShown` "
                + "before; an index the ad does not have: `noSuchCompanion`). Companions not shown count "
                + "nothing (VAST 4.3 section 3.13)."),
        OrderingRule(
            "mraid-illegal", "mraid", "An MRAID command the state does not allow",
            "`MRAIDError` with message and action, state unchanged: resize from expanded, expand "
                + "while expanded, any command while loading or hidden, anything but unload while not "
                + "viewable, resize before properties, resize or expand in an interstitial. Setting resize "
                + "properties is not a command: it changes no state and is accepted in any state."),
        OrderingRule(
            "mraid-resize-properties", "mraid", "Resize properties",
            "At least 50 x 50 and at most the max size; allowOffscreen false: moved back inside the "
                + "max-size area; true: the 50 x 50 close region must stay on screen. Checked when set "
                + "and again on resize."),
        OrderingRule(
            "mraid-collapse-origin", "mraid", "A collapse",
            "`willCollapse` / `didCollapse` say whether it ends a resize or an expand; an expand from "
                + "resized collapses as an expand, straight to default."),
        OrderingRule(
            "mraid-state-change", "mraid", "The MRAID state changes",
            "`stateChanged` follows the did-callback and fires only when the state differs."),
        OrderingRule(
            "mraid-close-default", "mraid", "close() in default",
            "The ad is hidden (`stateChanged(hidden)`), with no collapse pair; then only unload."),
        OrderingRule(
            "mraid-unload", "mraid", "unload()",
            "Always accepted while loaded, even not viewable or mid-transition (the open will gets no "
                + "did); afterwards commands are `unloaded` errors and host reports are ignored."),
        OrderingRule(
            "session-stream", "session", "Inputs reported to an `AdSession`",
            "One ordered stream for the unit, video, MRAID and shown parts: an input's events in firing "
                + "order, inputs in the order the session admitted them; every `events` stream sees every "
                + "event after it subscribed, and the beacon sink gets each input's beacons as one batch."),
        OrderingRule(
            "impression-before-start", "session",
            "The player reports progress, or completion, before the host reported the rendering",
            "The impression is logged first (the first frame is on screen, VAST 4.3 section 3.4.4), then "
                + "`started` with creativeView and start (and, for a completion, the milestones and complete)."),
        OrderingRule(
            "fullscreen-player", "session", "A linear ad is presented fullscreen and dismissed",
            "`didPresentFullscreen`, then `playerExpanded` with playerExpand and the VAST 2/3 fullscreen URLs; "
                + "`willDismissFullscreen`, then `playerCollapsed` with playerCollapse and exitFullscreen "
                + "(VAST 4.3 section 3.14.1). After the video ended the toggles are ignored."),
        OrderingRule(
            "click-playhead", "session", "A click on a linear ad",
            "Carries the session's playhead into `[ADPLAYHEAD]` unless the host passed one."),
        OrderingRule(
            "declared-duration", "session", "Quartiles and percentage offsets while the player reported no duration",
            "They use the Linear's `<Duration>` until the player reports its own, so they fire as the "
                + "playhead passes them, never in a burst at completion. Skip, close and interruption fire "
                + "nothing more: a milestone the playhead did not pass was not played (VAST 4.3 section "
                + "3.14.1, \"played continuously for at least 25%\")."),
        OrderingRule(
            "shown-only", "session", "A bottom banner or an overlay",
            "A bottom banner is its companion: the impression brings that companion's creativeView (no "
                + "other's), a tap its CompanionClickThrough and CompanionClickTracking, told to the host as "
                + "`clicked(url)`. An overlay is its NonLinear: the impression brings its creativeView, a tap "
                + "its NonLinearClickThrough and NonLinearClickTracking."),
        OrderingRule(
            "viewability", "session", "The host reports exposure",
            "MRC: video 50 % of pixels for 2 s of continuous playback, display 50 % (30 % from 242,500 "
                + "pixels) for 1 s. `viewability(viewable)` and the Viewable URLs when met; at the end "
                + "(completion, skip, close, interruption, dismissal, unload, `ended`) NotViewable when "
                + "exposure was reported, ViewUndetermined when never. Once per instance, only after the "
                + "impression. Outside 0 to 100, or NaN: `invalidExposure`."),
        OrderingRule(
            "mraid-exposure", "session", "An MRAID creative in a session",
            "Exposure drives `exposureChanged` and MRAID viewability (viewable above 0 %); resize, expand "
                + "and close before the first exposure report are `exposureNotReported`; reporting MRAID "
                + "viewability directly is `viewabilityFromExposure`."),
        OrderingRule(
            "verification", "session", "The host cannot run a verification script",
            "`verificationNotExecuted` and that Verification's URLs with `[REASON]` (1 resource rejected, "
                + "2 not supported, 3 load error), once per verification."),
        OrderingRule(
            "host-numbers", "session", "Times, percentages and indexes from the host",
            "Seconds must be finite, from 0 to the longest VAST time, 99999999:59:59.999 (`invalidTime`); indexes must name a part the ad "
                + "has (`noSuchCompanion`, `noSuchIcon`, `noSuchVerification`); a refused input changes nothing."),
        OrderingRule(
            "pod-break", "session", "A pod plays as one break (`AdBreak`)",
            "`breakStarted(adCount)`, then per ad `adStarted(n of m)`, its own session's events, `adEnded`; "
                + "then `breakEnded`. Ads play in sequence order, each its own instance (`<id>-<n>`) with "
                + "`[PODSEQUENCE]` n and `[ADCOUNT]` m; completion, skip, close or dismissal ends the ad, not the break."
        ),
        OrderingRule(
            "pod-failure", "session",
            "An ad of a break fails (render failure, interruption, expiry, no Linear, no media file the player plays)",
            "Its Error URLs fire (303 for an ad with no Linear, 403 for one with no supported media file), `adEnded`, "
                + "and the next buffet ad fills its "
                + "slot (`<id>-<n>b`), else the next pod ad plays (VAST 4.3 section 3.3.1)."),
        OrderingRule(
            "unit-over", "session", "The player reports after the ad failed to render or expired",
            "Ignored: the ad is not on screen, so no start, quartile or completion is counted for it (its Error "
                + "URLs fired with the failure)."),
        OrderingRule(
            "session-ended", "session", "Inputs after `ended`",
            "Ignored: the host removed the ad for good."),
        OrderingRule(
            "controller-views", "session", "The host uses the unit, video and MRAID controllers",
            "They are views of one session: each call is the session's input, so the state, the beacons "
                + "and their order are the session's, and each callback reaches the delegate of the part "
                + "that made it (a fullscreen presentation reaches the video delegate as "
                + "`didChangePlayerExpanded`)."),
        OrderingRule(
            "one-play", "engine", "An ad returned by `getAd` is played",
            "Once: the first session, break or controller made for it is its play; making a second "
                + "session or break is `alreadyPlayed` (nothing fires), and the controllers are views of that "
                + "one session. Caps, analytics and the partner count the same impression."),
    ]
}

/// `simulate`'s own options, declared once (its help is made from them).
enum SimulateOptions {
    static let pauseAt = Option(
        "--pause-at", value: "S", help: "Pause; --resume-at S resumes (without it playback stays paused).")
    static let resumeAt = Option("--resume-at", value: "S", help: "Resume after --pause-at.")
    static let seekTo = Option(
        "--seek-to", value: "S",
        help: "Seek the playhead to S, at --seek-at S (default: right after the start). Milestones jumped over fire "
            + "once each, in order; a backward seek refires none.")
    static let seekAt = Option("--seek-at", value: "S", help: "When --seek-to seeks.")
    static let skipAt = Option(
        "--skip-at", value: "S",
        help: "Tap skip (refused with the lifecycle's error unless the skip offset is reached).")
    static let clickAt = Option(
        "--click-at", value: "S", help: "Click: ClickTracking (the click-through is shown, not opened).")
    static let muteAt = Option("--mute-at", value: "S", help: "Mute.")
    static let fullscreenAt = Option(
        "--fullscreen-at", value: "S", help: "Go fullscreen: playerExpand (and VAST 2/3 fullscreen).")
    static let failAt = Option(
        "--fail-at", value: "S", help: "Playback fails for good with error 405: the Error URLs fire.")
    static let acceptAt = Option(
        "--accept-at", value: "S", help: "NonLinear overlay: the user accepts its invitation (acceptInvitation).")
    static let expandAt = Option("--expand-at", value: "S", help: "NonLinear overlay: the user expands it (adExpand).")
    static let collapseAt = Option(
        "--collapse-at", value: "S", help: "NonLinear overlay: the user collapses it back (adCollapse).")
    static let minimizeAt = Option("--minimize-at", value: "S", help: "NonLinear overlay: the user minimizes it.")
    static let closeAt = Option(
        "--close-at", value: "S",
        help: "NonLinear overlay: the user closes it for good (close); later inputs do nothing.")
    static let exposure = Option(
        "--exposure", value: "P",
        help:
            "The percentage of the player on screen, reported at the start (0 to 100): Viewable after 2 s of playback "
            + "at 50 or more, else NotViewable at the end. Without it nothing is measured: ViewUndetermined.")
    static let fire = Option("--fire", help: "Send each beacon (and a failing chain's error pixels), once, in order.")
}

extension SimulateCommand {
    static let helpText = CommandHelp(
        positional: "SOURCE",
        summary: """
            Resolves the source like inspect, then plays its ad through a real ad session (the unit, video
            and viewability state of one ad instance) as a virtual player, and prints every beacon in firing
            order: the playhead, the event as VAST spells it, the hop it came from, and the URL with its
            macros expanded. The impression fires at 0; the player reports progress at each milestone,
            input and the end, so any duration plays at once. Nothing is sent unless --fire is given.

            A pod plays as one break, as the library's AdBreak plays it: every ad in sequence, each with the
            same inputs (their times counted from that ad's start), [PODSEQUENCE] and [ADCOUNT] filled; an
            ad that cannot play (no Linear: 303, no media file of a supported type: 403) is skipped by the
            break, its Error URLs fired with that code, and the break goes on. An ad whose only creative is
            a NonLinear plays as an overlay: shown for --duration, else its minSuggestedDuration, else until
            the last input; clicks fire NonLinearClickTracking, --accept-at to --close-at its events.

            Times are seconds on the simulation clock (since the ad started, paused time included;
            without a pause or seek it is the playhead; for an overlay, the time it has been shown).
            """,
        arguments: """
              SOURCE              A file, an http(s) tag URL, or - for standard input.
            """,
        notes: """
            With --json, a JSON list on stdout: {"at","event","url","hop"} per beacon in firing order
            ("offset" added for progress); at is the playhead in seconds (an overlay's time on screen).
            In a pod each entry also has "position", its ad's place in the pod (1-based).
            """,
        examples: [
            "vastcheck simulate vast-samples/v20-inline-linear.xml",
            "vastcheck simulate --pause-at 5 --resume-at 8 --mute-at 10 tag.xml",
            "vastcheck simulate --seek-to 20 --json tag.xml | jq -r '.[].event'",
            "vastcheck simulate --skip-at 4 --start 2024-05-01T12:00:00Z --seed 7 tag.xml",
            "vastcheck simulate --exposure 100 --click-at 2 --close-at 8 overlay.xml",
            "vastcheck simulate --fire \"https://ads.example.com/vast?pos=pre\"",
        ],
        exitCodes: "0 played, 1 no ad, an ad that cannot be played (a pod ad the break skipped too), or an input "
            + "the lifecycle refused, 2 the source could not be read or the output not written, 64 usage error.")
}

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
            Resolves the source like inspect, then plays its (first) ad through a real ad session (the
            unit, video and viewability state of one ad instance) as a virtual player, and prints every
            beacon in firing order: the playhead, the event as VAST spells it, the hop it came from, and
            the URL with its macros expanded. The impression fires at 0; the player reports progress at
            each milestone, input and the end, so any duration plays at once. Nothing is sent unless
            --fire is given.

            Times are seconds on the simulation clock (since the ad started, paused time included;
            without a pause or seek it is the playhead).
            """,
        arguments: """
              SOURCE              A file, an http(s) tag URL, or - for standard input.
            """,
        notes: """
            With --json, a JSON list on stdout: {"at","event","url","hop"} per beacon in firing order
            ("offset" added for progress); at is the playhead in seconds.
            """,
        examples: [
            "vastcheck simulate vast-samples/v20-inline-linear.xml",
            "vastcheck simulate --pause-at 5 --resume-at 8 --mute-at 10 tag.xml",
            "vastcheck simulate --seek-to 20 --json tag.xml | jq -r '.[].event'",
            "vastcheck simulate --skip-at 4 --start 2024-05-01T12:00:00Z --seed 7 tag.xml",
            "vastcheck simulate --fire \"https://ads.example.com/vast?pos=pre\"",
        ],
        exitCodes: "0 played, 1 no ad, an ad that cannot be played, or an input the lifecycle refused, 2 the source "
            + "could not be read, 64 usage error.")
}

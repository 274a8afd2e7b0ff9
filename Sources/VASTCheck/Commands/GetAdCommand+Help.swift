extension GetAdCommand {
    static let helpText = CommandHelp(
        positional: "",
        summary: """
            Runs one getAd (or getBottomBannerAd with --max-height) through the real engine: the
            placement policy, mediation across the placement's sources, and the creative choice.
            Prints the placement decision, what each source did, and the chosen ad or why there is none.
            With --scenario, runs several presentations in one engine, step by step (open, items
            viewed, wait, reload, configure, close, requests in each), and prints every step's
            decision, so you can see why one player shows ads and another does not.
            With --no-redact, the request's IFA, consent strings, IP, location and user agent (and the
            settings' privateMacros) are shown instead of [redacted:NAME].
            """,
        notes: """
            The beacon store is a temporary SQLite file in a private folder (0700, the file 0600) that
            is removed when the run ends, also on SIGINT or SIGTERM; one a killed run left is removed
            by the next run.
            """,
        examples: [
            "vastcheck getad --settings tenant.json --request slot.json",
            "vastcheck getad --settings tenant.json --request banner.json --presentation clips.json --max-height 90 --json",
            "vastcheck getad --settings tenant.json --scenario two-players.json",
        ],
        exitCodes:
            "0 an ad was found, 1 no ad, 2 a file could not be read or is invalid (the message names the field), "
            + "64 usage error. With --scenario: 0 every step ran, 1 a step named a presentation that was not "
            + "open (or opened one twice), 2 as above, 64 also a scenario past its bounds (1,000 steps, 16 "
            + "presentations, names of 64 characters, item and collection ids of 256 bytes).")
}

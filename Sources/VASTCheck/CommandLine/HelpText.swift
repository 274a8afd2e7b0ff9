/// The help texts, kept whole so that golden tests can compare them.
enum HelpText {
    static let main = """
        vastcheck: validate VAST ad tags (VAST 2.0 to 4.3).

        USAGE: vastcheck <command> [options]

        COMMANDS:
          validate    Check VAST documents: files, directories (walked for *.xml), tag URLs, or - for stdin.
          getad       Run one getAd through the real engine: the placement decision, each source, the ad.
          inspect     Show a tag's wrapper chain as a tree and the merged ad's tracking, grouped by event.
          simulate    Play a tag's ad through the real lifecycles and list every beacon in firing order.
          replay      Run lifecycle fixtures and say which pass; a failure shows expected against actual.
          report      Write one self-contained HTML page: the chain, the findings, the beacon timeline.
          flatten     Write a tag's wrapper chain as one InLine document with every merged tracking URL.
          rules       List every rule findings name: id, severity, VAST versions, IAB section, examples.
          serve       Start a local web inspector: check a tag, play it and watch its beacons fire live.

        OPTIONS:
          -h, --help  Show this help.
          --version   Show the version.
          --no-redact (any command) Show identifier and consent values (IFA, DEVICEIP, LATLONG,
                      GDPRCONSENT, GPPSTRING, DEVICEUA) instead of [redacted:NAME]; for local debugging.

        The options that several commands take mean the same in each: --timeout, --max-depth, --max-bytes,
        --macro, --follow, --jobs (-j), --output (-o), --json, --format, --quiet (-q), --verbose (-v),
        --strict, --disable, --severity, --config. Rule settings can also live in a .vastcheck.json
        (found from the current folder up; flags win over it): see vastcheck rules --help.

        EXAMPLES:
          vastcheck validate vast-samples/
          vastcheck inspect "https://ads.example.com/vast?pos=pre"
          vastcheck simulate --skip-at 6 tag.xml
          vastcheck replay Tests/Fixtures/lifecycle/
          vastcheck report tag.xml -o tag.html
          vastcheck flatten "https://ads.example.com/vast?pos=pre" > flat.xml

        EXIT CODES: 0 success (validate, report, inspect: valid, every ad plays; getad: an ad; replay:
        all passed; flatten: written), 1 the opposite (an invalid document, an ad that will not play,
        no ad, a failing fixture), 2 an input could not be read ("vastcheck: cannot read NAME: REASON"
        on stderr) or an output could not be written (a file, stdout or stderr: a full disk, a closed
        pipe), 64 usage error. Each command's help has its own examples: vastcheck <command> --help.

        File names are bytes: a name that is not UTF-8 is opened as it is and shown with each such byte
        as \\xHH (two lowercase hex digits) in every output.

        """
}

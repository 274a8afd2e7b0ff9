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

        OPTIONS:
          -h, --help  Show this help.
          --version   Show the version.
          --no-redact (any command) Show identifier and consent values (IFA, DEVICEIP, LATLONG,
                      GDPRCONSENT, GPPSTRING, DEVICEUA) instead of [redacted:NAME]; for local debugging.

        EXAMPLES:
          vastcheck validate vast-samples/
          vastcheck inspect "https://ads.example.com/vast?pos=pre"
          vastcheck simulate --skip-at 6 tag.xml
          vastcheck replay Tests/Fixtures/lifecycle/
          vastcheck report tag.xml --html tag.html
          vastcheck flatten "https://ads.example.com/vast?pos=pre" > flat.xml

        EXIT CODES: 0 success (validate: all valid; getad, report: an ad; replay: all passed; flatten:
        written), 1 the opposite (an invalid document, no ad, a failing fixture), 2 an input could
        not be read ("vastcheck: cannot read NAME: REASON" on stderr), 64 usage error. Each command's
        help has its own examples: vastcheck <command> --help.

        """

    static let validate = """
        USAGE: vastcheck validate [--json] [--strict] [--verbose] [--follow] [--schema FILE.xsd]
                                  [--max-bytes N] [--max-depth N] [--timeout SECONDS] [--fire-errors]
                                  [--list FILE] [--jobs N] [--jsonl | --format FORMAT] [--output FILE]
                                  SOURCE...

        Parses each document with the hardened VAST parser and reports its findings: content
        errors, tolerated messiness, and schema-only issues (namespace, child order) apart.
        Tag URLs are fetched and their wrapper chains followed; the report lists every hop.
        Sources are checked --jobs at a time; with more than one, a breakdown (outcomes, VAST
        error codes, the slowest hops) comes before the summary line.

        ARGUMENTS:
          SOURCE            A file, a directory (every *.xml below it, in name order), an http(s)
                            tag URL, or - for stdin.

        OPTIONS:
          --list FILE       Also check the sources in FILE, one per line (blank lines and lines
                            starting with # skipped); relative paths are relative to FILE's folder.
                            - reads the list from stdin. Repeatable; listed after SOURCEs.
          --jobs N          Sources checked at once, 1 to 64 (default 8).
          --json            One JSON document on stdout (fields in the README).
          --jsonl           One JSON line per document as each finishes, then a summary line.
          --format FORMAT   human (default), json, jsonl, or junit (JUnit XML for CI).
          --output FILE     Write the report to FILE instead of stdout.
          --strict          Count warnings as failures too.
          --verbose         Also print info findings (the JSON always has them).
          --follow          Also follow the wrappers of file sources (URLs are always followed).
          --schema FILE     Also validate local documents against an XML Schema (an IAB VAST XSD).
          --max-bytes N     Refuse documents larger than N bytes (default 2097152).
          --max-depth N     Wrappers to follow before error 302 (default 5).
          --timeout SECONDS Per-request timeout (default 8 for the tag, 4 for each wrapper).
          --fire-errors     Send the chain's error pixels (by default they are only listed).
          --no-redact       Show private macro values instead of [redacted:NAME].
          -h, --help        Show this help.

        People get a line per document in input order; with stderr on a terminal, a progress
        line (done/total, rate, ETA) is drawn there. A source that cannot be read is reported in
        its place ("unreadable") and on stderr, and the others are still checked; a document over
        --max-bytes is refused unread, as VAST error 100.

        EXAMPLES:
          vastcheck validate vast-samples/
          vastcheck validate --json tag.xml | jq '.summary'
          vastcheck validate "https://ads.example.com/vast?pos=pre"
          vastcheck validate --list tags.txt --jobs 16 --jsonl > results.jsonl
          vastcheck validate --list tags.txt --format junit --output vast-junit.xml
          vastcheck validate --follow --max-depth 3 --timeout 2 wrapper.xml
          curl -s "$TAG" | vastcheck validate -
          vastcheck validate --schema vast_4.2.xsd tag.xml

        EXIT CODES: 0 all valid, 1 any invalid, 2 an input (or a --list file) could not be read,
        64 usage error.

        """

    static let getad = """
        USAGE: vastcheck getad --settings FILE --request FILE [--presentation FILE] [--max-height N] [--json]
                               [--no-redact]

        Runs one getAd (or getBottomBannerAd with --max-height) through the real engine: the
        placement policy, mediation across the placement's sources, and the creative choice.
        Prints the placement decision, what each source did, and the chosen ad or why there is none.

        OPTIONS:
          --settings FILE      Tenant settings JSON (placements, sources, caps).
          --request FILE       AdRequestInfo JSON (placement, collection, item, consent, app, device...).
          --presentation FILE  ClipsAdConfiguration JSON ({"preRollEnabled": true, ...}); omitted means
                               not opted in to Clips pre-roll and bottom banner.
          --max-height N       Ask for a bottom banner at most N high.
          --json               One JSON document on stdout (fields in the README).
          --no-redact          Show the request's IFA, consent strings, IP, location and user agent
                               (and the settings' privateMacros) instead of [redacted:NAME].
          -h, --help           Show this help.

        The beacon store is a temporary SQLite file in a private folder (0700, the file 0600) that
        is removed when the run ends, also on SIGINT or SIGTERM; one a killed run left is removed
        by the next run.

        EXAMPLES:
          vastcheck getad --settings tenant.json --request slot.json
          vastcheck getad --settings tenant.json --request banner.json --presentation clips.json --max-height 90 --json

        EXIT CODES: 0 an ad was found, 1 no ad, 2 a file could not be read or is invalid, 64 usage error.

        """
}

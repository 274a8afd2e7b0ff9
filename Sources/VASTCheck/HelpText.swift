/// The help texts, kept whole so that golden tests can compare them.
enum HelpText {
    static let main = """
        vastcheck: validate VAST ad tags (VAST 2.0 to 4.3).

        USAGE: vastcheck <command> [options]

        COMMANDS:
          validate    Check VAST documents: files, directories (walked for *.xml), tag URLs, or - for stdin.
          getad       Run one getAd through the real engine: the placement decision, each source, the ad.

        OPTIONS:
          -h, --help  Show this help.
          --version   Show the version.

        EXIT CODES: 0 all valid (getad: an ad), 1 any invalid (getad: no ad), 2 an input could not
        be read, 64 usage error.
        See 'vastcheck validate --help' and 'vastcheck getad --help' for examples.

        """

    static let validate = """
        USAGE: vastcheck validate [--json] [--strict] [--verbose] [--follow] [--schema FILE.xsd]
                                  [--max-bytes N] [--max-depth N] [--timeout SECONDS] [--fire-errors] SOURCE...

        Parses each document with the hardened VAST parser and reports its findings: content
        errors, tolerated messiness, and schema-only issues (namespace, child order) apart.
        Tag URLs are fetched and their wrapper chains followed; the report lists every hop.

        ARGUMENTS:
          SOURCE            A file, a directory (every *.xml below it, in name order), an http(s)
                            tag URL, or - for stdin.

        OPTIONS:
          --json            One JSON document on stdout (fields in the README).
          --strict          Count warnings as failures too.
          --verbose         Also print info findings (the JSON always has them).
          --follow          Also follow the wrappers of file sources (URLs are always followed).
          --schema FILE     Also validate local documents against an XML Schema (an IAB VAST XSD).
          --max-bytes N     Refuse documents larger than N bytes (default 2097152).
          --max-depth N     Wrappers to follow before error 302 (default 5).
          --timeout SECONDS Per-request timeout (default 8 for the tag, 4 for each wrapper).
          --fire-errors     Send the chain's error pixels (by default they are only listed).
          -h, --help        Show this help.

        EXAMPLES:
          vastcheck validate vast-samples/
          vastcheck validate --json tag.xml | jq '.summary'
          vastcheck validate "https://ads.example.com/vast?pos=pre"
          vastcheck validate --follow --max-depth 3 --timeout 2 wrapper.xml
          curl -s "$TAG" | vastcheck validate -
          vastcheck validate --schema vast_4.2.xsd tag.xml

        EXIT CODES: 0 all valid, 1 any invalid, 2 an input could not be read, 64 usage error.

        """

    static let getad = """
        USAGE: vastcheck getad --settings FILE --request FILE [--presentation FILE] [--max-height N] [--json]

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
          -h, --help           Show this help.

        EXAMPLES:
          vastcheck getad --settings tenant.json --request slot.json
          vastcheck getad --settings tenant.json --request banner.json --presentation clips.json --max-height 90 --json

        EXIT CODES: 0 an ad was found, 1 no ad, 2 a file could not be read or is invalid, 64 usage error.

        """
}

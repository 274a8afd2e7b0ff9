extension ValidateCommand {
    static let helpText = CommandHelp(
        positional: "SOURCE...",
        summary: """
            Parses each document with the hardened VAST parser and reports its findings: content
            errors, tolerated messiness, and schema-only issues (namespace, child order) apart.
            Tag URLs are fetched and their wrapper chains followed; the report lists every hop.
            A document is valid when what would play is whole: a pod or buffet with an ad that will
            not play is invalid. Sources are checked --jobs at a time; with more than one, a breakdown
            (outcomes, VAST error codes, the rules that failed documents, the slowest hops) comes
            before the summary line.
            """,
        arguments: """
              SOURCE            A file, a directory (every *.xml below it, in name order), an http(s)
                                tag URL, or - for stdin.
            """,
        notes: """
            People get a line per document in input order: the verdict, the VAST error code and its
            name, for a chain the hops and the counts of the InLine that plays, then "why:" (the failing
            hop's URL, HTTP status and time, and the reason) and each finding as
            FILE:LINE:COL: severity: message (at PATH) [rule-id], which editors and CI annotate (for a
            hop of a chain, the hop's URL and "hop N"; FILE:LINE: when the column is not known). Names
            and document text are shown with control characters, escape sequences and bidi controls
            escaped (JSON keeps them exact). With stderr on a terminal, a progress line (done/total,
            failed so far, rate, ETA) is drawn there. A source that cannot be read is reported in
            place ("vastcheck: cannot read NAME: REASON") and the others are still checked; a document
            over --max-bytes is refused unread, as VAST error 100. Formats: human, json (one document),
            jsonl (a line per document as each finishes), junit (JUnit XML) and sarif (SARIF 2.1.0,
            for code-scanning dashboards). Rule settings: vastcheck rules --help.
            """,
        examples: [
            "vastcheck validate vast-samples/",
            "vastcheck validate --json tag.xml | jq '.summary'",
            "vastcheck validate \"https://ads.example.com/vast?pos=pre\"",
            "vastcheck validate --list tags.txt -j 16 --jsonl > results.jsonl",
            "vastcheck validate --list tags.txt --format junit -o vast-junit.xml",
            "vastcheck validate --format sarif -o vast.sarif vast-samples/",
            "vastcheck validate --disable schema.namespace --severity time.lenient=error tag.xml",
            "vastcheck validate --follow --max-depth 3 --timeout 2 wrapper.xml",
            "curl -s \"$TAG\" | vastcheck validate -",
            "vastcheck validate --schema vast_4.2.xsd tag.xml",
        ],
        exitCodes:
            "0 all valid, 1 any invalid, 2 an input (a --list or a --config file) could not be read, 64 usage error.")
}

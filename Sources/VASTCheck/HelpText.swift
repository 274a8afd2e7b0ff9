/// The help texts, kept whole so that golden tests can compare them.
enum HelpText {
    static let main = """
        vastcheck: validate VAST ad tags (VAST 2.0 to 4.3).

        USAGE: vastcheck <command> [options]

        COMMANDS:
          validate    Check VAST documents: files, directories (walked for *.xml), or - for stdin.

        OPTIONS:
          -h, --help  Show this help.
          --version   Show the version.

        EXIT CODES: 0 all valid, 1 any invalid, 2 an input could not be read, 64 usage error.
        See 'vastcheck validate --help' for examples.

        """

    static let validate = """
        USAGE: vastcheck validate [--json] [--strict] [--verbose] [--schema FILE.xsd] [--max-bytes N] PATH...

        Parses each document with the hardened VAST parser and reports its findings: content
        errors, tolerated messiness, and schema-only issues (namespace, child order) apart.

        ARGUMENTS:
          PATH              A file, a directory (every *.xml below it, in name order), or - for stdin.

        OPTIONS:
          --json            One JSON document on stdout (fields in the README).
          --strict          Count warnings as failures too.
          --verbose         Also print info findings (the JSON always has them).
          --schema FILE     Also validate against an XML Schema (e.g. an IAB VAST XSD).
          --max-bytes N     Refuse documents larger than N bytes (default 2097152).
          -h, --help        Show this help.

        EXAMPLES:
          vastcheck validate vast-samples/
          vastcheck validate --json tag.xml | jq '.summary'
          curl -s "$TAG" | vastcheck validate -
          vastcheck validate --schema vast_4.2.xsd tag.xml

        EXIT CODES: 0 all valid, 1 any invalid, 2 an input could not be read, 64 usage error.

        """
}

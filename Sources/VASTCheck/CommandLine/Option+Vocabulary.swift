/// The options that mean the same in every subcommand that takes them, each declared here once.
///
/// A command lists the ones that apply to it in ``Command/options`` beside its own; their spelling
/// and help are these whichever command shows them (a test reads every `--help` to hold that).
extension Option {
    static let help = Option("--help", short: "h", help: "Show this help.")
    static let noRedact = Option(
        "--no-redact",
        help: "Show private macro values (IFA, DEVICEIP, LATLONG, GDPRCONSENT, GPPSTRING, DEVICEUA) instead of "
            + "[redacted:NAME]; for local debugging.")

    // Output
    static let json = Option(
        "--json", help: "Write JSON instead of text (the same as --format json; fields in docs/cli.md).")
    static let output = Option(
        "--output", short: "o", value: "FILE",
        help: "Write the output to FILE instead of standard output (- is standard output).")
    static let quiet = Option(
        "--quiet", short: "q", help: "Print only what failed and the summary; the exit code says the rest.")
    static let verbose = Option(
        "--verbose", short: "v", help: "Print more: info findings, and each source's wrapper chain hop by hop.")

    /// `--format FORMAT` with the formats a command writes.
    static func format(_ formats: [OutputFormat]) -> Option {
        // A plain loop: `joined` on a slice looks its generic types up at run time, a measurable part
        // of a one-document run (every command builds its options before reading its arguments).
        var list = ""
        for (index, format) in formats.enumerated() {
            if index > 0 { list += index == formats.count - 1 ? " or " : ", " }
            list += format.rawValue
        }
        return Option("--format", value: "FORMAT", help: "The output format: \(list) (default: human).")
    }

    // Fetching and following
    static let timeout = Option(
        "--timeout", value: "SECONDS",
        help: "Per-request timeout, 0.001 to 600 (default: 8 for the tag, 4 for each wrapper).")
    static let maxDepth = Option(
        "--max-depth", value: "N", help: "Wrappers to follow before error 302, 0 to 50 (default 5).")
    static let maxBytes = Option(
        "--max-bytes", value: "N", help: "Refuse documents larger than N bytes, as VAST error 100 (default 2097152).")
    static let follow = Option(
        "--follow",
        help: "Follow the wrappers of file and stdin sources too (tag URLs are always followed); the default for every "
            + "command but validate.")
    static let macro = Option(
        "--macro", value: "NAME=VALUE", repeatable: true,
        help: "A macro's value (repeatable), as the IAB names it, for the URLs fetched and shown: "
            + "--macro DEVICEIP=192.0.2.1, lists with commas (--macro REGULATIONS=gdpr,coppa), -1 unknown, -2 withheld."
    )
    static let duration = Option(
        "--duration", value: "SECONDS",
        help: "The media's duration in seconds, 0 to 86400 (default: the Linear's Duration; needed when it has none).")
    static let jobs = Option("--jobs", short: "j", value: "N", help: "Sources checked at once, 1 to 64 (default 8).")

    // Rules
    static let strict = Option("--strict", help: "Count warnings as failures too.")
    static let disable = Option(
        "--disable", value: "RULE", repeatable: true,
        help: "Drop the findings of RULE, a family (url.invalid) or a finer id "
            + "(required-attribute.MediaFile.delivery); repeatable. See vastcheck rules.")
    static let severity = Option(
        "--severity", value: "RULE=LEVEL", repeatable: true,
        help: "Report RULE's findings as LEVEL (error, warning or info); repeatable; a finer id wins over its family.")

    static let config = Option(
        "--config", value: "FILE",
        help: "Read the rule settings from FILE instead of the nearest .vastcheck.json in the current folder or above.")

    /// The options every command takes.
    static let common: [Option] = [.noRedact, .help]

    /// The options of a command that fetches and follows a tag.
    static let resolution: [Option] = [.timeout, .maxDepth, .maxBytes, .macro, .follow]

    /// The options of a command that judges findings.
    static let rules: [Option] = [.strict, .disable, .severity, .config]
}

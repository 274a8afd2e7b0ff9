import VAST

/// One `vastcheck` subcommand: its options, its help, and how it runs.
protocol Command {
    /// Options that take no value (`--json`); `--help`, `-h` and `--no-redact` are added for every command.
    static var flags: Set<String> { get }
    /// Options that take one value (`--schema FILE`).
    static var options: Set<String> { get }
    /// The whole `--help` text, with examples.
    static var help: String { get }

    /// Reads the command line, or throws a usage error saying what is wrong.
    init(_ arguments: Arguments) throws(UsageError)

    /// The macro values the command expands URLs with (`--macro`), whose private ones its output
    /// hides unless `--no-redact` is given; `nil` when it has none before it runs.
    var macroValues: VASTMacroContext? { get }

    /// Runs the command.
    func run(_ console: Console) async -> ExitCode
}

extension Command {
    var macroValues: VASTMacroContext? { nil }

    /// Parses `arguments`, answers `--help`, runs the command with its output redacted (see
    /// ``macroValues``), and turns usage errors into exit 64.
    static func main(_ arguments: [String], name: String, console: Console) async -> ExitCode {
        do {
            guard let (command, parsed) = try parse(arguments) else {
                console.out(help)
                return .success
            }
            guard !parsed.flags.contains("--no-redact"), let values = command.macroValues else {
                return await command.run(console)
            }
            return await command.run(console.redacting(VASTMacroRedactor(context: values)))
        } catch {
            console.err("vastcheck: \(error.message)\nSee 'vastcheck \(name) --help'.\n")
            return .usage
        }
    }

    /// Reads `arguments` without running anything: the command and the arguments it was read from, or
    /// `nil` when they ask for `--help`.
    /// - Throws: ``UsageError`` saying what is wrong.
    static func parse(_ arguments: [String]) throws(UsageError) -> (command: Self, arguments: Arguments)? {
        let parsed = try Arguments(arguments, flags: flags.union(["--help", "-h", "--no-redact"]), options: options)
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") { return nil }
        return (try Self(parsed), parsed)
    }
}

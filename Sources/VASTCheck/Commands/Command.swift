/// One `vastcheck` subcommand: its options, its help, and how it runs.
protocol Command {
    /// Options that take no value (`--json`); `--help` and `-h` are added for every command.
    static var flags: Set<String> { get }
    /// Options that take one value (`--schema FILE`).
    static var options: Set<String> { get }
    /// The whole `--help` text, with examples.
    static var help: String { get }

    /// Reads the command line, or throws a usage error saying what is wrong.
    init(_ arguments: Arguments) throws(UsageError)

    /// Runs the command.
    func run(_ console: Console) async -> ExitCode
}

extension Command {
    /// Parses `arguments`, answers `--help`, runs the command, and turns usage errors into exit 64.
    static func main(_ arguments: [String], name: String, console: Console) async -> ExitCode {
        do {
            let parsed = try Arguments(arguments, flags: flags.union(["--help", "-h"]), options: options)
            if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
                console.out(help)
                return .success
            }
            return try await Self(parsed).run(console)
        } catch {
            console.err("vastcheck: \(error.message)\nSee 'vastcheck \(name) --help'.\n")
            return .usage
        }
    }
}

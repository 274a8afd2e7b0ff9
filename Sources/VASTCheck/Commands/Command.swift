import VAST

/// One `vastcheck` subcommand: its name, the options it declares, its help, and how it runs.
protocol Command {
    /// The subcommand's name: `validate`.
    static var name: String { get }
    /// The options it takes, in the order its help lists them (shared ones from ``Option``'s
    /// vocabulary); `--no-redact` and `--help` are added for every command.
    static var options: [Option] { get }
    /// Its help besides the usage line and the options.
    static var helpText: CommandHelp { get }
    /// True when the command writes `--output FILE` itself; otherwise what it would write to standard
    /// output goes to FILE (written whole, atomically, when it ends).
    static var writesOutputItself: Bool { get }

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
    static var writesOutputItself: Bool { false }

    /// Every option the command accepts.
    static var allOptions: [Option] { options + Option.common }

    /// The whole `--help` text.
    static var help: String { helpText.render(command: name, options: allOptions) }

    /// Parses `arguments`, answers `--help`, runs the command with its output redacted (see
    /// ``macroValues``) and sent to `--output` when the command does not write it itself, and turns
    /// usage errors into exit 64.
    static func main(_ arguments: [String], console: Console) async -> ExitCode {
        let parsed: Arguments
        let command: Self
        do {
            guard let read = try parse(arguments) else {
                console.out(help)
                return .success
            }
            (command, parsed) = read
        } catch {
            console.err(usageError(error))
            return .usage
        }
        var console = console
        if !parsed.flags.contains(Option.noRedact.name), let values = command.macroValues {
            console = console.redacting(VASTMacroRedactor(context: values))
        }
        guard !writesOutputItself, let path = parsed.value(Option.output.name), path != "-" else {
            return await command.run(console)
        }
        return await OutputFile.run(to: path, console: console) { await command.run($0) }
    }

    /// `Error: MESSAGE`, the usage line, the hint and where the help is (swift-argument-parser's layout).
    static func usageError(_ error: UsageError) -> String {
        var text = "Error: \(Terminal.escape(error.message))\n"
        text += CommandHelp.usage(
            command: name, options: allOptions, positional: helpText.positional, prefix: "Usage: ")
        text += "\n"
        if let hint = error.hint {
            text += "  " + Terminal.escape(hint.prefix(1).uppercased() + hint.dropFirst()) + "\n"
        }
        text += "  See 'vastcheck \(name) --help' for more information.\n"
        return text
    }

    /// Reads `arguments` without running anything: the command and the arguments it was read from, or
    /// `nil` when they ask for `--help`.
    /// - Throws: ``UsageError`` saying what is wrong.
    static func parse(_ arguments: [String]) throws(UsageError) -> (command: Self, arguments: Arguments)? {
        let parsed = try Arguments(arguments, options: allOptions)
        if parsed.flags.contains(Option.help.name) { return nil }
        return (try Self(parsed), parsed)
    }
}

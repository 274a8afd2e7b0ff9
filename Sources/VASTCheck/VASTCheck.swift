/// The `vastcheck` command line, as a library so that tests run it in-process.
///
/// `run` never exits the process and never touches global state other than through the
/// ``Console`` it is given.
public enum VASTCheck {
    /// The tool's version.
    public static let version = "0.1.0"

    /// Runs one command line (without the program name).
    /// - Returns: the exit code to exit with.
    public static func run(_ arguments: [String], console: Console) async -> ExitCode {
        guard let command = arguments.first else {
            console.err(HelpText.main)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            console.out(HelpText.main)
            return .success
        case "--version":
            console.out("vastcheck \(version)\n")
            return .success
        default:
            guard let type = Self.command(named: command) else {
                return usage("unknown command \"\(command)\"", help: "vastcheck --help", console: console)
            }
            return await type.main(rest, name: command, console: console)
        }
    }

    /// The subcommand called `name`.
    static func command(named name: String) -> (any Command.Type)? {
        switch name {
        case "validate": ValidateCommand.self
        case "getad": GetAdCommand.self
        case "inspect": InspectCommand.self
        case "simulate": SimulateCommand.self
        case "replay": ReplayCommand.self
        case "report": ReportCommand.self
        case "flatten": FlattenCommand.self
        default: nil
        }
    }

    private static func usage(_ message: String, help: String, console: Console) -> ExitCode {
        console.err("vastcheck: \(message)\nSee '\(help)'.\n")
        return .usage
    }
}

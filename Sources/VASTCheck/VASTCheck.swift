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
        case "validate":
            return await ValidateCommand.main(rest, name: command, console: console)
        case "getad":
            return await GetAdCommand.main(rest, name: command, console: console)
        case "inspect":
            return await InspectCommand.main(rest, name: command, console: console)
        case "simulate":
            return await SimulateCommand.main(rest, name: command, console: console)
        case "replay":
            return await ReplayCommand.main(rest, name: command, console: console)
        case "report":
            return await ReportCommand.main(rest, name: command, console: console)
        case "flatten":
            return await FlattenCommand.main(rest, name: command, console: console)
        default:
            return usage("unknown command \"\(command)\"", help: "vastcheck --help", console: console)
        }
    }

    private static func usage(_ message: String, help: String, console: Console) -> ExitCode {
        console.err("vastcheck: \(message)\nSee '\(help)'.\n")
        return .usage
    }
}

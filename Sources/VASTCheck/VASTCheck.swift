import AdResolution

/// The `vastcheck` command line, as a library so that tests run it in-process.
///
/// `run` never exits the process and never touches global state other than through the
/// ``Console`` it is given.
public enum VASTCheck {
    /// The tool's version.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `vastcheck --help` lists them.
    static var commands: [any Command.Type] {
        [
            ValidateCommand.self, GetAdCommand.self, InspectCommand.self, SimulateCommand.self, ReplayCommand.self,
            ReportCommand.self, FlattenCommand.self, RulesCommand.self, ServeCommand.self,
        ]
    }

    /// The process's arguments without the program name, each read from its bytes (`CommandLine.arguments`
    /// turns a byte that is not UTF-8 into U+FFFD, and the file it named into "no such file"): bytes that are
    /// not UTF-8 are carried as `FileName` says, so a file name given that way is opened as it is.
    public static var processArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { FileName.string(cString: $0) }
        }
    }

    /// Runs one command line (without the program name).
    ///
    /// When the console's standard output or standard error refused a write (``Console/writeFailures``),
    /// the command still runs to its end and then exits 2, as when a file it writes cannot be written.
    /// - Returns: the exit code to exit with.
    public static func run(_ arguments: [String], console: Console) async -> ExitCode {
        console.ending(with: await dispatch(arguments, console: console))
    }

    /// Runs one command line (without the program name) as the `vastcheck` program does: ``run(_:console:)``
    /// with the command's tasks on the main dispatch queue (those that work side by side, such as a batch's
    /// documents, on the global executor), so a short command starts no pool thread of its own. For a program's
    /// async top-level code, whose `dispatch_main` drains that queue; elsewhere use ``run(_:console:)``. It starts
    /// on its caller's executor (`nonisolated(nonsending)`): reaching the main queue costs no hop through the pool.
    /// - Returns: the exit code to exit with.
    nonisolated(nonsending) public static func runOnMainQueue(
        _ arguments: [String], console: Console
    ) async -> ExitCode {
        await withTaskExecutorPreference(MainQueueExecutor()) { await run(arguments, console: console) }
    }

    /// Runs one command line (without the program name) as the `vastcheck` program does, from synchronous code:
    /// ``run(_:console:)`` with the command's tasks on the calling thread (those that work side by side, such
    /// as a batch's documents, on the global executor), which waits for them in between, so a short command
    /// starts no thread. The command must not need the main dispatch queue, which this does not drain: none of
    /// `vastcheck`'s does.
    /// - Returns: the exit code to exit with.
    public static func runOnCallingThread(_ arguments: [String], console: Console) -> ExitCode {
        CallingThreadExecutor.drive { await run(arguments, console: console) }
    }

    private static func dispatch(_ arguments: [String], console: Console) async -> ExitCode {
        guard let name = arguments.first else {
            console.err(HelpText.main)
            return .usage
        }
        switch name {
        case "--help", "-h", "help":
            console.out(HelpText.main)
            return .success
        case "--version":
            console.out("vastcheck \(version)\n")
            return .success
        default:
            guard let command = commands.first(where: { $0.name == name }) else {
                console.err(
                    "Error: unknown command \"\(Terminal.escape(name))\"\nUsage: vastcheck <command> [options]\n"
                        + "  See 'vastcheck --help' for more information.\n")
                return .usage
            }
            return await command.main(Array(arguments.dropFirst()), console: console)
        }
    }
}

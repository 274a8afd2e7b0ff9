extension VASTCheck {
    /// What a command line would do, told without running it.
    public enum CommandLineCheck: Sendable, Hashable {
        /// It prints help (`--help` for the tool or a command) and exits 0.
        case help
        /// It prints the version and exits 0.
        case version
        /// It runs the named command.
        case runs(command: String)
        /// It is refused with exit 64 and this message.
        case usage(message: String)
    }

    /// Reads a command line (without the program name) exactly as ``run(_:console:)`` does, and stops
    /// before running anything.
    ///
    /// Reads no file other than asking whether a `--root` folder exists, opens no connection, writes
    /// nothing: a safe way for scripts and the fuzzer to learn whether arguments parse.
    /// - Parameter arguments: the command line, without the program name.
    /// - Returns: what ``run(_:console:)`` would do with it.
    public static func check(_ arguments: [String]) -> CommandLineCheck {
        guard let command = arguments.first else { return .usage(message: "no command given") }
        switch command {
        case "--help", "-h", "help": return .help
        case "--version": return .version
        default: break
        }
        guard let type = commands.first(where: { $0.name == command }) else {
            return .usage(message: "unknown command \"\(command)\"")
        }
        return check(type, Array(arguments.dropFirst()), name: command)
    }

    private static func check<C: Command>(_ type: C.Type, _ arguments: [String], name: String) -> CommandLineCheck {
        do {
            return try C.parse(arguments) == nil ? .help : .runs(command: name)
        } catch {
            return .usage(message: error.message)
        }
    }
}

public import Foundation

/// Where a command reads and writes: the process's standard streams in the executable, strings
/// in tests, so that the whole CLI runs in-process.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Reads all of standard input (for the `-` source).
    public var readStandardInput: @Sendable () -> Data
    /// True when standard output is a terminal.
    public var outputIsTerminal: Bool
    /// The environment variables (for `NO_COLOR`).
    public var environment: [String: String]
    /// True when standard error is a terminal (`validate` then draws its progress line there).
    public var errorIsTerminal: Bool

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                readStandardInput: @escaping @Sendable () -> Data, outputIsTerminal: Bool,
                environment: [String: String], errorIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own streams.
    public static var standard: Console {
        Console(
            out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            err: { text in FileHandle.standardError.write(Data(text.utf8)) },
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment,
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Colour only on a terminal and only when `NO_COLOR` is unset or empty (no-color.org).
    var usesColor: Bool { outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }
}

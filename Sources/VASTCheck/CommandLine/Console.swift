public import AdResolution
import FoundationEssentials
import Glibc
import VAST

/// Where a command reads and writes: the process's standard streams in the executable, strings
/// in tests, so that the whole CLI runs in-process.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Where the `-` source (and `--list -`) is read from; the loader asks it for at most its byte
    /// cap plus one byte.
    public var standardInput: StandardInput
    /// True when standard output is a terminal.
    public var outputIsTerminal: Bool
    /// The environment variables the CLI reads (`NO_COLOR`); ``standard`` holds only those.
    public var environment: [String: String]
    /// True when standard error is a terminal (`validate` then draws its progress line there).
    public var errorIsTerminal: Bool
    /// The folder `.vastcheck.json` is looked for from (the process's current folder by default).
    public var workingDirectory: String = FileName.currentDirectory
    /// Asked when the command ends: which of the two streams refused a write, and why. A refusal ends the
    /// command with exit 2 (``VASTCheck/run(_:console:)``), as a file that cannot be written does.
    public var writeFailures: @Sendable () -> WriteFailures
    /// What every write hides (``redacting(_:)``); nothing by default.
    private(set) var redactor = VASTMacroRedactor.disabled

    /// Creates a console.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        standardInput: StandardInput, outputIsTerminal: Bool,
        environment: [String: String], errorIsTerminal: Bool = false,
        writeFailures: @escaping @Sendable () -> WriteFailures = { WriteFailures() }
    ) {
        self.out = out
        self.err = err
        self.standardInput = standardInput
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
        self.errorIsTerminal = errorIsTerminal
        self.writeFailures = writeFailures
    }

    /// The process's own streams.
    public static var standard: Console {
        Console(
            out: { text in StandardStream.output.write(text) },
            err: { text in StandardStream.error.write(text) },
            standardInput: .process,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            // Only what the CLI reads, with getenv: Foundation's whole environment dictionary
            // (`ProcessInfo.environment`) was about a twentieth of a one-document run's time.
            environment: getenv("NO_COLOR").map { ["NO_COLOR": String(cString: $0)] } ?? [:],
            errorIsTerminal: isatty(STDERR_FILENO) == 1,
            writeFailures: { WriteFailures(output: StandardStream.output.failure, error: StandardStream.error.failure) }
        )
    }

    /// Colour only on a terminal and only when `NO_COLOR` is unset or empty (no-color.org).
    var usesColor: Bool { outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

    /// The same console with `redactor` applied to everything written to standard output and error,
    /// and to the files commands write (``redact(_:)``): the one place private values are hidden.
    func redacting(_ redactor: VASTMacroRedactor) -> Console {
        guard !redactor.isEmpty else { return self }
        var console = self
        let (out, err) = (self.out, self.err)
        console.out = { text in out(redactor.redact(text)) }
        console.err = { text in err(redactor.redact(text)) }
        console.redactor = redactor
        return console
    }

    /// `code`, unless a stream refused a write: then ``ExitCode/unreadable`` (2), with `vastcheck: cannot
    /// write standard output: REASON` on standard error when standard output is what failed, and nothing more
    /// when standard error failed (there is nowhere left to say it).
    func ending(with code: ExitCode) -> ExitCode {
        let failures = writeFailures()
        if let reason = failures.output, failures.error == nil {
            err("vastcheck: cannot write standard output: \(reason)\n")
        }
        return failures.output == nil && failures.error == nil ? code : .unreadable
    }

    /// `text` as this console would write it (for the report files a command writes itself).
    func redact(_ text: String) -> String { redactor.redact(text) }

    /// A source loader reading `-` from this console, documents capped at `maxDocumentBytes`.
    func loader(maxDocumentBytes: Int = VASTParser.Limits.default.maxBytes) -> SourceLoader {
        SourceLoader(limits: SourceLimits(maxDocumentBytes: maxDocumentBytes), standardInput: standardInput)
    }

    /// The one way every subcommand says a source could not be read: `vastcheck: cannot read NAME:
    /// REASON` on standard error (the command then exits 2).
    /// - Parameters:
    ///   - error: the loader's error.
    ///   - what: what the source is, when the name alone does not say (`the list`, `the settings file`).
    func cannotRead(_ error: SourceError, what: String? = nil) {
        err(Terminal.escapeLines("vastcheck: cannot read \(what.map { $0 + " " } ?? "")\(error)") + "\n")
    }
}

/// Which of a console's streams refused a write, and why, in the system's words (`Broken pipe`, `No
/// space left on device`); `nil` for a stream that took every write.
public struct WriteFailures: Sendable, Hashable {
    /// Why standard output refused a write.
    public var output: String?
    /// Why standard error refused a write.
    public var error: String?

    /// Creates the failures of a run; none by default.
    public init(output: String? = nil, error: String? = nil) {
        self.output = output
        self.error = error
    }
}

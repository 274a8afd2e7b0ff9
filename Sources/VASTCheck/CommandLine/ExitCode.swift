/// The exit codes `vastcheck` promises to scripts and CI (see docs/cli.md).
public enum ExitCode: Int32, Sendable {
    /// Every document was valid.
    case success = 0
    /// At least one document was invalid.
    case invalid = 1
    /// At least one input could not be read (missing file, unreadable directory), or an output could not be
    /// written (a file, standard output or standard error: a full disk, a reader that went away).
    case unreadable = 2
    /// The command line was wrong.
    case usage = 64
}

import Synchronization

/// `--output FILE` for a command that writes only to standard output: what it writes there is
/// collected and written to FILE at once when it ends (``AtomicFile``), so a failed run never leaves
/// half a report; standard error is untouched.
enum OutputFile {
    /// Runs `body` with a console whose standard output goes to `path`.
    /// - Returns: the command's exit code, or ``ExitCode/unreadable`` when the file cannot be written
    ///   (said on standard error).
    static func run(to path: String, console: Console, _ body: (Console) async -> ExitCode) async -> ExitCode {
        let collected = Mutex("")
        var captured = console
        // The console's own out redacts; this one replaces it, so it redacts the same way.
        let original = console
        captured.out = { text in collected.withLock { $0 += original.redact(text) } }
        captured.outputIsTerminal = false
        let code = await body(captured)
        do {
            try AtomicFile.write(Array(collected.withLock { $0 }.utf8), to: path)
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .unreadable
        }
        return code
    }
}

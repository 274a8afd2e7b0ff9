/// A command line that cannot be run: exits 64 after the message, the usage line and a hint.
struct UsageError: Error {
    /// What was wrong, for a person: `unknown option --jbos`.
    let message: String
    /// A line that may help (`did you mean --jobs?`), printed before the pointer to `--help`.
    let hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// `vastcheck report` (being written).
struct ReportCommand: Command {
    static let flags: Set<String> = []
    static let options: Set<String> = []
    static let help = "USAGE: vastcheck report (not available yet)\n"

    init(_ arguments: Arguments) throws(UsageError) {
        throw UsageError("report is not available yet")
    }

    func run(_ console: Console) async -> ExitCode { .usage }
}

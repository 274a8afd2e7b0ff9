/// `vastcheck replay` (being written).
struct ReplayCommand: Command {
    static let flags: Set<String> = []
    static let options: Set<String> = []
    static let help = "USAGE: vastcheck replay (not available yet)\n"

    init(_ arguments: Arguments) throws(UsageError) {
        throw UsageError("replay is not available yet")
    }

    func run(_ console: Console) async -> ExitCode { .usage }
}

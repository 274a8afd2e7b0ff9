/// `vastcheck simulate` (being written).
struct SimulateCommand: Command {
    static let flags: Set<String> = []
    static let options: Set<String> = []
    static let help = "USAGE: vastcheck simulate (not available yet)\n"

    init(_ arguments: Arguments) throws(UsageError) {
        throw UsageError("simulate is not available yet")
    }

    func run(_ console: Console) async -> ExitCode { .usage }
}

/// `vastcheck inspect` (being written).
struct InspectCommand: Command {
    static let flags: Set<String> = []
    static let options: Set<String> = []
    static let help = "USAGE: vastcheck inspect (not available yet)\n"

    init(_ arguments: Arguments) throws(UsageError) {
        throw UsageError("inspect is not available yet")
    }

    func run(_ console: Console) async -> ExitCode { .usage }
}

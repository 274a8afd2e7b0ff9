import VASTCheck

/// The CLI's argument parsing: `VASTCheck.check` reads a command line exactly as `vastcheck` does and
/// stops before running it (no file, network or output).
///
/// Input: byte 0 picks the command (one of ``commands``, or none: the first argument is then the
/// input's own), the rest is the arguments, separated by NUL bytes. A command line either parses, asks
/// for help, or is a usage error with a one-paragraph message; it never traps. Reading it twice gives
/// the same answer, and `--help` anywhere before `--` (when it parses) is help.
enum CommandLineTarget {
    static let commands = ["validate", "getad", "inspect", "simulate", "replay", "report", "flatten"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let selector = Int(input.byte())
        var arguments = input.rest.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if arguments.last == "" { arguments.removeLast() }
        if selector < 224 { arguments.insert(commands[selector % commands.count], at: 0) }
        let outcome = VASTCheck.check(arguments)
        switch outcome {
        case .usage(let message):
            Invariant.check(!message.isEmpty, "a usage error without a message for \(arguments)")
        case .help, .version, .runs:
            break
        }
        Invariant.check(VASTCheck.check(arguments) == outcome, "two readings of \(arguments) differ")
        if case .runs = outcome {
            let withHelp = [arguments[0], "--help"] + arguments.dropFirst()
            Invariant.check(VASTCheck.check(withHelp) == .help, "--help first did not give help for \(arguments)")
        }
    }
}

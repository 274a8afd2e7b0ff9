import AdResolution
import Synchronization

/// Runs one `vastcheck` command line in-process and keeps what it wrote: the inspector's routes answer
/// with exactly what the CLI prints (`validate --json`, `inspect --json`), never a second rendering.
enum CapturedRun {
    /// The command's standard output and exit code; `input` is what `-` reads.
    static func run(_ arguments: [String], input: [UInt8] = []) async -> (output: String, code: ExitCode) {
        let output = Mutex("")
        let console = Console(
            out: { text in output.withLock { $0 += text } }, err: { _ in },
            standardInput: .bytes(input), outputIsTerminal: false, environment: ["NO_COLOR": "1"])
        let code = await VASTCheck.run(arguments, console: console)
        return (output.withLock { $0 }, code)
    }
}

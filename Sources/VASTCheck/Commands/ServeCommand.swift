import Foundation
import VAST
import VASTServe

/// `vastcheck serve [--host H] [--port P] [--token T] [--send] [FOLDER...]`: the web inspector (see
/// ``Inspector``) on a libmicrohttpd server, until SIGINT or SIGTERM.
///
/// Its first line of output, written at once, is `vastcheck serve: http://HOST:PORT/`. A host that is not
/// loopback needs `--token` (exit 2 otherwise): the server is then reachable from other machines, and only
/// who knows the token may use it.
struct ServeCommand: Command {
    static let name = "serve"
    static let host = Option(
        "--host", value: "H", help: "The address to listen on (default 127.0.0.1). Other than loopback needs --token.")
    static let port = Option("--port", value: "P", help: "The port (default: a free port the system chooses).")
    static let token = Option(
        "--token", value: "T",
        help: "Every request must carry T: open the printed URL with ?token=T once (a cookie keeps it) or send "
            + "\"Authorization: Bearer T\".")
    static let send = Option(
        "--send",
        help: "Send the live preview's beacons to their real URLs through the durable dispatcher (by default a "
            + "built-in collector records them and nothing leaves the machine).")
    static let options: [Option] = [host, port, token, send] + MacroProfile.options

    let configuration: InspectorConfiguration
    let profile: MacroProfile

    /// The `--macro` profile: its private values are hidden in the page's beacon URLs unless `--no-redact`.
    var macroValues: VASTMacroContext? { profile.context }

    init(_ arguments: Arguments) throws(UsageError) {
        let host = arguments.value(Self.host.name) ?? "127.0.0.1"
        let port = try arguments.integer(Self.port.name, in: 0...65535) ?? 0
        let token = arguments.value(Self.token.name)
        if let token, token.count < 8 || token.contains(where: { $0.isWhitespace || $0 == ";" || $0 == "," }) {
            throw UsageError("--token needs at least 8 characters, without spaces, commas or semicolons")
        }
        profile = try MacroProfile(arguments)
        configuration = InspectorConfiguration(
            host: host, port: port, token: token, send: arguments.flags.contains(Self.send.name),
            macros: profile.context, folders: arguments.positional)
    }

    func run(_ console: Console) async -> ExitCode {
        let inspector: Inspector
        do {
            inspector = try Inspector(configuration, console: console)
        } catch {
            console.err(Terminal.escapeLines("vastcheck serve: \(error.message)") + "\n")
            return .unreadable
        }
        console.out("vastcheck serve: \(inspector.url)\n")
        await Self.waitForSignal()
        await inspector.stop()
        return .success
    }

    /// Returns when the process receives SIGINT or SIGTERM.
    private static func waitForSignal() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "vastcheck.serve.signals")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = SignalLatch(continuation)
            let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
            for source in sources {
                source.setEventHandler {
                    for other in sources { other.cancel() }
                    resumed.resume()
                }
                source.resume()
            }
        }
    }
}

/// Resumes a continuation once, whichever signal comes first.
private final class SignalLatch: @unchecked Sendable {
    // Touched only on the signal queue, which is serial.
    private var continuation: CheckedContinuation<Void, Never>?

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func resume() {
        continuation?.resume()
        continuation = nil
    }
}

import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
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
        // Listening for SIGINT and SIGTERM before the first line is written: a script that reads the line and
        // stops the server at once must not find the signal ignored and lost.
        let signals = StopSignals()
        let inspector: Inspector
        do {
            inspector = try Inspector(configuration, console: console)
        } catch {
            signals.cancel()
            console.err(Terminal.escapeLines("vastcheck serve: \(error.message)") + "\n")
            return .unreadable
        }
        console.out("vastcheck serve: \(inspector.url)\n")
        await signals.wait()
        await inspector.stop()
        return .success
    }
}

/// SIGINT and SIGTERM, caught from `init` (their default action is turned off then) until one comes;
/// ``wait()`` returns when one came, at once if one came already.
private final class StopSignals: @unchecked Sendable {
    // The sources are set once in init and only cancelled afterwards, which Dispatch allows from any thread;
    // the rest of the state is behind the mutex.
    private struct State {
        var received = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    private let sources: [any DispatchSourceSignal]

    init() {
        let queue = DispatchQueue(label: "vastcheck.serve.signals")
        sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_IGN) }
        for source in sources {
            source.setEventHandler { [weak self] in self?.received() }
            source.resume()
        }
    }

    /// Returns once SIGINT or SIGTERM came.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.received { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        cancel()
    }

    /// Stops listening.
    func cancel() {
        for source in sources { source.cancel() }
    }

    private func received() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.received = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

import AdResolution
import AdTransport
import FoundationEssentials
import Glibc
import Synchronization

/// The temporary files and folders this process has made and not yet removed, removed when a
/// SIGINT, SIGTERM or SIGHUP arrives; the signal then does what it would have done without us.
///
/// While anything is registered, a handler is installed for the three signals (the ones a person or
/// a CI runner sends to stop a process), except one the process ignores (a script's `cmd &` starts it
/// ignoring SIGINT, `nohup` SIGHUP): that signal does not end the run, so it must not take its files.
/// The handler only writes the signal's number to a pipe, the one thing a handler may safely do; a
/// watcher thread reads the pipe, removes every registered path (on an ordinary thread, so it may take
/// locks and call Foundation), puts back the actions that were there before, and sends the signal to
/// the process again. When the last path is unregistered the previous actions are put back, so a
/// process that has no temporary files left behaves as if this type did not exist. SIGKILL and
/// crashes cannot be caught: ``TemporaryFolder`` sweeps what a dead process left behind.
enum TemporaryFiles {
    /// The signals that remove the registered paths.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private struct Registry {
        var paths: [Int: (path: String, isFolder: Bool)] = [:]
        var nextToken = 0
        /// The actions that were installed before ours, while ours are.
        var previous: [Int32: sigaction] = [:]
    }

    private static let registry = Mutex(Registry())

    /// The pipe the handler writes to; written once, before any handler can run.
    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1

    /// Starts the watcher thread and its pipe, once per process.
    private static let watcher: Void = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        // Not inherited by children: a child must not hold the pipe open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeDescriptor = ends[1]
        let readEnd = ends[0]
        NamedThread.start(name: "vastcheck-temporary-files") {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                removeEverything(andRaise: Int32(byte))
            }
        }
    }()

    /// Registers `path` for removal on a signal.
    /// - Returns: the token to unregister it with.
    static func register(_ path: String, isFolder: Bool) -> Int {
        _ = watcher
        return registry.withLock { registry in
            if registry.paths.isEmpty { install(&registry) }
            let token = registry.nextToken
            registry.nextToken += 1
            registry.paths[token] = (path, isFolder)
            return token
        }
    }

    /// Forgets a path (its owner removed it, or renamed it into place).
    static func unregister(_ token: Int) {
        registry.withLock { registry in
            guard registry.paths.removeValue(forKey: token) != nil, registry.paths.isEmpty else { return }
            restore(&registry)
        }
    }

    /// True while this process has signal handlers of ours installed.
    static var handlersInstalled: Bool { registry.withLock { !$0.previous.isEmpty } }

    /// True while anything is registered.
    static var hasRegisteredPaths: Bool { registry.withLock { !$0.paths.isEmpty } }

    /// True while `path` is registered.
    static func isRegistered(_ path: String) -> Bool {
        registry.withLock { $0.paths.values.contains { $0.path == path } }
    }

    private static func install(_ registry: inout Registry) {
        guard wakeDescriptor >= 0 else { return }
        let handler: @convention(c) (Int32) -> Void = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(TemporaryFiles.wakeDescriptor, &byte, 1)
        }
        for signal in signals {
            // A signal the process was started ignoring (SIGINT for a `cmd &` of a script, SIGHUP under
            // `nohup`) must not end the run, so it must not remove what the run still uses either: left alone.
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, !isIgnored(current) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            if sigaction(signal, &action, &previous) == 0 { registry.previous[signal] = previous }
        }
    }

    /// True when `action` ignores its signal (`SIG_IGN`).
    private static func isIgnored(_ action: sigaction) -> Bool {
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        return action.sa_flags & SA_SIGINFO == 0 && handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private static func restore(_ registry: inout Registry) {
        for (signal, previous) in registry.previous {
            var action = previous
            sigaction(signal, &action, nil)
        }
        registry.previous = [:]
    }

    /// Removes every registered path, puts the previous actions back and sends `signal` again.
    private static func removeEverything(andRaise signal: Int32) {
        registry.withLock { registry in
            for (_, entry) in registry.paths {
                if entry.isFolder {
                    try? FileManager.default.removeItem(atPath: entry.path)
                } else {
                    FileName.withPlatformPath(entry.path) { _ = unlink($0) }
                }
            }
            registry.paths = [:]
            restore(&registry)
        }
        // To the process, not this thread: the thread may block the signal, and its default action
        // (ending the process) must happen wherever it is delivered.
        kill(getpid(), signal)
    }
}

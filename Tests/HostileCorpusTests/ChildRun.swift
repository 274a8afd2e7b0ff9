import Foundation
import TestSupport

/// One run of an executable in a child process, with what the hostile corpus measures of it.
struct ChildRun {
    /// The exit code, when it exited.
    var exitCode: Int32?
    /// The signal that ended it, when one did (SIGKILL at the time limit included).
    var signal: Int32?
    /// True when it was still running at the time limit and was killed.
    var timedOut: Bool
    /// Time from the program's start to its reap, in milliseconds (wall time of the whole run when it
    /// was killed at the time limit).
    var milliseconds: Double
    /// The program's own peak resident set, in MiB, as `Tools/measure-child` measured it: the program is
    /// forked from that small launcher, not from the test runner, so the figure is not the runner's peak
    /// (0 when it was killed at the time limit, before a figure could be read).
    var peakRSSMiB: Double
    var stdout: Data
    var stderr: Data

    /// Runs `executable arguments` with standard input from `stdinPath` (or `/dev/null`), output to
    /// files, through `Tools/measure-child` (in a process group of its own), and kills the group with
    /// SIGKILL at `timeLimit` seconds.
    static func run(
        _ executable: String, _ arguments: [String], stdinPath: String?, environment: [String: String] = [:],
        workingDirectory: String, timeLimit: Double
    ) throws -> ChildRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path
        let reportPath = folder.appendingPathComponent("report").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        // The launcher changes directory in the child it forks, which becomes the executable; see
        // Tools/measure-child for why the program is not spawned from here.
        let launcher = [
            "/usr/bin/env", "python3", TestServer.repositoryRoot.appendingPathComponent("Tools/measure-child").path,
            reportPath, workingDirectory, executable,
        ]
        let argv = (launcher + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // A process group of its own, so that the time limit kills the launcher and the program alike.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ChildError(message: "posix_spawn \(executable) failed: \(spawned)") }

        // wait4 blocks on a thread of its own; the caller waits for it until the limit, then kills.
        let child = pid
        let reaped = DispatchSemaphore(value: 0)
        let result = ReapResult()
        Thread.detachNewThread {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(child, &status, 0, &usage) == -1 && errno == EINTR {}
            result.set(status: status, maxRSSKiB: usage.ru_maxrss, elapsed: ContinuousClock.now - started)
            reaped.signal()
        }
        var timedOut = false
        if reaped.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            kill(-pid, SIGKILL)
            reaped.wait()
        }
        let (launcherStatus, _, elapsed) = result.get()
        var status = launcherStatus
        var maxRSSKiB = 0
        var milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        if let report = try? String(contentsOfFile: reportPath, encoding: .ascii) {
            let fields = Dictionary(
                report.split(whereSeparator: \.isWhitespace).compactMap { field -> (String, String)? in
                    let pair = field.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
                }, uniquingKeysWith: { $1 })
            guard let reported = fields["status"].flatMap({ Int32($0) }),
                let peak = fields["maxrss_kib"].flatMap({ Int($0) }),
                let time = fields["elapsed_ms"].flatMap({ Double($0) })
            else { throw ChildError(message: "Tools/measure-child wrote an unreadable report: \(report)") }
            (status, maxRSSKiB, milliseconds) = (reported, peak, time)
        } else if !timedOut {
            let text = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw ChildError(message: "Tools/measure-child ended (status \(launcherStatus)) without a report: \(text)")
        }
        let terminatedBySignal = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return ChildRun(
            exitCode: terminatedBySignal ? nil : (status >> 8) & 0xFF,
            signal: terminatedBySignal ? status & 0x7F : nil,
            timedOut: timedOut,
            milliseconds: milliseconds,
            peakRSSMiB: Double(maxRSSKiB) / 1024,
            stdout: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
            stderr: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data())
    }
}

extension ChildRun {
    /// ``run(_:_:stdinPath:environment:workingDirectory:timeLimit:)`` on a thread of its own: an async test
    /// waits for its child without holding one of the cooperative pool's threads (two on a two-core
    /// machine), which the other suites' transfers and timers need while `swift test` runs them in parallel.
    static func running(
        _ executable: String, _ arguments: [String], stdinPath: String?, environment: [String: String] = [:],
        workingDirectory: String, timeLimit: Double
    ) async throws -> ChildRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try run(
                            executable, arguments, stdinPath: stdinPath, environment: environment,
                            workingDirectory: workingDirectory, timeLimit: timeLimit)
                    })
            }
        }
    }
}

struct ChildError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The reaping thread's result, handed to the waiting one.
private final class ReapResult: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Int32, Int, Duration) = (0, 0, .zero)

    func set(status: Int32, maxRSSKiB: Int, elapsed: Duration) {
        lock.withLock { value = (status, maxRSSKiB, elapsed) }
    }

    func get() -> (Int32, Int, Duration) { lock.withLock { value } }
}

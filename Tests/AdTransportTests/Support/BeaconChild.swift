import Foundation
import TestSupport

/// `beacon-child` (Tools/beacon-child) run as a separate process, its stdout read line by line. Every wait
/// for the child (a line, its end) runs on a thread of its own, off the cooperative pool that the suites
/// running in parallel need; one test uses a child at a time.
final class BeaconChild: @unchecked Sendable {
    /// `beacon-child`, built by `Tools/test` (or `Tools/build-package Tools`) in the Tools package; a
    /// missing or stale one is refused with the command that builds it.
    static func path() throws -> String { try BuiltProgram.require("beacon-child") }
    /// The child's `maxConcurrentSends` (Tools/beacon-child/Sources/main.swift): the most rows it
    /// can leave marked as being sent when it is killed.
    static let maxConcurrentSends = 8

    let process = Process()
    private let output = Pipe()

    /// Starts `executable arguments...` (by default beacon-child itself).
    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// The next stdout line, or `nil` at end of output or after `timeout` seconds.
    func line(timeout: Double) async -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        return (try? await onOwnThread { readLine(from: descriptor, timeout: timeout) }) ?? nil
    }

    /// Waits for the process to end (at most `timeout` seconds, then SIGKILL) and returns its status.
    @discardableResult
    func wait(timeout: Double) async -> Int32 {
        let process = process
        let pid = pid
        return
            (try? await onOwnThread {
                let deadline = Date().addingTimeInterval(timeout)
                while process.isRunning && Date() < deadline { usleep(10_000) }
                if process.isRunning { kill(pid, SIGKILL) }
                process.waitUntilExit()
                return process.terminationStatus
            }) ?? -1
    }

    /// Sends SIGKILL and waits for the process to end; true when the signal ended it.
    func killed() async -> Bool {
        kill(pid, SIGKILL)
        _ = await wait(timeout: 30)
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}

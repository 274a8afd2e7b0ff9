public import Foundation

/// One run of a program to its end, made and waited for on a thread of its own (``onOwnThread(_:)``): a
/// test that runs Python, `swift package` or a shell script awaits it without holding one of the
/// cooperative pool's threads (two on a two-core machine), which the suites running in parallel need for
/// their transfers and deadlines.
public struct ProgramRun: Sendable {
    /// The exit status, or the signal's number when a signal ended it.
    public var status: Int32
    /// True when it exited (rather than being ended by a signal).
    public var exited: Bool
    /// Standard output (with standard error too when the run merged them).
    public var output: Data
    /// Standard output as text.
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable arguments`, reading its standard output to the end, then waits for it.
    /// - Parameters:
    ///   - mergingErrors: standard error goes to the same pipe as standard output (else it is inherited,
    ///     or discarded with `quiet`).
    ///   - directory: the working directory (the test process's by default).
    public static func run(
        _ executable: String, _ arguments: [String], mergingErrors: Bool = false, quiet: Bool = false,
        directory: String? = nil
    ) async throws -> ProgramRun {
        try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            let pipe = Pipe()
            process.standardOutput = pipe
            if mergingErrors {
                process.standardError = pipe
            } else if quiet {
                process.standardError = FileHandle.nullDevice
            }
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ProgramRun(
                status: process.terminationStatus, exited: process.terminationReason == .exit, output: output)
        }
    }

    /// `python3 arguments...` through `/usr/bin/env` (see ``run(_:_:mergingErrors:quiet:directory:)``).
    public static func python(
        _ arguments: [String], mergingErrors: Bool = false, quiet: Bool = false
    ) async throws -> ProgramRun {
        try await run("/usr/bin/env", ["python3"] + arguments, mergingErrors: mergingErrors, quiet: quiet)
    }
}

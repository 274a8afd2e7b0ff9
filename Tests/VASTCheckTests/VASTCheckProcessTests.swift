import Foundation
import Synchronization
import TestSupport
import Testing

/// The `vastcheck` executable as a process: what only a real process shows (its standard input is a
/// real pipe, it can be killed, its temporary folder lives in `$TMPDIR`).
@Suite(.serialized) final class VASTCheckProcessTests: Sendable {
    /// `vastcheck`, built with the package (see `BuiltProgram`).
    static var executable: String? { BuiltProgram.path("vastcheck") }

    let server: TestServer
    let folder: URL
    /// The child's `$TMPDIR`: anything left in it was left by the child.
    let temporary: String

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vastcheck-process-\(UUID().uuidString)")
        temporary = folder.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Starts `vastcheck arguments`; with `ignoring`, through `sh`, which starts it with that signal ignored (as a
    /// script's `vastcheck ... &` is started ignoring SIGINT).
    private func launch(_ arguments: [String], stdin: Pipe? = nil, ignoring signal: String? = nil) throws -> Process {
        let process = Process()
        let executable = try #require(Self.executable, "vastcheck not built: run `swift build`")
        if let signal {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' \(signal); exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    // MARK: Standard output

    /// `vastcheck validate --list big.txt | head -1`: the reader of standard output goes away (here before
    /// the first write). Every write then fails with EPIPE; the run must go on to its end and exit 2 (the
    /// output was lost: `WriteFailureTests`), never trap with a crash report (Foundation's `FileHandle.write` did).
    @Test(.timeLimit(.minutes(1)))
    func aReaderThatGoesAwayDoesNotCrashTheRun() async throws {
        let list = temporary + "/list.txt"
        let sample = Repository.path("vast-samples/v41-invalid-attribute-values.xml")
        try Data(String(repeating: sample + "\n", count: 200).utf8).write(to: URL(fileURLWithPath: list))
        let executable = try #require(Self.executable, "vastcheck not built")
        let temporary = temporary
        let (text, exited, status) = try await onOwnThread {
            let output = Pipe()
            let errors = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["validate", "--list", list]
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try output.fileHandleForReading.close()
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (text, process.terminationReason == .exit, process.terminationStatus)
        }
        #expect(!text.contains("Fatal error") && !text.contains("crashed"), "\(text.prefix(400))")
        #expect(exited && status == 2)
    }

    // MARK: Standard input

    @Test(.timeLimit(.minutes(1)))
    func standardInputIsNotReadPastTheByteCap() async throws {
        signal(SIGPIPE, SIG_IGN)
        let input = Pipe()
        let process = try launch(["validate", "-"], stdin: input)
        let writer = input.fileHandleForWriting.fileDescriptor
        // 64 MiB offered; the child stops reading at 2 MiB + 1 and exits, and the pipe breaks. The writes
        // block while the child reads, so they run on a thread of their own.
        let written = try await onOwnThread {
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
            var written = 0
            while written < 64 << 20 {
                let count = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                written += count
            }
            return written
        }
        try input.fileHandleForWriting.close()
        await waitForExit(process)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(written < 8 << 20, "the child read \(written) bytes before it stopped")
    }

    // MARK: The temporary beacon store

    /// Settings whose one source hangs, and a request for it: a getad that waits until killed.
    private func hangingGetAd() throws -> [String] {
        let settings = folder.appendingPathComponent("settings.json")
        try Data(
            """
            {"placements": {"storiesBetweenPages": {"enabled": true, "sources": [
             {"name": "hang", "tier": 0, "kind": "tag", "timeoutMs": 30000, "url": "\(server.url("/hang"))"}]}}}
            """.utf8
        ).write(to: settings)
        let request = folder.appendingPathComponent("request.json")
        try Data(#"{"placement": "storiesBetweenPages"}"#.utf8).write(to: request)
        return ["getad", "--settings", settings.path, "--request", request.path]
    }

    /// Waits until the child's source is hanging on the server: its store exists by then.
    private func waitUntilHanging(_ process: Process) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, process.isRunning {
            if try server.stats().byPath["/hang"] ?? 0 > 0, let store = entries(temporary).first { return store }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the child never reached its source")
        return ""
    }

    /// The child is launched from a pool thread, which blocks these signals, and inherits that mask: vastcheck
    /// must unblock them itself (its main does) for the signal to arrive at all.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func aKilledRunLeavesNothingAndItsStoreWasPrivate(_ signal: Int32) async throws {
        let process = try launch(try hangingGetAd())
        let name = try await waitUntilHanging(process)
        let store = temporary + "/" + name
        #expect(name.hasPrefix("vastcheck-getad-\(process.processIdentifier)-"))
        #expect(mode(store) == 0o700)
        let files = entries(store)
        #expect(files.contains("beacons.sqlite") && files.contains(".lock"), "\(files)")
        for file in files { #expect(mode(store + "/" + file) == 0o600, "\(file)") }
        kill(process.processIdentifier, signal)
        await waitForExit(process)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(entries(temporary).isEmpty)
    }

    /// A signal the run was started ignoring does not end it, so it leaves its files alone too; another still
    /// ends it and removes them.
    @Test(.timeLimit(.minutes(1)))
    func aSignalTheRunIgnoresLeavesItsStoreInPlace() async throws {
        let process = try launch(try hangingGetAd(), ignoring: "INT")
        let name = try await waitUntilHanging(process)
        kill(process.processIdentifier, SIGINT)
        try await Task.sleep(for: .milliseconds(300))
        #expect(process.isRunning, "an ignored SIGINT ended the run")
        #expect(entries(temporary) == [name], "an ignored SIGINT removed the run's store")
        #expect(entries(temporary + "/" + name).contains("beacons.sqlite"))
        kill(process.processIdentifier, SIGTERM)
        await waitForExit(process)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(entries(temporary).isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func whatAnUncatchableKillLeavesIsRemovedByTheNextRun() async throws {
        let killed = try launch(try hangingGetAd())
        let name = try await waitUntilHanging(killed)
        kill(killed.processIdentifier, SIGKILL)
        await waitForExit(killed)
        #expect(entries(temporary) == [name], "SIGKILL cannot be caught: the folder stays")
        let settings = folder.appendingPathComponent("off.json")
        try Data(#"{"placements": {"storiesBetweenPages": {"enabled": false}}}"#.utf8).write(to: settings)
        let request = folder.appendingPathComponent("request.json").path
        let next = try launch(["getad", "--settings", settings.path, "--request", request])
        await waitForExit(next)
        #expect(next.terminationStatus == 1)
        #expect(entries(temporary).isEmpty)
    }
}

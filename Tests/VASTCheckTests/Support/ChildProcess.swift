import Foundation
import TestSupport
import Testing

/// Runs the built `vastcheck` as a child process with arguments given as bytes (Foundation's `Process` takes
/// `String`s, which cannot hold a file name that is not UTF-8) and with standard output and error sent where a
/// test says: captured, `/dev/full`, or a pipe whose reader closes before the run or after its first bytes.
enum ChildProcess {
    /// Where a standard stream of the child goes.
    enum Stream: Equatable {
        /// A pipe the test reads to the end.
        case captured
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose read end is closed before the child starts: every write fails with EPIPE.
        case closedPipe
        /// A pipe the test reads `bytes` from, then closes: later writes fail with EPIPE.
        case closedAfter(bytes: Int)
    }

    /// What the child did.
    struct Outcome {
        /// Its exit status, or `nil` when a signal ended it.
        var status: Int32?
        /// The signal that ended it, if one did.
        var signal: Int32?
        var output: [UInt8]
        var error: [UInt8]
        var errorText: String { String(decoding: error, as: UTF8.self) }
        var outputText: String { String(decoding: output, as: UTF8.self) }
    }

    static var executable: String? { BuiltProgram.path("vastcheck") }

    /// Runs `vastcheck ARGUMENTS` with `stdin` (a path) as standard input.
    static func run(
        _ arguments: [[UInt8]], output: Stream = .captured, error: Stream = .captured, stdin: String = "/dev/null"
    ) throws -> Outcome {
        let program = try #require(executable, "vastcheck not built: run `swift build`")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        var readEnds: [Int32: Int32] = [:]
        // The child's write ends, closed in the parent once the child holds them.
        var writeEnds: [Int32] = []
        defer { for end in writeEnds { close(end) } }
        var closeAfter: [Int32: Int] = [:]
        for (descriptor, stream) in [(Int32(1), output), (Int32(2), error)] {
            switch stream {
            case .full:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/full", O_WRONLY, 0)
            case .captured, .closedPipe, .closedAfter:
                var ends: [Int32] = [-1, -1]
                // Close-on-exec, so that the child holds no read end of its own pipes (a write to a pipe
                // whose every reader is gone fails with EPIPE only then); dup2 clears it on 1 and 2.
                guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
                writeEnds.append(ends[1])
                if stream == .closedPipe {
                    close(ends[0])
                } else {
                    readEnds[descriptor] = ends[0]
                    if case .closedAfter(let bytes) = stream { closeAfter[descriptor] = bytes }
                }
            }
        }
        let argv = ([Array(program.utf8)] + arguments).map { bytes in
            (bytes + [0]).withUnsafeBufferPointer { buffer in
                strdup(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
            }
        }
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { pointers in
            posix_spawn(&pid, program, &actions, nil, UnsafeMutablePointer(mutating: pointers.baseAddress!), environ)
        }
        for end in writeEnds { close(end) }
        writeEnds = []
        guard spawned == 0 else {
            for end in readEnds.values { close(end) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        var captured: [Int32: [UInt8]] = [1: [], 2: []]
        var open = readEnds
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.value, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 60_000) > 0 else { break }
            for entry in polled where entry.revents != 0 {
                guard let descriptor = open.first(where: { $0.value == entry.fd })?.key else { continue }
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 { captured[descriptor, default: []] += chunk[0..<count] }
                let limit = closeAfter[descriptor] ?? Int.max
                if count <= 0 || (captured[descriptor]?.count ?? 0) >= limit {
                    close(entry.fd)
                    open[descriptor] = nil
                }
            }
        }
        for end in open.values { close(end) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Outcome(
            status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
            output: captured[1] ?? [], error: captured[2] ?? [])
    }

    /// `run` on a thread of its own: the awaiting test holds none of the cooperative pool's threads (two on a
    /// two-core machine) while the child runs, which the suites running in parallel need for their deadlines.
    static func running(
        _ arguments: [[UInt8]], output: Stream = .captured, error: Stream = .captured, stdin: String = "/dev/null"
    ) async throws -> Outcome {
        try await onOwnThread { try run(arguments, output: output, error: error, stdin: stdin) }
    }

    /// `running` with arguments given as text.
    static func running(
        _ arguments: [String], output: Stream = .captured, error: Stream = .captured, stdin: String = "/dev/null"
    ) async throws -> Outcome {
        try await running(arguments.map { Array($0.utf8) }, output: output, error: error, stdin: stdin)
    }

    /// `run` with arguments given as text.
    static func run(
        _ arguments: [String], output: Stream = .captured, error: Stream = .captured, stdin: String = "/dev/null"
    ) throws -> Outcome {
        try run(arguments.map { Array($0.utf8) }, output: output, error: error, stdin: stdin)
    }
}

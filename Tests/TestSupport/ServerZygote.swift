import Foundation

/// One `Tools/test-server/server.py --zygote` per test process: Python started and the script imported
/// once, then a server forked for each ``TestServer`` (see its documentation for why). Requests are
/// answered one at a time, under a lock; a zygote that has died is started again on the next request.
final class ServerZygote: @unchecked Sendable {
    static let shared = ServerZygote()

    private let lock = NSLock()
    private var process: Process?
    private var input: Pipe?
    private var output: Pipe?

    /// A server forked with `options` (the script's arguments): its port and pid, or nil when the zygote
    /// cannot start or answer (the caller then starts a server of its own).
    func spawn(_ options: [String]) -> (port: Int, pid: pid_t)? {
        lock.lock()
        defer { lock.unlock() }
        guard let (input, output) = running(),
            let request = try? JSONSerialization.data(withJSONObject: options)
        else { return nil }
        do {
            try input.fileHandleForWriting.write(contentsOf: request + Data("\n".utf8))
            let line = try TestServer.readLine(output.fileHandleForReading.fileDescriptor, timeout: 10)
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "PORT", parts[2] == "PID", let port = Int(parts[1]),
                let pid = pid_t(parts[3]), port > 0
            else { return nil }
            return (port, pid)
        } catch {
            process?.terminate()
            process = nil
            return nil
        }
    }

    /// The zygote's pipes, starting it when it is not running.
    private func running() -> (Pipe, Pipe)? {
        if let process, process.isRunning, let input, let output { return (input, output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestServer.scriptPath, "--zygote"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        (self.process, self.input, self.output) = (process, input, output)
        return (input, output)
    }
}

import AdTransport
import Foundation
import TestSupport

/// The loopback test server started on a port chosen in advance, for "the server was down,
/// then came up" tests (``TestServer`` always takes an ephemeral port). Its beacon log is
/// read through the same `/beacons` route.
final class FixedPortServer {
    private let process: Process
    private let stdinPipe = Pipe()
    let port: Int

    init(port: Int) throws {
        self.port = port
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestServer.scriptPath, "--port", String(port)]
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        try process.run()
        guard let line = readLine(from: stdoutPipe.fileHandleForReading.fileDescriptor, timeout: 10),
            line == "PORT \(port)"
        else {
            stop()
            throw TestServer.Failure.start("no PORT \(port) line from the fixed-port server")
        }
    }

    deinit { stop() }

    /// The beacons received, in arrival order, read with `client`.
    func beacons(using client: HTTPClient) async throws -> [TestServer.Beacon] {
        let request = HTTPRequest(url: "http://127.0.0.1:\(port)/beacons")
        let response = try await client.fetch(request, timeout: .seconds(5))
        return try JSONDecoder().decode([TestServer.Beacon].self, from: Data(response.body))
    }

    func stop() {
        try? stdinPipe.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

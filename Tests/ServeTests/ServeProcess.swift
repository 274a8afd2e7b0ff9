import Foundation
import Synchronization
import TestSupport

/// `vastcheck serve` run as a child process: started with its arguments, its first line read (the URL),
/// stopped with SIGTERM.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// The first line it printed.
    let firstLine: String
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `vastcheck serve ARGUMENTS` and waits (at most 20 s) for its first line.
    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: try BuiltProgram.require("vastcheck"))
        process.arguments = ["serve"] + arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        firstLine = Self.readLine(output.fileHandleForReading, timeout: 20)
    }

    /// The base URL from the first line: `http://127.0.0.1:PORT/`.
    var url: String { String(firstLine.dropFirst("vastcheck serve: ".count)) }

    /// `host:port`.
    var authority: String { String(url.dropFirst("http://".count).dropLast()) }

    /// Sends SIGTERM and waits (at most 10 s, then SIGKILL) for the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What it wrote on standard error (after it ended).
    var standardError: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit { stop() }

    private static func readLine(_ handle: FileHandle, timeout: Double) -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while Date() < deadline {
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A request made with the `curl` program (real libcurl): the status, the headers (names lower-cased) and
/// the body.
struct CurlResult {
    var status: Int
    var headers: [String: String]
    var body: String
    /// curl's exit code (0 when the transfer worked).
    var exitCode: Int32
}

enum Curl {
    /// Runs `curl` on `url` with `arguments` (headers, method, data), at most 30 s.
    static func request(_ url: String, _ arguments: [String] = [], input: Data? = nil) throws -> CurlResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let headerFile = folder.appendingPathComponent("headers").path
        let bodyFile = folder.appendingPathComponent("body").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            ["-s", "--max-time", "30", "-D", headerFile, "-o", bodyFile, "-w", "%{http_code}"] + arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        let code = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var headers: [String: String] = [:]
        let headerText = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        for line in headerText.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = (try? String(contentsOfFile: bodyFile, encoding: .utf8)) ?? ""
        return CurlResult(
            status: Int(code) ?? 0, headers: headers, body: body, exitCode: process.terminationStatus)
    }

    /// The CSRF token of the page at `url`, read from its meta tag.
    static func csrfToken(_ url: String) throws -> String {
        let page = try request(url).body
        guard let start = page.range(of: "<meta name=\"csrf-token\" content=\"") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }
}

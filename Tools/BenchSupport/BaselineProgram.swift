import Foundation

/// A same-run baseline written in C (its source is kept in the benchmark's folder and its `run`
/// script compiles it), started as a child process: the benchmark measures it interleaved with
/// its own phases, so a busy machine slows both sides.
public struct BaselineProgram: Sendable {
    /// The compiled program.
    public let path: String

    /// The program at `path`; nil when `path` is nil (the benchmark then prints its ratios as `nan`).
    public init?(path: String?) {
        guard let path else { return nil }
        self.path = path
    }

    /// Runs the program with `arguments` and returns the `key=value` numbers of its last line of
    /// standard output (fields whose value is not a number are left out).
    ///
    /// Throws when the program cannot start or exits with a status other than 0.
    public func run(_ arguments: [String]) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchFailure("\(path) exited with status \(process.terminationStatus): \(text)")
        }
        let last = text.split(separator: "\n").last ?? ""
        var fields: [String: Double] = [:]
        for word in last.split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        return fields
    }
}

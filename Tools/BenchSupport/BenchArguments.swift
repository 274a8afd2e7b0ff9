import Foundation

/// A benchmark's command line, read one option at a time.
public struct BenchArguments {
    private let tool: String
    private var remaining: ArraySlice<String>

    /// The process's arguments (without the program name), for the tool named `tool`.
    public init(tool: String) {
        self.tool = tool
        remaining = CommandLine.arguments.dropFirst()
    }

    /// The next argument, if any.
    public mutating func next() -> String? { remaining.popFirst() }

    /// The whole number after option `name`, within `minimum...maximum`, or the tool exits with a usage message.
    public mutating func integer(after name: String, minimum: Int, maximum: Int = .max) -> Int {
        guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= minimum, value <= maximum else {
            Self.fail(
                tool: tool,
                maximum == .max
                    ? "\(name) needs an integer >= \(minimum)"
                    : "\(name) needs an integer from \(minimum) to \(maximum)")
        }
        return value
    }

    /// Writes `tool: message` to stderr and exits with status 2.
    public static func fail(tool: String, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(tool): \(message)\n".utf8))
        exit(2)
    }
}

/// A progress line on stderr (`== message`), so stdout holds only results.
public func log(_ message: String) {
    FileHandle.standardError.write(Data("== \(message)\n".utf8))
}

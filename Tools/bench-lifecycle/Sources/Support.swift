// Small helpers shared by the benchmark's parts: statistics, formatting, failures, logging.

import Foundation

func milliseconds(_ duration: Duration) -> Double {
    let c = duration.components
    return Double(c.seconds) * 1e3 + Double(c.attoseconds) * 1e-15
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func fmt(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

/// Left-aligns `text` in a column of `width`.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Keeps the optimiser from discarding a result.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// A measurement that could not be made as set up.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("== \(message)\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-lifecycle: \(message)\n".utf8))
    exit(2)
}

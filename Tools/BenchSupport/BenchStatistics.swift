// What every benchmark under Tools/ needs: durations in milliseconds, medians, percentiles,
// fixed-point formatting, a sink the optimiser cannot see through, and a failure type.

import Foundation

/// A duration in milliseconds.
public func milliseconds(_ duration: Duration) -> Double {
    let components = duration.components
    return Double(components.seconds) * 1e3 + Double(components.attoseconds) * 1e-15
}

/// The median (the mean of the two middle values for an even count); NaN when empty.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The nearest-rank percentile, `p` in 0...100; NaN when empty.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

/// `value` with `digits` decimals.
public func fmt(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

/// Keeps the optimiser from discarding a result.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// A measurement that could not be made as set up.
public struct BenchFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

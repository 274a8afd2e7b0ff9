extension Int64 {
    /// `self + other`, held at `Int64`'s bounds instead of trapping: wall-clock times come from an
    /// injected clock and durations from configurations and servers.
    func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        if overflow { return other > 0 ? .max : .min }
        return sum
    }

    /// `self - other`, held at `Int64`'s bounds instead of trapping.
    func subtractingSaturating(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        if overflow { return other > 0 ? .min : .max }
        return difference
    }
}

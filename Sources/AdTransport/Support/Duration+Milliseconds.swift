extension Duration {
    /// Whole milliseconds (the fraction dropped), saturating at `Int64`'s bounds.
    ///
    /// Durations come from outside (configurations, deadlines, `Retry-After`): a huge one must
    /// become a huge number of milliseconds, never an overflow trap.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if carry { return seconds < 0 ? .min : .max }
        return sum
    }
}

import Foundation

/// The machine's cores and load average, printed at the start and at the end of every benchmark
/// so that a run made on a busy machine shows itself.
///
/// The line formats are shared by every benchmark under Tools/ (bench-parse prints the same):
/// `machine: cores=N loadavg=A B C` at the start and `machine-end: cores=N loadavg=A B C` at
/// the end, where A, B and C are the 1, 5 and 15 minute load averages from /proc/loadavg.
public enum MachineLoad {
    /// `cores=N loadavg=A B C` now (`loadavg=unknown` when /proc/loadavg cannot be read).
    public static func summary() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let fields = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ")
        return "cores=\(cores) loadavg=\(fields.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")"
    }

    /// Prints `machine: cores=N loadavg=A B C` on stdout.
    public static func printStart() {
        print("machine: \(summary())")
    }

    /// Prints `machine-end: cores=N loadavg=A B C` on stdout.
    public static func printEnd() {
        print("machine-end: \(summary())")
    }
}

// Resident memory and CPU time, read from /proc (Linux).

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum ProcStatus {
    /// `VmRSS` and `VmHWM` (the peak since start, or since ``resetPeak()``), in MB (2^20 bytes).
    static func memory() -> (rss: Double, peak: Double) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (.nan, .nan) }
        var rss = Double.nan
        var peak = Double.nan
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = kilobytes(line) / 1024 }
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) / 1024 }
        }
        return (rss, peak)
    }

    private static func kilobytes(_ line: Substring) -> Double {
        Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
    }

    /// Resets `VmHWM` to the current RSS (`echo 5 > /proc/self/clear_refs`, Linux 4.0+), so the
    /// next phase's peak is its own. Returns false when the kernel refused.
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }
}

/// CPU seconds (user + system) per thread of this process, and of its child processes (the
/// Python server), so a phase can say which thread spent the time.
struct CPUSnapshot {
    /// By thread id: the thread's name (`comm`, 15 characters at most) and its CPU seconds.
    var threads: [Int: (name: String, seconds: Double)] = [:]
    /// By child pid: its command line's last word and CPU seconds (all its threads).
    var children: [Int: (name: String, seconds: Double)] = [:]
    /// The whole process (`getrusage`), dead threads included.
    var process = 0.0

    private static let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))

    static func take() -> CPUSnapshot {
        var snapshot = CPUSnapshot()
        let me = Int(getpid())
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for entry in tasks {
            guard let tid = Int(entry), let seconds = cpuSeconds("/proc/self/task/\(tid)/stat") else { continue }
            var name =
                (try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            if tid == me { name = "main thread" }
            // libdispatch's worker threads (which run Swift's global executor on Linux) are named
            // com.apple.root.default-qos[.overcommit]; the kernel keeps the last 15 bytes.
            if name.hasSuffix("default-qos") || name.hasSuffix("qos.overcommit") { name = "swift-pool" }
            snapshot.threads[tid] = (name, seconds)
        }
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in pids {
            guard let pid = Int(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int(fields[1]) == me, let seconds = cpuSeconds("/proc/\(pid)/stat") else {
                continue
            }
            let command =
                (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?
                .split(separator: "\0").map(String.init) ?? []
            let name =
                command.first { $0.hasSuffix(".py") }.map { ($0 as NSString).lastPathComponent } ?? command.first ?? "?"
            snapshot.children[pid] = (name, seconds)
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        snapshot.process =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return snapshot
    }

    /// utime + stime of a `/proc/.../stat` file, in seconds.
    private static func cpuSeconds(_ path: String) -> Double? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return nil
        }
        // After the ")" that ends the name: field 3 (state) is index 0, utime (14) index 11, stime (15) index 12.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / ticks
    }

    /// CPU seconds spent between `earlier` and `self`, grouped by thread name (threads that ended in
    /// between are only in ``process``), largest first; then the children.
    func since(_ earlier: CPUSnapshot) -> (
        threads: [(name: String, seconds: Double)], children: [(name: String, seconds: Double)], process: Double
    ) {
        var byName: [String: Double] = [:]
        for (tid, thread) in threads {
            let delta = thread.seconds - (earlier.threads[tid]?.seconds ?? 0)
            byName[thread.name, default: 0] += delta
        }
        var childNames: [String: Double] = [:]
        for (pid, child) in children {
            childNames[child.name, default: 0] += child.seconds - (earlier.children[pid]?.seconds ?? 0)
        }
        return (
            byName.map { ($0.key, $0.value) }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 },
            childNames.map { ($0.key, $0.value) }.sorted { $0.1 > $1.1 },
            process - earlier.process
        )
    }
}

// bench-batch — `vastcheck validate --list` over many tag URLs: throughput and peak memory.
//
// Usage (from the repository root; Tools/bench-batch/run builds both binaries and does this):
//   bench-batch --vastcheck PATH [--tags 1000,10000] [--jobs 8,16] [--latency-ms 5] [--hops 3]
//               [--runs 3] [--templates 64] [--keep]
//
// Starts the loopback test server (Tools/test-server/server.py) and registers `--templates` chains
// of H hops (H-1 Wrappers and an InLine). Tag i is template i % templates with `?delay_ms=L&tag=i`;
// every Wrapper's VASTAdTagURI carries `?delay_ms=L&cb=[CACHEBUSTING]&ts=[TIMESTAMP]`, which the
// resolver fills with a random 8-digit number and the time in ms, so every hop URL of every tag is
// distinct (counted on the output).
// Lists of N tag URLs are written to a temporary folder, and the release `vastcheck validate
// --list LIST --jsonl --jobs J` runs as a child process (posix_spawn + wait4): wall time from spawn
// to exit, peak RSS from the child's own VmHWM (/proc/PID/status, read every 5 ms until it exits),
// so both are the CLI's alone. (wait4's ru_maxrss is printed too, but on Linux it includes this
// process's own peak at spawn time, so it overstates the CLI once the bench has grown.)
// Baselines from the same run: the measured floor (the same N x H hop URLs fetched by the curl
// command line, `--parallel --parallel-max J`, no parsing, interleaved with the CLI's runs), the
// latency-bound ideal (N x H x L / J, computed, for reference) and the server's request rate (its
// /stats over the run's wall time).
// Last line: tags_per_min=X peak_rss_mb=Y for the largest list at the first --jobs value
// (median wall time over the runs; the highest peak RSS of those runs).

import BenchSupport
import Foundation
import LoopbackSupport

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-batch: \(message)\n".utf8))
    exit(2)
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("== \(message)\n".utf8))
}

func fmt(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

// MARK: - arguments

var vastcheckPath: String?
var tagCounts = [1_000, 10_000]
var jobCounts = [8, 16]
var latencyMs = 5
var hops = 3
var runs = 3
var templates = 64
var keep = false

var arguments = CommandLine.arguments.dropFirst()
@MainActor
func value(_ name: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(name) needs a value") }
    return value
}
@MainActor
func integers(_ name: String, minimum: Int) -> [Int] {
    let items = value(name).split(separator: ",").map { Int($0) }
    guard !items.isEmpty, items.allSatisfy({ ($0 ?? minimum - 1) >= minimum }) else {
        fail("\(name) takes integers >= \(minimum), comma-separated")
    }
    return items.compactMap { $0 }
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--vastcheck": vastcheckPath = value(argument)
    case "--tags": tagCounts = integers(argument, minimum: 1)
    case "--jobs": jobCounts = integers(argument, minimum: 1)
    case "--latency-ms": latencyMs = integers(argument, minimum: 0)[0]
    case "--hops": hops = integers(argument, minimum: 1)[0]
    case "--runs": runs = integers(argument, minimum: 1)[0]
    case "--templates": templates = integers(argument, minimum: 1)[0]
    case "--keep": keep = true
    case "-h", "--help":
        print(
            """
            usage: bench-batch --vastcheck PATH [--tags 1000,10000] [--jobs 8,16] [--latency-ms 5] [--hops 3]
                               [--runs 3] [--templates 64] [--keep]
            """)
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}
guard let vastcheck = vastcheckPath else { fail("--vastcheck PATH is required (Tools/bench-batch/run passes it)") }
guard FileManager.default.isExecutableFile(atPath: vastcheck) else { fail("\(vastcheck) is not an executable") }

// MARK: - the child process

struct ChildRun {
    var status: Int32
    var wallMs: Double
    /// The child's VmHWM (peak resident set of its own address space), last read just before it exited.
    var peakRSSKB: Int
    /// wait4's ru_maxrss. On Linux it is at least this process's own peak at spawn time (the
    /// vfork'd child shares our address space until exec, and exec keeps the larger maximum), so it
    /// overstates the CLI once the bench has grown; printed for reference only.
    var ruMaxRSSKB: Int
}

/// `VmHWM` of /proc/PID/status in KiB, or nil once the process has gone.
func highWaterMark(_ pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
}

/// Runs `path arguments` with stdin from /dev/null and stdout, stderr to files; reads its VmHWM
/// every 5 ms until it exits (a high-water mark: only growth in the last 5 ms could be missed) and
/// reaps it with wait4.
func spawn(_ path: String, _ arguments: [String], stdout: String, stderr: String) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = ContinuousClock.now
    let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
    guard spawned == 0 else { fail("posix_spawn \(path): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    var peak = 0
    while true {
        if let mark = highWaterMark(pid) { peak = max(peak, mark) }
        let reaped = wait4(pid, &status, WNOHANG, &usage)
        if reaped == pid { break }
        guard reaped >= 0 || errno == EINTR else { fail("wait4: \(String(cString: strerror(errno)))") }
        usleep(5_000)
    }
    let elapsed = ContinuousClock.now - started
    let wall = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
    // WIFEXITED / WEXITSTATUS by hand (the macros are not imported into Swift).
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ChildRun(status: code, wallMs: wall, peakRSSKB: peak, ruMaxRSSKB: Int(usage.ru_maxrss))
}

// MARK: - set-up

let server: TestServer
do {
    server = try TestServer()
} catch {
    fail("\(error)")
}

@MainActor
func abort(_ message: String) -> Never {
    server.stop()
    fail(message)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-batch-\(getpid())")
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
} catch {
    abort("cannot create \(folder.path): \(error)")
}

log("registering \(templates) chains of \(hops) hops on 127.0.0.1:\(server.port)")
do {
    for template in 0..<templates {
        for hop in 0..<hops {
            let body =
                hop == hops - 1
                ? ChainDocuments.inLine(hop: hop)
                : ChainDocuments.wrapper(
                    hop: hop,
                    next: server.docURL("b\(template)-\(hop + 1)")
                        + "?delay_ms=\(latencyMs)&cb=[CACHEBUSTING]&ts=[TIMESTAMP]")
            try server.register("b\(template)-\(hop)", body: body)
        }
    }
} catch {
    abort("registering the chains: \(error)")
}

@MainActor
func tagURL(_ index: Int) -> String {
    server.docURL("b\(index % templates)-0") + "?delay_ms=\(latencyMs)&tag=\(index)"
}

/// Writes a list of `count` tags (with a comment line and a blank line, as people write them).
@MainActor
func writeList(_ count: Int, name: String) -> String {
    let path = folder.appendingPathComponent(name).path
    var text = "# bench-batch: \(count) tag URLs, \(hops)-hop chains, delay_ms=\(latencyMs)\n\n"
    text.reserveCapacity(count * 80)
    for index in 0..<count { text += tagURL(index) + "\n" }
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        abort("cannot write \(path): \(error)")
    }
    return path
}

/// What the JSONL output says.
struct OutputCheck {
    var documents = 0
    var valid = 0
    var hopURLs = 0
    var distinctHopURLs = 0
    var summaryLine: [String: Any]?
    var problems: [String] = []
}

@MainActor
func checkOutput(_ path: String, expected: Int) -> OutputCheck {
    var check = OutputCheck()
    guard let data = FileManager.default.contents(atPath: path) else {
        check.problems.append("no output file")
        return check
    }
    var urls = Set<String>()
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            check.problems.append("a line is not a JSON object")
            continue
        }
        if object["source"] == nil {
            check.summaryLine = object
            continue
        }
        check.documents += 1
        if object["valid"] as? Bool == true { check.valid += 1 }
        for hop in object["chain"] as? [[String: Any]] ?? [] {
            if let url = hop["url"] as? String {
                check.hopURLs += 1
                urls.insert(url)
            }
        }
    }
    check.distinctHopURLs = urls.count
    if check.documents != expected { check.problems.append("\(check.documents) document lines, expected \(expected)") }
    if check.valid != expected { check.problems.append("\(expected - check.valid) documents not valid") }
    if check.hopURLs != expected * hops { check.problems.append("\(check.hopURLs) hops, expected \(expected * hops)") }
    if check.summaryLine == nil { check.problems.append("no summary line") }
    return check
}

struct Sample {
    var tags: Int
    var jobs: Int
    var run: ChildRun
    /// The measured floor's wall time in the same run (NaN when curl is not installed).
    var floorMs = Double.nan
    var serverRequests: Int
    var serverConnections: Int
    var check: OutputCheck
}

/// The curl command line, for the measured floor.
let curlPath = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The same hop URLs the CLI fetches for `tags` tags (each tag's H documents), fetched by curl with
/// `jobs` transfers at once and nothing parsed: the floor the server and the loopback allow.
/// Returns the wall time in ms, or NaN when curl is missing or fails.
@MainActor
func measureFloor(tags: Int, jobs: Int, label: String) -> Double {
    guard let curlPath else { return .nan }
    let config = folder.appendingPathComponent("floor-\(tags).curl").path
    if !FileManager.default.fileExists(atPath: config) {
        var text = ""
        text.reserveCapacity(tags * hops * 110)
        for index in 0..<tags {
            for hop in 0..<hops {
                let url =
                    server.docURL("b\(index % templates)-\(hop)") + "?delay_ms=\(latencyMs)&tag=\(index)&hop=\(hop)"
                text += "url = \"\(url)\"\noutput = \"/dev/null\"\n"
            }
        }
        guard FileManager.default.createFile(atPath: config, contents: Data(text.utf8)) else { return .nan }
    }
    let err = folder.appendingPathComponent("floor-err-\(label).txt").path
    let run = spawn(
        curlPath, ["--silent", "--show-error", "--fail", "--parallel", "--parallel-max", String(jobs), "-K", config],
        stdout: "/dev/null", stderr: err)
    return run.status == 0 ? run.wallMs : .nan
}

/// One child run of `vastcheck validate --list LIST --jsonl --jobs J`, checked.
@MainActor
func measure(list: String, tags: Int, jobs: Int, label: String) -> Sample {
    let out = folder.appendingPathComponent("out-\(label).jsonl").path
    let err = folder.appendingPathComponent("err-\(label).txt").path
    do { try server.resetStats() } catch { abort("\(error)") }
    let run = spawn(
        vastcheck, ["validate", "--list", list, "--jsonl", "--jobs", String(jobs)], stdout: out, stderr: err)
    let stats: TestServer.Stats
    do { stats = try server.stats() } catch { abort("\(error)") }
    var check = checkOutput(out, expected: tags)
    if run.status != 0 {
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        check.problems.append("exit \(run.status): \(stderr.prefix(300))")
    }
    if !keep { try? FileManager.default.removeItem(atPath: out) }
    return Sample(
        tags: tags, jobs: jobs, run: run, serverRequests: stats.requests, serverConnections: stats.connections,
        check: check)
}

func perMinute(_ tags: Int, _ wallMs: Double) -> Double { Double(tags) / wallMs * 60_000 }

// MARK: - runs

let lists = Dictionary(uniqueKeysWithValues: tagCounts.map { ($0, writeList($0, name: "tags-\($0).txt")) })
let warmupList = writeList(min(200, tagCounts.min() ?? 200), name: "warmup.txt")
log("warm-up: \(min(200, tagCounts.min() ?? 200)) tags")
_ = measure(list: warmupList, tags: min(200, tagCounts.min() ?? 200), jobs: jobCounts[0], label: "warmup")

MachineLoad.printStart()
print(
    "bench-batch: \(vastcheck) validate --list LIST --jsonl --jobs J, as a child process; loopback server "
        + "127.0.0.1:\(server.port) (Tools/test-server/server.py); \(hops)-hop chains, delay_ms=\(latencyMs) on every "
        + "response; \(runs) runs per line, interleaved; wall time spawn to exit; peak RSS = the child's VmHWM")
print("")
var samples: [Sample] = []
for run in 1...runs {
    for tags in tagCounts {
        for jobs in jobCounts {
            log("run \(run)/\(runs): \(tags) tags, --jobs \(jobs)")
            var sample = measure(list: lists[tags]!, tags: tags, jobs: jobs, label: "\(tags)-\(jobs)-\(run)")
            sample.floorMs = measureFloor(tags: tags, jobs: jobs, label: "\(tags)-\(jobs)-\(run)")
            samples.append(sample)
            let requestRate = Double(sample.serverRequests) / sample.run.wallMs * 1e3
            print(
                "run=\(run) tags=\(tags) jobs=\(jobs) wall_ms=\(fmt(sample.run.wallMs, 0))"
                    + " tags_per_min=\(fmt(perMinute(tags, sample.run.wallMs), 0))"
                    + " peak_rss_mb=\(fmt(Double(sample.run.peakRSSKB) / 1024))"
                    + " ru_maxrss_mb=\(fmt(Double(sample.run.ruMaxRSSKB) / 1024))"
                    + " exit=\(sample.run.status) valid=\(sample.check.valid)/\(tags)"
                    + " distinct_hop_urls=\(sample.check.distinctHopURLs)/\(tags * hops)"
                    + " server_requests=\(sample.serverRequests) server_req_per_s=\(fmt(requestRate, 0))"
                    + " server_connections=\(sample.serverConnections)"
                    + " floor_wall_ms=\(fmt(sample.floorMs, 0))"
                    + (sample.check.problems.isEmpty
                        ? "" : " PROBLEMS: " + sample.check.problems.joined(separator: "; ")))
        }
    }
}

print("")
print("-- medians over \(runs) runs (peak RSS: the highest of the runs)")
print(
    "measured floor (same run): the same tags x \(hops) hop URLs fetched by \(curlPath ?? "curl (NOT FOUND: floor not measured)")"
        + " --parallel --parallel-max jobs, nothing parsed; efficiency_vs_floor = floor wall / CLI wall")
print(
    "latency-bound ideal (computed, for reference): tags x \(hops) hops x \(latencyMs) ms / jobs (every job always waiting on the server's delay,"
        + " nothing else costing time)")
var headline: (tagsPerMin: Double, rssMB: Double)?
var rssByTags: [Int: Double] = [:]
for tags in tagCounts {
    for jobs in jobCounts {
        let mine = samples.filter { $0.tags == tags && $0.jobs == jobs }
        let wall = median(mine.map(\.run.wallMs))
        let rss = Double(mine.map(\.run.peakRSSKB).max() ?? 0) / 1024
        let ideal = Double(tags * hops * latencyMs) / Double(jobs)
        let floor = median(mine.map(\.floorMs).filter { !$0.isNaN })
        let requestRate = median(mine.map { Double($0.serverRequests) / $0.run.wallMs * 1e3 })
        let failed = mine.filter { !$0.check.problems.isEmpty }.count
        print(
            "tags=\(tags) jobs=\(jobs) wall_ms=\(fmt(wall, 0)) tags_per_min=\(fmt(perMinute(tags, wall), 0))"
                + " peak_rss_mb=\(fmt(rss)) floor_wall_ms=\(fmt(floor, 0)) floor_tags_per_min=\(fmt(perMinute(tags, floor), 0))"
                + " efficiency_vs_floor=\(fmt(floor / wall, 2)) ideal_wall_ms=\(fmt(ideal, 0)) ideal_tags_per_min=\(fmt(perMinute(tags, ideal), 0))"
                + " efficiency=\(fmt(ideal / wall, 2)) server_req_per_s=\(fmt(requestRate, 0))"
                + " ms_per_tag_per_job=\(fmt(wall * Double(jobs) / Double(tags), 2))"
                + (failed > 0 ? " FAILED_RUNS=\(failed)" : ""))
        if jobs == jobCounts[0] { rssByTags[tags] = rss }
        if jobs == jobCounts[0], tags == tagCounts.max() { headline = (perMinute(tags, wall), rss) }
    }
}
if let smallest = tagCounts.min(), let largest = tagCounts.max(), smallest != largest,
    let low = rssByTags[smallest], let high = rssByTags[largest]
{
    print(
        "memory: peak_rss_mb \(fmt(low)) for \(smallest) tags, \(fmt(high)) for \(largest) tags at --jobs \(jobCounts[0])"
            + " (\(fmt(high - low)) MB more for \(largest / smallest)x the tags)")
}
let anyProblem = samples.contains { !$0.check.problems.isEmpty }
server.stop()
if !keep { try? FileManager.default.removeItem(at: folder) } else { log("kept \(folder.path)") }
print("")
print(
    "headline: the \(tagCounts.max() ?? 0)-tag list at --jobs \(jobCounts[0])\(anyProblem ? " (SOME RUNS FAILED: see PROBLEMS above)" : "")"
)
MachineLoad.printEnd()
print("tags_per_min=\(fmt(headline?.tagsPerMin ?? 0, 0)) peak_rss_mb=\(fmt(headline?.rssMB ?? 0))")
exit(anyProblem ? 1 : 0)

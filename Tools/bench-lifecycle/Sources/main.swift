// bench-lifecycle — inputs per second through the lifecycle state machines, and beacons per second
// through the durable dispatcher to a loopback sink, with memory over 10,000 vs 100,000 beacons.
//
// Usage (from the repository root; Tools/bench-lifecycle/run builds and does this):
//   bench-lifecycle [--ads N] [--rounds R] [--beacons N] [--small N] [--large N] [--batch B] [--window W] [--short-window W2]
//                   [--sends S] [--max-conns M] [--sink both|python|fast] [--no-events] [--no-beacons]
//                   [--raw-curl PATH]
//
// Beacons first (so each phase's peak RSS is its own), against the Python test server and against
// an in-process poll(2) responder (FastSink); for each: N plain GETs through HTTPClient with S in
// flight (the sink's ceiling, no store), then the dispatcher with `small` and with N beacons
// (the producer keeps up to W unfinished, W = maxQueued by default), then N beacons with a short
// queue (W2 unfinished, default 200) to show what the queue's length costs.
// Against FastSink, raw libcurl (--raw-curl PATH: raw_curl.c, compiled by the run script) fetches N URLs
// after the plain GETs and after every dispatcher run, so each dispatcher run has a raw run either side.
// Then the state machines: R rounds of N ads each (video + unit + MRAID), with baselines.
// Last line: events_per_s=X beacons_per_s=Y peak_rss_mb=Z raw_curl_per_s=M durable_to_raw=R client_cpu_us=C
//            raw_cpu_us=D

import AdLifecycle
import AdTransport
import BenchSupport
import Foundation
import LoopbackSupport

// MARK: - arguments

var ads = 2_000
var rounds = 7
var beaconCount = 100_000
var smallCount = 10_000
var largeCount = 1_000_000
var batch = 100
var window = BeaconDispatcherConfiguration().maxQueued
var shortWindow = 200
var sends = BeaconDispatcherConfiguration().maxConcurrentSends
var maxConnections = HTTPClientConfiguration().maxConnectionsPerHost
var sinks = ["python", "fast"]
var runEvents = true
var runBeacons = true
var rawCurlPath: String?

var arguments = BenchArguments(tool: "bench-lifecycle")

while let argument = arguments.next() {
    switch argument {
    case "--ads": ads = arguments.integer(after: argument, minimum: 1, maximum: 1_000_000)
    case "--rounds": rounds = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "--beacons": beaconCount = arguments.integer(after: argument, minimum: 1, maximum: 100_000_000)
    case "--small": smallCount = arguments.integer(after: argument, minimum: 0, maximum: 100_000_000)
    case "--large": largeCount = arguments.integer(after: argument, minimum: 0, maximum: 100_000_000)
    case "--batch": batch = arguments.integer(after: argument, minimum: 1, maximum: 100_000)
    case "--window": window = arguments.integer(after: argument, minimum: 1, maximum: 10_000_000)
    case "--short-window": shortWindow = arguments.integer(after: argument, minimum: 0, maximum: 10_000_000)
    case "--sends": sends = arguments.integer(after: argument, minimum: 1, maximum: 10_000)
    case "--max-conns": maxConnections = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "--sink":
        switch arguments.next() {
        case "both": sinks = ["python", "fast"]
        case "python": sinks = ["python"]
        case "fast": sinks = ["fast"]
        default: fail("--sink takes both, python or fast")
        }
    case "--no-events": runEvents = false
    case "--no-beacons": runBeacons = false
    case "--raw-curl":
        guard let path = arguments.next() else { fail("--raw-curl needs the path of the compiled raw_curl.c") }
        rawCurlPath = path
    case "-h", "--help":
        print(
            """
            usage: bench-lifecycle [--ads N] [--rounds R] [--beacons N] [--small N] [--large N] [--batch B] [--window W] [--short-window W2]
                                   [--sends S] [--max-conns M] [--sink both|python|fast] [--no-events] [--no-beacons]
                                   [--raw-curl PATH]
            """)
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}
if batch > window { fail("--batch must not exceed --window") }

// Every beacon goes to one host here, so the per-host limits (there so that one dead host cannot
// starve the others) are set to the global ones, and the store may hold the 100,000 tombstones.
let dispatcherConfiguration = BeaconDispatcherConfiguration(
    maxConcurrentSends: sends, maxQueued: max(window, BeaconDispatcherConfiguration().maxQueued),
    resultsBufferLimit: max(window, BeaconDispatcherConfiguration().resultsBufferLimit),
    maxConcurrentSendsPerHost: sends, maxQueuedPerHost: max(window, BeaconDispatcherConfiguration().maxQueued),
    maxStoreBytes: 4 << 30)
let clientConfiguration = HTTPClientConfiguration(
    maxConnectionsPerHost: maxConnections, maxTotalConnections: max(64, maxConnections))

MachineLoad.printStart()
print(
    "bench-lifecycle: \(ProcessInfo.processInfo.activeProcessorCount) cores; medians; MB = 2^20 bytes; "
        + "RSS from /proc/self/status (VmRSS now, VmHWM peak)")
let peakResets = ProcStatus.resetPeak()
if !peakResets { print("note: /proc/self/clear_refs refused, so each phase's peak includes the phases before it") }
var overallPeak = ProcStatus.memory().peak

// MARK: - beacons

struct SinkResult {
    var name: String
    var plainPerSecond = Double.nan
    var smallPerSecond = Double.nan
    var bigPerSecond = Double.nan
    var bigDelivered = 0
    var bigPeak = Double.nan
    var smallPeak = Double.nan
    var shortPerSecond = Double.nan
    var shortPeak = Double.nan
    var largePerSecond = Double.nan
    var largePeak = Double.nan
    var fsyncsPerBeacon = Double.nan
    /// The HTTP client's CPU per plain GET (the process less the sink's thread), µs.
    var clientCPUMicroseconds = Double.nan
    /// Raw libcurl's CPU per GET in the run right after the plain GETs, µs.
    var rawCPUMicroseconds = Double.nan
    /// Raw libcurl's requests/s before and after each dispatcher run, by run index.
    var rawAround: [Int: (before: Double, after: Double)] = [:]
    /// Every raw libcurl run's requests/s, in order.
    var rawRuns: [Double] = []

    /// Raw libcurl's requests/s around dispatcher run `index`: the mean of the runs just before and after it.
    func raw(around index: Int) -> Double {
        guard let around = rawAround[index] else { return .nan }
        return (around.before + around.after) / 2
    }
}
var sinkResults: [SinkResult] = []

/// Resets the peak, runs `body`, prints CPU by thread (up to the snapshot `body` returns, taken
/// before its threads end) and the phase's peak RSS; returns that peak.
@MainActor
func phase(_ title: String, _ body: () async throws -> CPUSnapshot) async -> Double {
    _ = ProcStatus.resetPeak()
    let before = CPUSnapshot.take()
    let clock = ContinuousClock()
    let start = clock.now
    let after: CPUSnapshot
    do {
        after = try await body()
    } catch {
        fail("\(title): \(error)")
    }
    let wall = milliseconds(clock.now - start) / 1e3
    let cpu = after.since(before)
    let memory = ProcStatus.memory()
    overallPeak = max(overallPeak, memory.peak)
    let threads = cpu.threads.prefix(6).map { "\($0.name)=\(fmt($0.seconds))" }.joined(separator: " ")
    let children = cpu.children.map { "\($0.name)=\(fmt($0.seconds))" }.joined(separator: " ")
    print(
        "    cpu_s over \(fmt(wall)) s: process=\(fmt(cpu.process)) (\(fmt(cpu.process / wall)) cores): \(threads)"
            + (children.isEmpty ? "" : " | child \(children)"))
    print("    rss_mb: now=\(fmt(memory.rss, 1)) phase_peak=\(fmt(memory.peak, 1))")
    return memory.peak
}

/// A client whose curl thread is named `adt-curl` (see ``onNamedThread(_:_:)``).
func makeClient() throws -> HTTPClient {
    try onNamedThread("adt-curl") { try HTTPClient(configuration: clientConfiguration) }
}

if runBeacons {
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("bench-lifecycle-\(getpid())").path
    for sinkName in sinks {
        var result = SinkResult(name: sinkName)
        let python: TestServer?
        let fast: FastSink?
        let baseURL: String
        do {
            if sinkName == "python" {
                python = try TestServer()
                fast = nil
                baseURL = python!.baseURL
            } else {
                python = nil
                fast = try FastSink()
                baseURL = fast!.baseURL
            }
        } catch {
            fail("starting the \(sinkName) sink: \(error)")
        }
        func resetCounts() throws {
            try python?.resetStats()
            try python?.clearBeacons()
            fast?.resetCounters()
        }
        func counts() throws -> (requests: Int, connections: Int) {
            if let python {
                let s = try python.stats()
                return (s.requests, s.connections)
            }
            return (fast?.requests ?? 0, fast?.connections ?? 0)
        }
        let sinkTitle =
            sinkName == "python"
            ? "Python test server (Tools/test-server/server.py, a thread per connection) at \(baseURL)"
            : "FastSink (in this process: one poll(2) thread, HTTP/1.1 keep-alive, 204) at \(baseURL)"
        print("")
        print("-- beacons -> \(sinkTitle)")
        print(
            "  dispatcher: maxConcurrentSends=\(sends) maxQueued=\(dispatcherConfiguration.maxQueued) batch=\(batch)"
                + " window=\(window) (unfinished beacons the producer allows); client maxConnectionsPerHost=\(maxConnections);"
                + " a fresh client and SQLite store (temp dir) per run")

        // Warm the sink and the client's code paths (not timed).
        do {
            let client = try makeClient()
            _ = await BeaconsBench.plainGets(
                count: 200, concurrency: sends,
                factory: BeaconFactory(baseURL: baseURL, prefix: "warm"), client: client)
            client.shutdown()
        } catch {
            fail("\(error)")
        }

        log("\(sinkName): \(beaconCount) plain GETs")
        _ = await phase("plain GETs") {
            try resetCounts()
            let client = try makeClient()
            let plainStart = CPUSnapshot.take()
            let plain = await BeaconsBench.plainGets(
                count: beaconCount, concurrency: sends,
                factory: BeaconFactory(baseURL: baseURL, prefix: "plain"), client: client)
            let cpu = CPUSnapshot.take()
            let seen = try counts()
            client.shutdown()
            result.plainPerSecond = Double(plain.ok) / plain.wallMs * 1e3
            let spent = cpu.since(plainStart)
            let sinkSeconds = spent.threads.first { $0.name == "bench-sink" }?.seconds ?? 0
            result.clientCPUMicroseconds = (spent.process - sinkSeconds) / Double(max(plain.ok, 1)) * 1e6
            print(
                "  \(pad("baseline: plain GETs", 34)) wall_ms=\(fmt(plain.wallMs, 0)) requests_per_s=\(fmt(result.plainPerSecond, 0))"
                    + " ok=\(plain.ok)/\(beaconCount) in_flight=\(sends) server_requests=\(seen.requests)"
                    + " server_connections=\(seen.connections) (HTTPClient.fetch only: no store, no dispatcher)")
            for (reason, n) in plain.failures { print("    FAILED: \(n)x \(reason)") }
            print(
                "    client_cpu_us_per_request=\(fmt(result.clientCPUMicroseconds)) (this process's CPU less the"
                    + " sink's thread, per GET)")
            return cpu
        }

        /// Raw libcurl (raw_curl.c, a child process) with the dispatcher's sends in flight and the client's
        /// connections per host, to the same sink: `beaconCount` keep-alive GETs; requests/s, or nan.
        func rawCurl(_ label: String) -> Double {
            guard sinkName == "fast", let program = BaselineProgram(path: rawCurlPath) else { return .nan }
            log("\(sinkName): raw libcurl, \(beaconCount) GETs (\(label))")
            do {
                try resetCounts()
                let fields = try program.run([baseURL, "\(beaconCount)", "\(sends)", "\(maxConnections)"])
                let seen = try counts()
                let perSecond = fields["per_s"] ?? .nan
                let cpu = fields["cpu_us_per_request"] ?? .nan
                if result.rawCPUMicroseconds.isNaN { result.rawCPUMicroseconds = cpu }
                result.rawRuns.append(perSecond)
                print(
                    "  \(pad("baseline: raw libcurl (\(label))", 34)) wall_ms=\(fmt(fields["wall_ms"] ?? .nan, 0))"
                        + " requests_per_s=\(fmt(perSecond, 0)) ok=\(Int(fields["ok"] ?? 0))/\(beaconCount)"
                        + " in_flight=\(sends) max_conns=\(maxConnections) server_requests=\(seen.requests)"
                        + " server_connections=\(seen.connections) raw_cpu_us_per_request=\(fmt(cpu))"
                        + " (raw_curl.c: one thread, curl_multi, no Swift)")
                return perSecond
            } catch {
                fail("raw libcurl: \(error)")
            }
        }
        var rawBefore = rawCurl("after the plain GETs")

        var runs: [(label: String, count: Int, window: Int)] = [
            ("dispatcher \(smallCount)", smallCount, window), ("dispatcher \(beaconCount)", beaconCount, window),
        ]
        if shortWindow > 0 {
            runs.append(("dispatcher \(beaconCount) window=\(shortWindow)", beaconCount, shortWindow))
        }
        // The memory proof: the same full window, a hundred times the small run (FastSink only:
        // at the Python server's ceiling it would take most of an hour).
        if sinkName == "fast", largeCount > 0 {
            while runs.count < 3 { runs.append(("(skipped)", 0, window)) }
            runs.append(("dispatcher \(largeCount)", largeCount, window))
        }
        for (index, (label, count, runWindow)) in runs.enumerated() where count > 0 {
            log("\(sinkName): \(label) (window \(runWindow))")
            let peak = await phase(label) {
                try resetCounts()
                let directory = temp + "-\(sinkName)-\(index)"
                try? FileManager.default.removeItem(atPath: directory)
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: directory) }
                let client = try makeClient()
                let run = try await BeaconsBench.dispatch(
                    count: count, batch: min(batch, runWindow), window: runWindow,
                    factory: BeaconFactory(baseURL: baseURL, prefix: "\(sinkName)-\(index)"),
                    directory: directory, client: client, configuration: dispatcherConfiguration)
                let seen = try counts()
                client.shutdown()
                let perSecond = printDispatch(
                    label, run, requests: seen.requests, connections: seen.connections, count: count)
                switch index {
                case 0: result.smallPerSecond = perSecond
                case 1:
                    result.bigPerSecond = perSecond
                    result.bigDelivered = run.delivered
                    result.fsyncsPerBeacon = Double(run.activity.fsyncs) / Double(max(run.delivered, 1))
                case 2: result.shortPerSecond = perSecond
                default: result.largePerSecond = perSecond
                }
                return run.cpu
            }
            switch index {
            case 0: result.smallPeak = peak
            case 1: result.bigPeak = peak
            case 2: result.shortPeak = peak
            default: result.largePeak = peak
            }
            let rawAfter = rawCurl("after \(label)")
            result.rawAround[index] = (rawBefore, rawAfter)
            rawBefore = rawAfter
            if !rawAfter.isNaN {
                let perSecond =
                    index < 3
                    ? [result.smallPerSecond, result.bigPerSecond, result.shortPerSecond][index]
                    : result.largePerSecond
                print(
                    "  \(label): raw_curl_per_s=\(fmt(result.raw(around: index), 0)) (mean of the raw runs before and"
                        + " after) durable_to_raw=\(fmt(perSecond / result.raw(around: index), 3))")
            }
        }
        try? python?.clearBeacons()
        python?.stop()
        fast?.stop()
        sinkResults.append(result)
    }
}

// MARK: - events

var eventsPerSecond = Double.nan
if runEvents {
    let scenario: Scenario
    let bench: EventsBench
    do {
        scenario = try Scenario.load()
        bench = try EventsBench(scenario: scenario)
    } catch {
        fail("loading the scenario: \(error)")
    }
    print("")
    print("-- events: VideoLifecycle, UnitLifecycle, MRAIDLifecycle send(_:at:) with a TrackingPlan (pure, no I/O)")
    print(
        "  ad: \(scenario.description), \(scenario.trackingURLs) tracking URLs, each with 8 macros appended "
            + "(\(macroSuffix))")
    let reference = bench.run(.all, ads: 1, round: -1)
    let video = bench.run(.video, ads: 1, round: -1)
    let unit = bench.run(.unit, ads: 1, round: -1)
    print(
        "  per ad instance: video \(scenario.video.count) inputs -> \(video.beacons) beacons, unit \(scenario.unit.count) inputs"
            + " -> \(unit.beacons) beacons, mraid \(scenario.mraid.count) inputs (callbacks only); in all \(reference.inputs) inputs,"
            + " \(reference.callbacks) callbacks, \(reference.beacons) beacons, \(reference.rejected) rejected")
    if reference.rejected > 0 { fail("an input of the scenario was rejected") }
    let expansions = bench.run(.expansion, ads: 1, round: -1).expansions
    if expansions != reference.beacons {
        fail("the expansion baseline does \(expansions) expansions, not \(reference.beacons)")
    }

    let variants = EventVariant.allCases
    var times: [EventVariant: [Double]] = [:]
    var counted: [EventVariant: EventCounts] = [:]
    log("events: \(rounds) rounds x \(variants.count) variants x \(ads) ads")
    for variant in variants { _ = bench.run(variant, ads: max(ads / 10, 1), round: -2) }  // warm-up
    let memoryBefore = ProcStatus.memory()
    _ = ProcStatus.resetPeak()
    let clock = ContinuousClock()
    for round in 0..<rounds {
        // Rotate the order so no variant always runs first.
        for k in 0..<variants.count {
            let variant = variants[(k + round) % variants.count]
            let start = clock.now
            let counts = bench.run(variant, ads: ads, round: round)
            times[variant, default: []].append(milliseconds(clock.now - start))
            if let previous = counted[variant], previous != counts {
                fail("\(variant) did different work in round \(round)")
            }
            counted[variant] = counts
        }
    }
    let memoryAfter = ProcStatus.memory()
    overallPeak = max(overallPeak, memoryAfter.peak)
    print(
        "  rounds=\(rounds) ads_per_round=\(ads) (order rotated per round); rss_mb before=\(fmt(memoryBefore.rss, 1))"
            + " after=\(fmt(memoryAfter.rss, 1)) phase_peak=\(fmt(memoryAfter.peak, 1))")
    print(
        "  " + pad("variant", 42) + pad("median_ms", 11) + pad("min_ms", 10) + pad("us_per_ad", 11)
            + pad("inputs_per_s", 14)
            + "beacons_per_s")
    func perAd(_ v: EventVariant) -> Double { median(times[v] ?? []) * 1e3 / Double(ads) }
    for variant in variants {
        let t = times[variant] ?? []
        let m = median(t)
        let c = counted[variant] ?? EventCounts()
        let inputs = c.inputs > 0 ? fmt(Double(c.inputs) / m * 1e3, 0) : "-"
        let beacons =
            c.beacons > 0
            ? fmt(Double(c.beacons) / m * 1e3, 0)
            : c.expansions > 0 ? fmt(Double(c.expansions) / m * 1e3, 0) + " (URLs)" : "-"
        print(
            "  " + pad(variant.rawValue, 42) + pad(fmt(m, 1), 11) + pad(fmt(t.min() ?? .nan, 1), 10)
                + pad(fmt(perAd(variant), 1), 11) + pad(inputs, 14) + beacons)
    }
    let all = perAd(.all)
    let loop = perAd(.loop)
    let plan = perAd(.plan)
    let expansion = perAd(.expansion)
    let machines = all - loop - plan - expansion
    print(
        "  split of 'all' per ad (us): macro expansion \(fmt(expansion, 1)) (\(fmt(expansion / all * 100, 0)) %),"
            + " plan build \(fmt(plan, 1)) (\(fmt(plan / all * 100, 0)) %), loop \(fmt(loop, 1)) (\(fmt(loop / all * 100, 0)) %),"
            + " state machines + action arrays \(fmt(machines, 1)) (\(fmt(machines / all * 100, 0)) %)")
    let counts = counted[.all] ?? EventCounts()
    eventsPerSecond = Double(counts.inputs) / median(times[.all] ?? []) * 1e3
}

// MARK: - summary

print("")
print("-- summary")
var headline = Double.nan
var headlineRaw = Double.nan
var headlineClientCPU = Double.nan
var headlineRawCPU = Double.nan
var headlinePeak = overallPeak
for result in sinkResults {
    print(
        "  \(pad(result.name == "python" ? "Python test server" : "FastSink", 18))"
            + " plain_GET_ceiling_per_s=\(fmt(result.plainPerSecond, 0)) dispatcher_\(smallCount)_per_s=\(fmt(result.smallPerSecond, 0))"
            + " dispatcher_\(beaconCount)_per_s=\(fmt(result.bigPerSecond, 0))"
            + (shortWindow > 0
                ? " dispatcher_\(beaconCount)_window\(shortWindow)_per_s=\(fmt(result.shortPerSecond, 0))" : "")
            + (result.largePerSecond.isNaN ? "" : " dispatcher_\(largeCount)_per_s=\(fmt(result.largePerSecond, 0))")
            + " phase_peak_rss_mb \(smallCount)=\(fmt(result.smallPeak, 1)) \(beaconCount)=\(fmt(result.bigPeak, 1))"
            + (result.largePeak.isNaN ? "" : " \(largeCount)=\(fmt(result.largePeak, 1))")
            + " fsyncs_per_beacon=\(fmt(result.fsyncsPerBeacon, 5))")
    if !result.rawRuns.isEmpty {
        print(
            "  \(pad("", 18)) raw_curl_runs_per_s=\(result.rawRuns.map { fmt($0, 0) }.joined(separator: ","))"
                + " (raw_curl.c, interleaved: after the plain GETs and after each dispatcher run)"
                + " client_cpu_us=\(fmt(result.clientCPUMicroseconds)) raw_cpu_us=\(fmt(result.rawCPUMicroseconds))"
                + " client_to_raw_cpu=\(fmt(result.clientCPUMicroseconds / result.rawCPUMicroseconds, 2))")
    }
}
// The headline is the dispatcher's own throughput: against FastSink when it ran (the Python
// server's ceiling is below the target, see README), else against the Python server.
if let chosen = sinkResults.first(where: { $0.name == "fast" }) ?? sinkResults.first {
    headline = chosen.bigPerSecond
    headlineRaw = chosen.raw(around: 1)
    headlineClientCPU = chosen.clientCPUMicroseconds
    headlineRawCPU = chosen.rawCPUMicroseconds
    print(
        "  beacons_per_s below = dispatcher, \(beaconCount) beacons, against "
            + (chosen.name == "fast"
                ? "FastSink (the sink whose ceiling is far above the dispatcher's)" : "the Python test server"))
}
if let python = sinkResults.first(where: { $0.name == "python" }), python.plainPerSecond < 5_000 {
    print(
        "  note: the Python test server answers at most ~\(fmt(python.plainPerSecond, 0)) plain GETs/s here, below the 5,000/s target"
    )
}
headlinePeak = overallPeak
print("  peak_rss_mb below = the largest VmHWM of any phase (whole process)")
print("")
MachineLoad.printEnd()
print(
    "events_per_s=\(fmt(eventsPerSecond, 0)) beacons_per_s=\(fmt(headline, 0)) peak_rss_mb=\(fmt(headlinePeak, 1))"
        + " raw_curl_per_s=\(fmt(headlineRaw, 0)) durable_to_raw=\(fmt(headline / headlineRaw, 3))"
        + " client_cpu_us=\(fmt(headlineClientCPU, 1)) raw_cpu_us=\(fmt(headlineRawCPU, 1))")

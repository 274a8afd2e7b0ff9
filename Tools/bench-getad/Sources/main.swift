// bench-getad — what AdEngine.getAd adds on top of its sources' own latency.
//
// Usage (from the repository root; Tools/bench-getad/run builds and does this):
//   bench-getad [--runs N] [--warmup W] [--latency-ms L] [--timeout-ms T]
//
// One AdEngine (placement storiesBetweenPages, no caps) with three tiers served by the loopback
// test server, `delay_ms=L` (default 10) on every response:
//   tier 0 "nofill": /echo?status=204            -> noFill
//   tier 1 "error":  /echo?status=500            -> error
//   tier 2 "fill":   a 2-hop chain (Wrapper, InLine) -> won
// N getAd calls (default 300, after W = 20 warm-ups), one after another. Baseline from the same
// run, paired per iteration: the same 4 URLs fetched one after another with a plain HTTPClient of
// the same configuration (no parsing, no mediation). The order alternates per iteration.
// Overhead per iteration = getAd wall time - plain sequence wall time.
// Last line: overhead_p50_ms=X overhead_p99_ms=Y (median and nearest-rank p99 of that overhead).

import AdEngine
import AdPlacement
import AdTransport
import Foundation
import TestSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-getad: \(message)\n".utf8))
    exit(2)
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("== \(message)\n".utf8))
}

// MARK: - arguments

var runs = 300
var warmups = 20
var latencyMs = 10
var timeoutMs: Int?

var arguments = CommandLine.arguments.dropFirst()
@MainActor
func intArgument(_ name: String, minimum: Int, maximum: Int = .max) -> Int {
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= minimum, value <= maximum else {
        fail("\(name) needs an integer in \(minimum)...\(maximum)")
    }
    return value
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = intArgument(argument, minimum: 1)
    case "--warmup": warmups = intArgument(argument, minimum: 0)
    case "--latency-ms": latencyMs = intArgument(argument, minimum: 0, maximum: 5_000)
    case "--timeout-ms":
        timeoutMs = intArgument(argument, minimum: 1, maximum: TenantSettings.maximumSourceTimeoutMilliseconds)
    case "-h", "--help":
        print("usage: bench-getad [--runs N] [--warmup W] [--latency-ms L] [--timeout-ms T]")
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}
// Every source's timeout: far above what its fetches take, so no timer ever fires.
let sourceTimeoutMs = timeoutMs
    ?? min(TenantSettings.maximumSourceTimeoutMilliseconds, max(2_000, 4 * latencyMs + 1_000))

// MARK: - set-up

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-getad-\(UUID().uuidString)")
let server: TestServer
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    server = try TestServer()
} catch {
    try? FileManager.default.removeItem(at: folder)
    fail("\(error)")
}

/// Stops the server and removes the beacon store, once.
@MainActor
func cleanUp() {
    server.stop()
    try? FileManager.default.removeItem(at: folder)
}

/// Cleans up, then fails.
@MainActor
func abort(_ message: String) -> Never {
    cleanUp()
    fail(message)
}

let delay = "delay_ms=\(latencyMs)"
let noFillURL = server.url("/echo?status=204&\(delay)")
let errorURL = server.url("/echo?status=500&\(delay)")
let fillURL: String
do {
    fillURL = try server.registerChain("fill", hops: 2, query: "?\(delay)")
} catch {
    abort("registering the chain: \(error)")
}

func source(_ name: String, tier: Int, _ url: String) -> PlacementSourceSettings {
    PlacementSourceSettings(name: name, tier: tier, kind: .tag(urlTemplate: url), timeoutMilliseconds: sourceTimeoutMs)
}

let configuration = AdEngineConfiguration(
    settings: TenantSettings(tenantId: "bench", placements: [
        .storiesBetweenPages: PlacementSettings(enabled: true, sources: [
            source("nofill", tier: 0, noFillURL), source("error", tier: 1, errorURL), source("fill", tier: 2, fillURL),
        ]),
    ]),
    beaconStorePath: folder.appendingPathComponent("beacons.sqlite").path)
let engine: AdEngine
let plainClient: HTTPClient
do {
    engine = try AdEngine(configuration: configuration)
    plainClient = try HTTPClient(configuration: configuration.http)
} catch {
    abort("\(error)")
}
let request = AdRequestInfo(placement: .storiesBetweenPages, collectionId: "bench", itemId: "story-1",
                            playerSize: AdSize(width: 640, height: 360))

// One checked call: the shape of every timed call, and the URLs the baseline fetches.
let shape: Shape
do {
    let (ad, _) = try await checkedGetAd(engine, request, expected: nil, winner: "fill")
    let urls = ad.report.sources.flatMap(\.hops).map(\.url)
    guard urls.count == 4 else { abort("getAd fetched \(urls.count) URLs, expected 4: \(urls)") }
    shape = Shape(fetches: [(urls[0], .noContent), (urls[1], .badStatus), (urls[2], .body), (urls[3], .body)],
                  outcomes: ad.report.sources.map(\.outcome.rawValue), winner: ad.source)
} catch {
    abort("\(error)")
}

print("bench-getad: loopback server 127.0.0.1:\(server.port) (Tools/test-server/server.py); times in ms; "
    + "p50 = median, p90/p99 nearest rank, over the timed iterations")
print("tiers: 0 nofill=/echo?status=204 (noFill), 1 error=/echo?status=500 (error), "
    + "2 fill=2-hop chain /doc/fill-0 -> /doc/fill-1 (won); \(delay) on every response; "
    + "source timeout \(sourceTimeoutMs) ms; placement storiesBetweenPages, no caps")

let loadBefore = loadAverage()
log("\(warmups) warm-ups + \(runs) iterations (getAd and the plain fetch sequence, alternating order)")
let samples: [IterationSample]
do {
    samples = try await measure(engine: engine, request: request, shape: shape, client: plainClient,
                                maxBodyBytes: configuration.resolver.parserLimits.maxBytes, runs: runs, warmups: warmups)
} catch {
    abort("\(error)")
}
plainClient.shutdown()

// MARK: - report

/// The 1-minute load average, for context: other work on this 2-vCPU machine shows up in the tail.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}

let injected = Double(4 * latencyMs)
print("runs=\(runs) warmups=\(warmups) fetches_per_call=4 injected_latency_ms=\(fmt(injected)) "
    + "reused_hops: getAd=\(fmt(median(samples.map { Double($0.getAdReused) }), 1))/4 "
    + "plain=\(fmt(median(samples.map { Double($0.plainReused) }), 1))/4 (medians) "
    + "loadavg_1min: before=\(loadBefore) after=\(loadAverage())")

func row(_ name: String, _ values: [Double]) {
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0)
        + " p50=\(fmt(median(values))) p90=\(fmt(percentile(values, 90))) p99=\(fmt(percentile(values, 99)))"
        + " max=\(fmt(values.max() ?? .nan)) min=\(fmt(values.min() ?? .nan))")
}

print("")
print("-- wall time per call")
row("getAd_ms", samples.map(\.getAdMs))
row("plain_fetch_sequence_ms (baseline)", samples.map(\.plainMs))
row("paired_ms (getAd - baseline)", samples.map(\.pairedMs))
row("  when getAd ran first", samples.filter(\.getAdFirst).map(\.pairedMs))
row("  when the baseline ran first", samples.filter { !$0.getAdFirst }.map(\.pairedMs))
row("overhead_ms (paired, transfer times equalised)", samples.map(\.overheadMs))

print("")
print("-- curl-reported transfer totals (sum of libcurl's total time over the 4 fetches)")
row("getAd_curl_total_ms", samples.map(\.getAdCurlMs))
row("plain_curl_total_ms", samples.map(\.plainCurlMs))
row("server+loopback_ms (plain curl - injected)", samples.map { $0.plainCurlMs - injected })
row("transfer_difference_ms (getAd curl - plain curl)", samples.map { $0.getAdCurlMs - $0.plainCurlMs })

print("")
print("-- where getAd's time goes (per call; the first three add up to getAd_ms - getAd_curl_total_ms)")
row("facade_ms (getAd wall - mediation report)", samples.map { $0.getAdMs - $0.mediationMs })
row("tier_switch_ms (mediation - sum of sources)", samples.map { $0.mediationMs - $0.sourcesMs })
row("in_sources_ms (sum of sources - their curl)", samples.map { $0.sourcesMs - $0.getAdCurlMs })
for (index, name) in ["nofill", "error", "fill"].enumerated() {
    row("  tier \(index) \(name) (1 fetch\(index == 2 ? "es: 2" : ""))", samples.map {
        $0.sources[index].milliseconds - $0.sources[index].curlMs
    })
}
row("getAd_above_its_transfers_ms (getAd - its curl)", samples.map { $0.getAdMs - $0.getAdCurlMs })
row("plain_above_its_transfers_ms (plain - its curl)", samples.map { $0.plainMs - $0.plainCurlMs })

print("")
print("-- per source, mediation-reported milliseconds (they include engine work; for context)")
for (index, name) in ["nofill", "error", "fill"].enumerated() {
    row("tier \(index) \(name)_ms", samples.map { $0.sources[index].milliseconds })
}
row("mediation_report_ms", samples.map(\.mediationMs))

print("")
print("-- the 5 iterations with the largest paired_ms (ms; fetches in order 204, 500, hop 0, hop 1)")
for sample in samples.sorted(by: { $0.pairedMs > $1.pairedMs }).prefix(5) {
    let fetches = { (xs: [Double]) in xs.map { fmt($0, 1) }.joined(separator: "/") }
    print("paired=\(fmt(sample.pairedMs)) overhead=\(fmt(sample.overheadMs)) getAd=\(fmt(sample.getAdMs)) "
        + "plain=\(fmt(sample.plainMs)) facade=\(fmt(sample.getAdMs - sample.mediationMs)) "
        + "tier_switch=\(fmt(sample.mediationMs - sample.sourcesMs)) in_sources=\(fmt(sample.sourcesMs - sample.getAdCurlMs)) "
        + "getAd_fetches=\(fetches(sample.getAdFetchMs)) plain_fetches=\(fetches(sample.plainFetchMs)) "
        + "first=\(sample.getAdFirst ? "getAd" : "plain")")
}
print("-- the 5 iterations with the largest overhead_ms")
for sample in samples.sorted(by: { $0.overheadMs > $1.overheadMs }).prefix(5) {
    print("overhead=\(fmt(sample.overheadMs)) paired=\(fmt(sample.pairedMs)) getAd=\(fmt(sample.getAdMs)) "
        + "facade=\(fmt(sample.getAdMs - sample.mediationMs)) tier_switch=\(fmt(sample.mediationMs - sample.sourcesMs)) "
        + "in_sources=\(fmt(sample.sourcesMs - sample.getAdCurlMs)) "
        + "per_tier=\(sample.sources.map { fmt($0.milliseconds - $0.curlMs) }.joined(separator: "/")) "
        + "plain_handoff=\(fmt(sample.plainMs - sample.plainCurlMs)) first=\(sample.getAdFirst ? "getAd" : "plain")")
}

let overheads = samples.map(\.overheadMs)
let p50 = median(overheads)
let p99 = percentile(overheads, 99)
let pairedP99 = percentile(samples.map(\.pairedMs), 99)
print("")
print("target: overhead p99 <= 2 ms: \(p99 <= 2 ? "met" : "NOT met") (overhead p99 \(fmt(p99)) ms; "
    + "paired p99 without equalising the transfers \(fmt(pairedP99)) ms; \(runs) iterations)")
cleanUp()
print("overhead_p50_ms=\(fmt(p50)) overhead_p99_ms=\(fmt(p99))")

// bench-getad — what AdEngine.getAd adds on top of its sources' own latency.
//
// Usage (from the repository root; Tools/bench-getad/run builds and does this):
//   bench-getad [--runs N] [--warmup W] [--latency-ms L] [--timeout-ms T] [--pause-ms P] [--engine-loop N]
//
// One AdEngine (placement storiesBetweenPages, no caps) with three tiers served by the loopback
// test server, `delay_ms=L` (default 10) on every response:
//   tier 0 "nofill": /echo?status=204            -> noFill
//   tier 1 "error":  /echo?status=500            -> error
//   tier 2 "fill":   a 2-hop chain (Wrapper, InLine) -> won
// N iterations (default 300, after W = 20 warm-ups), one after another. Each iteration gets the
// same 4 responses four ways, in an order that rotates: getAd; the plain fetch sequence (the 4
// URLs with a plain HTTPClient of the same configuration: the baseline); the 3 tags through a
// WrapperResolver; Mediator.run over the 3 sources. Then getAd again with document sources (no
// network), back to back and after a pause of P ms (default 10) before each call, idle and busy;
// and the parse/resolve pieces in memory.
// Overhead per iteration = (getAd wall - its transfers' curl totals)
//                        - (baseline wall - the baseline's curl totals),
// i.e. getAd minus the baseline with both sides' transfer times made equal; the raw paired
// difference (getAd - baseline) is printed too.
// Then getAd and the plain fetches once more, each call after P ms idle (as apps call getAd), for the
// CPU getAd spends beyond the plain fetches; and cold_parse.c (--cold-parse PATH) for cold_ratio.
// Last line: overhead_p50_ms=X overhead_p99_ms=Y fetch_p99_ms=F cpu_beyond_fetch_p50_ms=C cold_ratio=K
// (median and nearest-rank p99 of that overhead; F the nearest-rank p99 of the plain fetches' time
// above their transfers; C the median of getAd's CPU minus the plain fetches' after the pause, paired;
// K the engine's CPU slowdown after the pause divided by the C parse's).

import AdEngine
import AdPlacement
import AdResolution
import AdTransport
import BenchSupport
import Foundation
import LoopbackSupport

// MARK: - arguments

var runs = 300
var warmups = 20
var latencyMs = 10
var timeoutMs: Int?
var pauseMs = 10
var coldParsePath: String?
/// `--engine-loop N`: only N back-to-back getAd calls with document sources, then exit (for a profiler).
var engineLoop = 0
/// `--pause-loop getad|plain N`: only N network getAd calls, or N plain fetch sequences, each after the pause,
/// then exit (for a profiler: what getAd's CPU beyond the fetch is made of).
var pauseLoop: (getAd: Bool, count: Int)?

var arguments = BenchArguments(tool: "bench-getad")

/// Writes the failure to stderr and exits with status 2.
func fail(_ message: String) -> Never { BenchArguments.fail(tool: "bench-getad", message) }

while let argument = arguments.next() {
    switch argument {
    case "--runs": runs = arguments.integer(after: argument, minimum: 1, maximum: 100_000)
    case "--warmup": warmups = arguments.integer(after: argument, minimum: 0, maximum: 100_000)
    case "--latency-ms": latencyMs = arguments.integer(after: argument, minimum: 0, maximum: 5_000)
    case "--pause-ms": pauseMs = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "--cold-parse":
        guard let path = arguments.next() else { fail("--cold-parse needs the path of the compiled cold_parse.c") }
        coldParsePath = path
    case "--engine-loop": engineLoop = arguments.integer(after: argument, minimum: 1, maximum: 10_000_000)
    case "--pause-loop":
        let what = arguments.next()
        guard what == "getad" || what == "plain" else { fail("--pause-loop needs getad or plain, then a count") }
        pauseLoop = (what == "getad", arguments.integer(after: argument, minimum: 1, maximum: 10_000_000))
    case "--timeout-ms":
        timeoutMs = arguments.integer(
            after: argument, minimum: 1, maximum: TenantSettings.maximumSourceTimeoutMilliseconds)
    case "-h", "--help":
        print(
            "usage: bench-getad [--runs N] [--warmup W] [--latency-ms L] [--timeout-ms T] [--pause-ms P]"
                + " [--cold-parse PATH] [--engine-loop N] [--pause-loop getad|plain N]")
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}
// Every source's timeout: far above what its fetches take, so no source ever times out.
let sourceTimeoutMs =
    timeoutMs
    ?? min(TenantSettings.maximumSourceTimeoutMilliseconds, max(2_000, 4 * latencyMs + 1_000))

// MARK: - set-up

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-getad-\(UUID().uuidString)")

/// The placement of document sources (no network): an empty VAST (noFill), a document that is not
/// XML (error), an InLine (won), whose URLs point at `baseURL`.
func documentPlacement(baseURL: String) -> PlacementSettings {
    PlacementSettings(
        enabled: true,
        sources: [
            document("nofill", tier: 0, "<VAST version=\"4.2\"/>"), document("error", tier: 1, "not xml <"),
            document("fill", tier: 2, inLineDocument(baseURL: baseURL)),
        ])
}

/// The chain's InLine, its URLs pointing at `baseURL`.
func inLineDocument(baseURL: String) -> String {
    ChainDocuments.inLine(hop: 1).replacingOccurrences(of: "{{BASE_URL}}", with: baseURL)
}

func document(_ name: String, tier: Int, _ xml: String) -> PlacementSourceSettings {
    PlacementSourceSettings(name: name, tier: tier, kind: .document(xml), timeoutMilliseconds: sourceTimeoutMs)
}

let inMemoryRequest = AdRequestInfo(
    placement: .clipsBetweenItems, collectionId: "bench", itemId: "clip-1",
    playerSize: AdSize(width: 640, height: 360))

if engineLoop > 0 {
    // The engine alone, for a profiler: document sources, no network and no server process (nothing is
    // fetched; the InLine's URLs are only read). The samples taken are not printed.
    log("engine loop: \(engineLoop) getAd calls with document sources")
    let store = folder.appendingPathComponent("beacons.sqlite").path
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let engine = try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "bench",
                    placements: [.clipsBetweenItems: documentPlacement(baseURL: "http://127.0.0.1:9")]),
                beaconStorePath: store))
        _ = try await measureInMemory(engine: engine, request: inMemoryRequest, runs: engineLoop, warmups: 0)
    } catch {
        try? FileManager.default.removeItem(at: folder)
        fail("\(error)")
    }
    try? FileManager.default.removeItem(at: folder)
    exit(0)
}

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

let inLineXML = inLineDocument(baseURL: server.baseURL)

func source(_ name: String, tier: Int, _ url: String) -> PlacementSourceSettings {
    PlacementSourceSettings(name: name, tier: tier, kind: .tag(urlTemplate: url), timeoutMilliseconds: sourceTimeoutMs)
}

let configuration = AdEngineConfiguration(
    settings: TenantSettings(
        tenantId: "bench",
        placements: [
            .storiesBetweenPages: PlacementSettings(
                enabled: true,
                sources: [
                    source("nofill", tier: 0, noFillURL), source("error", tier: 1, errorURL),
                    source("fill", tier: 2, fillURL),
                ]),
            // The same three outcomes with no network, on a second placement of the same engine.
            .clipsBetweenItems: documentPlacement(baseURL: server.baseURL),
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
let request = AdRequestInfo(
    placement: .storiesBetweenPages, collectionId: "bench", itemId: "story-1",
    playerSize: AdSize(width: 640, height: 360))
// One checked call: the shape of every timed call, and the URLs the baseline fetches.
let shape: Shape
do {
    let (ad, _) = try await checkedGetAd(engine, request, expected: nil, winner: "fill")
    let urls = ad.report.sources.flatMap(\.hops).map(\.url)
    guard urls.count == 4 else { abort("getAd fetched \(urls.count) URLs, expected 4: \(urls)") }
    shape = Shape(
        fetches: [(urls[0], .noContent), (urls[1], .badStatus), (urls[2], .body), (urls[3], .body)],
        outcomes: ad.report.sources.map(\.outcome.rawValue), winner: ad.source,
        tags: [urls[0], urls[1], urls[2]])
} catch {
    abort("\(error)")
}

if let pauseLoop {
    // One side of the CPU-beyond-the-fetch pairs alone, for `perf record`: each call after the pause.
    log(
        "pause loop: \(pauseLoop.count) \(pauseLoop.getAd ? "getAd calls" : "plain fetch sequences") after \(pauseMs) ms idle"
    )
    do {
        for _ in 0..<pauseLoop.count {
            try await Task.sleep(for: .milliseconds(pauseMs))
            if pauseLoop.getAd {
                _ = try await checkedGetAd(engine, request, expected: shape, winner: shape.winner)
            } else {
                var rung = Rung()
                try await plainFetches(
                    shape, client: plainClient, maxBodyBytes: configuration.resolver.parserLimits.maxBytes, into: &rung)
            }
        }
    } catch {
        abort("\(error)")
    }
    cleanUp()
    exit(0)
}

MachineLoad.printStart()
print(
    "bench-getad: loopback server 127.0.0.1:\(server.port) (Tools/test-server/server.py); times in ms; "
        + "p50 = median, p90/p99 nearest rank, over the timed iterations")
print(
    "tiers: 0 nofill=/echo?status=204 (noFill), 1 error=/echo?status=500 (error), "
        + "2 fill=2-hop chain /doc/fill-0 -> /doc/fill-1 (won); \(delay) on every response; "
        + "source timeout \(sourceTimeoutMs) ms; placement storiesBetweenPages, no caps")

let loadBefore = loadAverage()
log("\(warmups) warm-ups + \(runs) iterations (getAd, plain fetches, resolver, mediator; the order rotates)")
let samples: [IterationSample]
do {
    let timeout = Duration.milliseconds(sourceTimeoutMs)
    samples = try await measure(
        engine: engine, request: request, shape: shape, client: plainClient,
        resolverConfiguration: configuration.resolver,
        context: request.applyingMacroValues(to: configuration.macros),
        sources: [
            AdSource.tag("nofill", tier: 0, template: noFillURL, timeout: timeout),
            AdSource.tag("error", tier: 1, template: errorURL, timeout: timeout),
            AdSource.tag("fill", tier: 2, template: fillURL, timeout: timeout),
        ],
        runs: runs, warmups: warmups)
} catch {
    abort("\(error)")
}
log(
    "engine alone: \(warmups) warm-ups + \(runs) getAd calls with document sources, back to back, then after "
        + "\(pauseMs) ms idle and \(pauseMs) ms busy; pieces in memory")
let inMemory: [InMemorySample]
let afterIdle: [InMemorySample]
let afterBusy: [InMemorySample]
let bodies: [[UInt8]]
do {
    inMemory = try await measureInMemory(engine: engine, request: inMemoryRequest, runs: runs, warmups: warmups)
    afterIdle = try await measureInMemory(
        engine: engine, request: inMemoryRequest, runs: runs, warmups: warmups, pause: .idle(.milliseconds(pauseMs)))
    afterBusy = try await measureInMemory(
        engine: engine, request: inMemoryRequest, runs: runs, warmups: warmups, pause: .busy(.milliseconds(pauseMs)))
    bodies = try await [shape.fetches[2].url, shape.fetches[3].url].asyncMap {
        try await plainClient.fetch(HTTPRequest(url: $0), timeout: .seconds(8)).body
    }
} catch {
    abort("\(error)")
}
log(
    "CPU beyond the fetch: \(warmups) warm-ups + \(runs) pairs of getAd and the plain fetches, each after "
        + "\(pauseMs) ms idle")
let afterPause: [(getAd: Double, plain: Double)]
do {
    afterPause = try await measureCPUAfterPause(
        engine: engine, request: request, shape: shape, client: plainClient,
        maxBodyBytes: configuration.resolver.parserLimits.maxBytes, runs: runs, warmups: warmups,
        pause: .milliseconds(pauseMs))
} catch {
    abort("\(error)")
}
// The C parse of the same InLine document, back to back and after the same pause (cold_parse.c).
var coldParse: [String: Double] = [:]
if let program = BaselineProgram(path: coldParsePath) {
    log("cold_parse.c: the InLine document, \(runs) parses back to back, then each after \(pauseMs) ms idle")
    let file = folder.appendingPathComponent("inline.xml")
    do {
        try Data(inLineXML.utf8).write(to: file)
        coldParse = try program.run([file.path, "\(runs)", "\(warmups)", "\(pauseMs)"])
    } catch {
        abort("cold_parse: \(error)")
    }
}
let pieces = await measurePieces(bodies: bodies, inLine: Array(inLineXML.utf8), client: plainClient, runs: runs)
plainClient.shutdown()

// MARK: - report

extension Array where Element: Sendable {
    /// `transform` on each element, one after another.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

/// The 1-minute load average, for context: other work on this 2-vCPU machine shows up in the tail.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}

let injected = Double(4 * latencyMs)
print(
    "runs=\(runs) warmups=\(warmups) fetches_per_call=4 injected_latency_ms=\(fmt(injected)) "
        + "reused_fetches: getAd=\(fmt(median(samples.map { Double($0.getAd.reused) }), 1))/4 "
        + "plain=\(fmt(median(samples.map { Double($0.plain.reused) }), 1))/4 (medians) "
        + "loadavg_1min: before=\(loadBefore) after=\(loadAverage())")

func row(_ name: String, _ values: [Double]) {
    print(
        name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + " p50=\(fmt(median(values))) p90=\(fmt(percentile(values, 90))) p99=\(fmt(percentile(values, 99)))"
            + " max=\(fmt(values.max() ?? .nan)) min=\(fmt(values.min() ?? .nan))")
}

print("")
print("-- wall time per call")
row("getAd_ms", samples.map(\.getAd.wallMs))
row("plain_fetch_sequence_ms (baseline)", samples.map(\.plain.wallMs))
row("paired_ms (getAd - baseline)", samples.map(\.pairedMs))
row("  when getAd ran before the baseline", samples.filter { $0.getAd.position < $0.plain.position }.map(\.pairedMs))
row("  when the baseline ran before getAd", samples.filter { $0.getAd.position > $0.plain.position }.map(\.pairedMs))
row("overhead_ms (paired, transfer times equalised)", samples.map(\.overheadMs))

print("")
print("-- curl-reported transfer totals (sum of libcurl's total time over the 4 fetches)")
row("getAd_curl_total_ms", samples.map(\.getAd.curlMs))
row("plain_curl_total_ms", samples.map(\.plain.curlMs))
row("server+loopback_ms (plain curl - injected)", samples.map { $0.plain.curlMs - injected })
row("transfer_difference_ms (getAd curl - plain curl)", samples.map { $0.getAd.curlMs - $0.plain.curlMs })

print("")
print("-- the same 4 responses four ways: time above each way's own transfers (wall - its curl total)")
row("plain fetches (HTTPClient.fetch x4)", samples.map(\.plain.aboveTransfersMs))
row("resolver (WrapperResolver.resolve x3 tags)", samples.map(\.resolver.aboveTransfersMs))
row("mediator (Mediator.run, 3 tiers)", samples.map(\.mediator.aboveTransfersMs))
row("getAd (AdEngine.getAd)", samples.map(\.getAd.aboveTransfersMs))
print("   paired steps (each minus the one before, same iteration):")
row(
    "  resolver - plain: parse, resolve, 3 runs",
    samples.map { $0.resolver.aboveTransfersMs - $0.plain.aboveTransfersMs })
row(
    "  mediator - resolver: tiers, report, cut-off sink",
    samples.map {
        $0.mediator.aboveTransfersMs - $0.resolver.aboveTransfersMs
    })
row(
    "  getAd - mediator: actor, policy, macros, choice",
    samples.map { $0.getAd.aboveTransfersMs - $0.mediator.aboveTransfersMs })
print("   process CPU time (every thread of this process; the server is another process):")
row("  plain_cpu_ms", samples.map(\.plain.cpuMs))
row("  resolver_cpu_ms", samples.map(\.resolver.cpuMs))
row("  mediator_cpu_ms", samples.map(\.mediator.cpuMs))
row("  getAd_cpu_ms", samples.map(\.getAd.cpuMs))
print("   voluntary context switches of the process:")
row("  plain_switches", samples.map { Double($0.plain.switches) })
row("  resolver_switches", samples.map { Double($0.resolver.switches) })
row("  mediator_switches", samples.map { Double($0.mediator.switches) })
row("  getAd_switches", samples.map { Double($0.getAd.switches) })

print("")
print("-- inside getAd, from its own report (the first three add up to getAd - its curl total)")
row("facade_ms (getAd wall - mediation report)", samples.map { $0.getAd.wallMs - $0.mediationMs })
row("tier_switch_ms (mediation - sum of sources)", samples.map { $0.mediationMs - $0.sourcesMs })
row("in_sources_ms (sum of sources - their curl)", samples.map { $0.sourcesMs - $0.getAd.curlMs })
for (index, name) in ["nofill", "error", "fill"].enumerated() {
    row(
        "  tier \(index) \(name) (\(index == 2 ? "2 fetches" : "1 fetch"))",
        samples.map {
            $0.sources[index].milliseconds - $0.sources[index].curlMs
        })
}
row("per source ms, mediation-reported: tier 0 nofill", samples.map { $0.sources[0].milliseconds })
row("                                   tier 1 error", samples.map { $0.sources[1].milliseconds })
row("                                   tier 2 fill", samples.map { $0.sources[2].milliseconds })

print("")
print("-- the engine alone: the same three outcomes from document sources (no network, placement clipsBetweenItems)")
row("getAd_ms (documents)", inMemory.map(\.getAdMs))
row("getAd_process_cpu_ms (documents)", inMemory.map(\.cpuMs))
row("getAd_voluntary_context_switches (documents)", inMemory.map { Double($0.switches) })
row("facade_ms (getAd wall - mediation report)", inMemory.map { $0.getAdMs - $0.mediationMs })
row("tier_switch_ms (mediation - sum of sources)", inMemory.map { $0.mediationMs - $0.sourcesMs })
row("sources_ms (sum of the 3 sources)", inMemory.map(\.sourcesMs))
row("parse_only_ms (the 2 chain bodies, VASTParser)", pieces.parse)
row("resolve_inline_document_ms (WrapperResolver)", pieces.resolve)

print("")
print(
    "-- the engine alone after a pause: the same calls, each after \(pauseMs) ms with the thread idle "
        + "(as while a response is on its way) or spinning")
for (name, set) in [("idle", afterIdle), ("busy", afterBusy)] {
    row("getAd_ms (documents, after \(pauseMs) ms \(name))", set.map(\.getAdMs))
    row("getAd_process_cpu_ms (after \(pauseMs) ms \(name))", set.map(\.cpuMs))
    row("facade_ms (after \(pauseMs) ms \(name))", set.map { $0.getAdMs - $0.mediationMs })
    row("sources_ms (after \(pauseMs) ms \(name))", set.map(\.sourcesMs))
}
let backToBack = median(inMemory.map(\.cpuMs))
print(
    "cold_engine: getAd CPU p50 \(fmt(backToBack)) ms back to back, "
        + "\(fmt(median(afterIdle.map(\.cpuMs)))) ms after \(pauseMs) ms idle "
        + "(\(fmt(median(afterIdle.map(\.cpuMs)) / backToBack, 1))x), "
        + "\(fmt(median(afterBusy.map(\.cpuMs)))) ms after \(pauseMs) ms busy "
        + "(\(fmt(median(afterBusy.map(\.cpuMs)) / backToBack, 1))x)")

let engineSlowdown = median(afterIdle.map(\.cpuMs)) / backToBack
let cParseSlowdown = coldParse["slowdown"] ?? .nan
let coldRatio = engineSlowdown / cParseSlowdown
print(
    "cold_parse (C, libxml2 xmlReadMemory of the same InLine document, \(Int(coldParse["bytes"] ?? 0)) bytes): "
        + "CPU p50 \(fmt((coldParse["warm_p50_us"] ?? .nan) / 1e3, 3)) ms back to back, "
        + "\(fmt((coldParse["cold_p50_us"] ?? .nan) / 1e3, 3)) ms after \(pauseMs) ms idle (\(fmt(cParseSlowdown, 1))x); "
        + "cold_ratio = engine's \(fmt(engineSlowdown, 1))x / C's \(fmt(cParseSlowdown, 1))x = \(fmt(coldRatio))")

print("")
print(
    "-- CPU beyond the plain fetches: getAd (the 3 network tiers) and the plain fetch sequence, each after "
        + "\(pauseMs) ms idle (process CPU, paired per iteration)")
let beyond = afterPause.map { $0.getAd - $0.plain }
row("getAd_cpu_ms (after \(pauseMs) ms idle)", afterPause.map(\.getAd))
row("plain_cpu_ms (after \(pauseMs) ms idle)", afterPause.map(\.plain))
row("cpu_beyond_fetch_ms (getAd - plain, paired)", beyond)

print("")
print("-- the 5 iterations with the largest overhead_ms (ms; fetches in order 204, 500, hop 0, hop 1)")
for sample in samples.sorted(by: { $0.overheadMs > $1.overheadMs }).prefix(5) {
    let fetches = { (xs: [Double]) in xs.map { fmt($0, 1) }.joined(separator: "/") }
    print(
        "overhead=\(fmt(sample.overheadMs)) paired=\(fmt(sample.pairedMs)) getAd=\(fmt(sample.getAd.wallMs)) "
            + "plain=\(fmt(sample.plain.wallMs)) facade=\(fmt(sample.getAd.wallMs - sample.mediationMs)) "
            + "tier_switch=\(fmt(sample.mediationMs - sample.sourcesMs)) "
            + "in_sources=\(sample.sources.map { fmt($0.milliseconds - $0.curlMs) }.joined(separator: "/")) "
            + "plain_above_transfers=\(fmt(sample.plain.aboveTransfersMs)) "
            + "getAd_fetches=\(fetches(sample.getAd.fetchMs)) plain_fetches=\(fetches(sample.plain.fetchMs)) "
            + "order=getAd@\(sample.getAd.position),plain@\(sample.plain.position)")
}

let overheads = samples.map(\.overheadMs)
let p50 = median(overheads)
let p99 = percentile(overheads, 99)
let pairedP99 = percentile(samples.map(\.pairedMs), 99)
let fetchP99 = percentile(samples.map(\.plain.aboveTransfersMs), 99)
let cpuBeyond = median(beyond)
func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
print("")
print(
    "target: overhead p99 <= 1 ms on a quiet machine: \(verdict((p99 * 100).rounded() <= 100)) (overhead p99 \(fmt(p99)) ms; "
        + "paired p99 without equalising the transfers \(fmt(pairedP99)) ms; \(runs) iterations)")
print(
    "issue 29 floors: overhead p50 <= 1 ms \(verdict(p50 <= 1)) (\(fmt(p50))); overhead p99 <= the plain fetches' p99 "
        + "\(verdict(p99 <= fetchP99)) (\(fmt(p99)) vs \(fmt(fetchP99))); CPU beyond the fetch p50 <= 0.4 ms "
        + "\(verdict(cpuBeyond <= 0.4)) (\(fmt(cpuBeyond, 3)))")
cleanUp()
MachineLoad.printEnd()
print(
    "overhead_p50_ms=\(fmt(p50)) overhead_p99_ms=\(fmt(p99)) fetch_p99_ms=\(fmt(fetchP99))"
        + " cpu_beyond_fetch_p50_ms=\(fmt(cpuBeyond, 3)) cold_ratio=\(fmt(coldRatio))")

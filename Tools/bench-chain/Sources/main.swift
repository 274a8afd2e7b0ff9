// bench-chain — what the wrapper resolver adds on top of the network, per hop.
//
// Usage (from the repository root; Tools/bench-chain/run builds and does this):
//   bench-chain [--runs N] [--warmup W] [--latency-ms L] [--hops H]
//               [--resolutions R] [--concurrency C] [--throughput-hops T] [--max-conns M]
//
// 1. A chain of H hops (H-1 Wrappers + an InLine; default 5) on the loopback test server,
//    `?delay_ms=L` (default 20) on every hop URL, resolved N times (default 30, after W = 5
//    warm-ups) one after another with one HTTPClient + WrapperResolver. Baselines from the same
//    run: the injected latency H*L, and the same H URLs fetched one after another with the same
//    client (`client.fetch`, no parsing). The chain is measured again with no delay.
// 2. R resolutions (default 200) of a T-hop chain (default 3), C at a time (default 16) and all
//    at once, each with a fresh client (maxConnectionsPerHost M, default 6): wall time,
//    resolutions/s, connections the server accepted.
// Last line: overhead_ms_per_hop=X, X = (median resolution wall time - median of the same
// resolution's curl transfer times summed) / H: what the engine adds above its transfers
// (hand-off to the curl thread, parsing, merging, bookkeeping). The transfers themselves
// (server, loopback, injected latency) are printed beside it.

import AdResolution
import AdTransport
import BenchSupport
import Foundation
import LoopbackSupport
import VAST

// MARK: - arguments

var runs = 30
var warmups = 5
var latencyMs = 20
var hops = 5
var resolutions = 200
var concurrency = 16
var throughputHops = 3
var maxConnections = HTTPClientConfiguration().maxConnectionsPerHost

var arguments = BenchArguments(tool: "bench-chain")

/// Writes the failure to stderr and exits with status 2.
func fail(_ message: String) -> Never { BenchArguments.fail(tool: "bench-chain", message) }

while let argument = arguments.next() {
    switch argument {
    case "--runs": runs = arguments.integer(after: argument, minimum: 1, maximum: 100_000)
    case "--warmup": warmups = arguments.integer(after: argument, minimum: 0, maximum: 100_000)
    case "--latency-ms": latencyMs = arguments.integer(after: argument, minimum: 0, maximum: 5_000)
    case "--hops": hops = arguments.integer(after: argument, minimum: 1, maximum: 32)
    case "--resolutions": resolutions = arguments.integer(after: argument, minimum: 1, maximum: 1_000_000)
    case "--concurrency": concurrency = arguments.integer(after: argument, minimum: 1, maximum: 10_000)
    case "--throughput-hops": throughputHops = arguments.integer(after: argument, minimum: 1, maximum: 32)
    case "--max-conns": maxConnections = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "-h", "--help":
        print(
            """
            usage: bench-chain [--runs N] [--warmup W] [--latency-ms L] [--hops H]
                               [--resolutions R] [--concurrency C] [--throughput-hops T] [--max-conns M]
            """)
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}

// MARK: - set-up

let server: TestServer
do {
    server = try TestServer()
} catch {
    fail("\(error)")
}

/// Stops the server, then fails.
@MainActor
func abort(_ message: String) -> Never {
    server.stop()
    fail(message)
}

let limits = WrapperResolverConfiguration().parserLimits
// The resolver follows at most maxDepth wrappers; allow the chain asked for.
let resolverConfiguration = WrapperResolverConfiguration(maxDepth: max(5, hops, throughputHops))

@MainActor
func makeClient() -> HTTPClient {
    do {
        return try HTTPClient(
            configuration: HTTPClientConfiguration(
                maxConnectionsPerHost: maxConnections, maxTotalConnections: max(64, maxConnections)))
    } catch {
        abort("\(error)")
    }
}

@MainActor
func makeResolver(_ client: HTTPClient) -> WrapperResolver {
    WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client), configuration: resolverConfiguration)
}

let chainURL: String
let flatURL: String
let throughputURL: String
do {
    chainURL = try server.registerChain("chain", hops: hops, query: "?delay_ms=\(latencyMs)")
    flatURL = try server.registerChain("flat", hops: hops, query: "?delay_ms=0")
    throughputURL = try server.registerChain("tp", hops: throughputHops, query: "?delay_ms=\(latencyMs)")
} catch {
    abort("registering the chains: \(error)")
}

MachineLoad.printStart()
print(
    "bench-chain: loopback server 127.0.0.1:\(server.port) (Tools/test-server/server.py); times in ms, "
        + "medians and p90 (nearest rank) over the timed runs")

// MARK: - 1. one chain at a time

struct SequentialSummary {
    var resolution: Double
    var plain: Double
    /// Median of (resolution wall time - its transfers' curl times), per hop.
    var engineOverheadPerHop: Double
}

/// Measures one chain and prints its lines; returns the medians.
@MainActor
func sequential(
    title: String, tagURL: String, latency: Int, client: HTTPClient,
    resolver: WrapperResolver
) async -> SequentialSummary {
    log("\(title): \(warmups) warm-ups + \(runs) runs")
    let samples: [ChainSample]
    do {
        let shape = try await checkChain(tagURL: tagURL, hops: hops, resolver: resolver, client: client, limits: limits)
        samples = try await measureSequential(
            tagURL: tagURL, shape: shape, runs: runs, warmups: warmups,
            resolver: resolver, client: client, limits: limits)
    } catch {
        abort("\(error)")
    }
    let h = Double(hops)
    let added = Double(hops * latency)
    print("")
    print("-- \(title)")
    print(
        "hops=\(hops) latency_ms_per_hop=\(latency) added_latency_ms=\(fmt(added)) runs=\(runs) warmups=\(warmups) "
            + "maxConnectionsPerHost=\(client.configuration.maxConnectionsPerHost) "
            + "reused_hops_per_resolution=\(fmt(median(samples.map { Double($0.reusedHops) }), 1))/\(hops)")
    func row(_ name: String, _ values: [Double]) {
        let m = median(values)
        print(
            name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + " median=\(fmt(m)) p90=\(fmt(percentile(values, 90))) min=\(fmt(values.min() ?? .nan))"
                + " per_hop=\(fmt(m / h))")
    }
    row("resolution_total_ms", samples.map(\.resolutionMs))
    row("plain_fetch_chain_ms", samples.map(\.plainMs))
    row("plain_fetch_curl_total_ms", samples.map(\.plainCurlMs))
    row("resolution_curl_total_ms", samples.map(\.resolutionCurlMs))
    row("parse_only_ms (in memory)", samples.map(\.parseMs))

    let resolution = median(samples.map(\.resolutionMs))
    let plain = median(samples.map(\.plainMs))
    let curl = median(samples.map(\.plainCurlMs))
    let parse = median(samples.map(\.parseMs))
    let paired = median(samples.map { $0.resolutionMs - $0.plainMs })
    // Where the time above the injected latency goes, per hop (medians).
    print(
        "split_per_hop: server+loopback=\(fmt((curl - added) / h)) (curl total - latency)"
            + " client_handoff=\(fmt((plain - curl) / h)) (fetch wall - curl total)"
            + " parse+resolve=\(fmt((resolution - plain) / h)) (resolution - plain fetch),"
            + " of which VASTParser=\(fmt(parse / h))")
    print("overhead_vs_plain_fetch_ms_per_hop=\(fmt((resolution - plain) / h)) (paired median \(fmt(paired / h)))")
    print("overhead_vs_latency_ms_per_hop=\(fmt((resolution - added) / h))")
    if (curl - added) / h > 20 {
        // ~40 ms per response is Nagle's algorithm on the server meeting the client's delayed ACK.
        print(
            "note: the server side takes \(fmt((curl - added) / h)) ms per response above the injected delay;"
                + " ~40 ms is Nagle + delayed ACK (the server writes headers and body in two send()s"
                + " without TCP_NODELAY), not the engine")
    }
    let engine = median(samples.map { $0.resolutionMs - $0.resolutionCurlMs }) / h
    print("engine_overhead_ms_per_hop=\(fmt(engine)) (resolution wall time - its transfers' curl times)")
    return SequentialSummary(resolution: resolution, plain: plain, engineOverheadPerHop: engine)
}

let sequentialClient = makeClient()
let sequentialResolver = makeResolver(sequentialClient)
let main = await sequential(
    title: "sequential \(hops)-hop chain, delay_ms=\(latencyMs) on every response",
    tagURL: chainURL, latency: latencyMs, client: sequentialClient, resolver: sequentialResolver)
if latencyMs > 0 {
    _ = await sequential(
        title: "same chain, no added latency (delay_ms=0): the per-hop cost without the sleep",
        tagURL: flatURL, latency: 0, client: sequentialClient, resolver: sequentialResolver)
}
sequentialClient.shutdown()

// MARK: - 2. throughput

print("")
print(
    "-- throughput: \(resolutions) resolutions of a \(throughputHops)-hop chain, delay_ms=\(latencyMs) on every "
        + "response, a fresh HTTPClient per line")
for inFlight in [min(concurrency, resolutions), resolutions] {
    log("throughput: \(resolutions) resolutions, \(inFlight) at a time")
    let client = makeClient()
    let resolver = makeResolver(client)
    let result: ThroughputResult
    let stats: TestServer.Stats
    do {
        try server.resetStats()
        result = await measureThroughput(
            tagURL: throughputURL, hops: throughputHops, total: resolutions,
            concurrency: inFlight, resolver: resolver)
        stats = try server.stats()
    } catch {
        abort("\(error)")
    }
    client.shutdown()
    let requests = resolutions * throughputHops
    let lanes = min(inFlight, maxConnections)
    // Latency-bound floor: every connection busy all the time, each request costing only its delay.
    let ideal = (Double(requests) / Double(lanes)).rounded(.up) * Double(latencyMs)
    print(
        "in_flight=\(inFlight) wall_ms=\(fmt(result.wallMs, 1)) resolutions_per_s=\(fmt(Double(result.resolved) / result.wallMs * 1e3, 1))"
            + " ok=\(result.resolved) failed=\(result.failed) server_connections=\(stats.connections)"
            + " server_requests=\(stats.requests) maxConnectionsPerHost=\(maxConnections)"
            + " latency_bound_wall_ms=\(fmt(ideal, 0)) efficiency=\(fmt(ideal / result.wallMs))")
    print(
        "  hop_ms (curl total, incl. waiting for a connection): median=\(fmt(median(result.hopMs)))"
            + " p90=\(fmt(percentile(result.hopMs, 90))) p99=\(fmt(percentile(result.hopMs, 99)))"
            + " max=\(fmt(result.hopMs.max() ?? .nan))")
    if !result.failures.isEmpty {
        let reasons = result.failures.sorted { $0.value > $1.value }.map { "\($0.value)x \($0.key)" }
        print("  failures: " + reasons.joined(separator: "; "))
    }
}

server.stop()
print("")
MachineLoad.printEnd()
print("overhead_ms_per_hop=\(fmt(main.engineOverheadPerHop))")

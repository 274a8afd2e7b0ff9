// The timed loop. Everything here is nonisolated and takes only Sendable values.

import AdEngine
import AdPlacement
import AdResolution
import AdTransport
import BenchSupport
import Foundation
import VAST

#if canImport(Glibc)
    import Glibc
#endif

/// Voluntary context switches of the whole process so far (every thread): how often a thread
/// went to sleep waiting for something, which on a VM costs a wake-up later.
func voluntarySwitches() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_nvcsw
}

/// CPU time of the whole process (every thread: the Swift pool, the curl loops), in ms.
func processCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) * 1e-6
}

/// What one source of a getAd did, from the mediation report.
struct SourceSample: Sendable {
    /// The source's own `milliseconds` (its start to its end, inside mediation).
    var milliseconds = 0.0
    /// Sum of libcurl's total time over its hops.
    var curlMs = 0.0
}

/// One way of getting the same 4 responses, timed: wall clock, libcurl's totals, process CPU.
struct Rung: Sendable {
    /// Wall clock, measured by the caller.
    var wallMs = 0.0
    /// Sum of libcurl's total time over the 4 fetches.
    var curlMs = 0.0
    /// Process CPU time (every thread) during the call.
    var cpuMs = 0.0
    /// Voluntary context switches of the process during the call.
    var switches = 0
    /// Fetches that ran on a pooled connection.
    var reused = 0
    /// libcurl's total time of each fetch, in order.
    var fetchMs: [Double] = []
    /// Where in the iteration it ran (0 first).
    var position = 0

    /// Wall time above its own transfers (libcurl's clock).
    var aboveTransfersMs: Double { wallMs - curlMs }
}

/// One iteration: the same 4 fetches four ways, back to back, in an order that rotates.
struct IterationSample: Sendable {
    /// `engine.getAd(for:)`.
    var getAd = Rung()
    /// The 4 URLs fetched one after another with `client.fetch` (the baseline).
    var plain = Rung()
    /// The 3 tags resolved one after another with a `WrapperResolver` (no mediation).
    var resolver = Rung()
    /// `Mediator.run` over the 3 tag sources (no facade).
    var mediator = Rung()
    /// `ad.report.milliseconds`: the mediator's own start-to-end time inside getAd.
    var mediationMs = 0.0
    /// getAd's sources, in report order (tier 0, 1, 2).
    var sources: [SourceSample] = []

    /// Sum over tiers of getAd's sources' own `milliseconds` (one source per tier here).
    var sourcesMs: Double { sources.reduce(0) { $0 + $1.milliseconds } }
    /// The paired overhead: getAd − the plain sequence of the same fetches.
    var pairedMs: Double { getAd.wallMs - plain.wallMs }
    /// The paired overhead with the two sides' transfer times made equal: getAd − (the plain
    /// sequence − its curl totals + getAd's curl totals). The sources' latency is then what this
    /// call's own transfers took (libcurl's clock) plus the plain transport's hand-off cost
    /// measured in the same iteration; the server's jitter, which hits one side and not the
    /// other, drops out.
    var overheadMs: Double { getAd.aboveTransfersMs - plain.aboveTransfersMs }
}

/// What a checked getAd looks like: the URLs it fetched, in order, and how each plain fetch must end.
struct Shape: Sendable {
    enum Expect: Sendable { case noContent, badStatus, body }
    var fetches: [(url: String, expect: Expect)]
    var outcomes: [String]
    var winner: String
    /// The three tag URLs (the first fetch of each source).
    var tags: [String]
}

/// Runs one getAd and checks its shape: noFill, error, won, by `winner`, with a media file.
func checkedGetAd(_ engine: AdEngine, _ request: AdRequestInfo, expected: Shape?, winner: String)
    async throws -> (ad: Ad, milliseconds: Double)
{
    let clock = ContinuousClock()
    let start = clock.now
    let ad: Ad
    do {
        ad = try await engine.getAd(for: request)
    } catch {
        throw BenchFailure(
            "getAd failed: \(error); report: "
                + (error.report?.sources.map { "\($0.source)=\($0.outcome.rawValue) (\($0.message))" }
                    .joined(separator: ", ") ?? "none"))
    }
    let elapsed = milliseconds(clock.now - start)
    let outcomes = ad.report.sources.map(\.outcome.rawValue)
    guard ad.source == winner, ad.mediaFile != nil, outcomes == (expected?.outcomes ?? ["noFill", "error", "won"])
    else {
        throw BenchFailure(
            "getAd returned an unexpected shape: source=\(ad.source) outcomes=\(outcomes) "
                + "mediaFile=\(ad.mediaFile?.url ?? "none")")
    }
    if let expected {
        let urls = ad.report.sources.flatMap(\.hops).map(\.url)
        guard urls == expected.fetches.map(\.url) else {
            throw BenchFailure("getAd fetched \(urls), expected \(expected.fetches.map(\.url))")
        }
    }
    return (ad, elapsed)
}

/// Times `work` (wall, CPU, context switches) into a rung; `work` fills the curl figures.
func timed(_ rung: inout Rung, _ work: (inout Rung) async throws -> Void) async rethrows {
    let clock = ContinuousClock()
    let switches = voluntarySwitches()
    let cpu = processCPUMilliseconds()
    let start = clock.now
    try await work(&rung)
    rung.wallMs = milliseconds(clock.now - start)
    rung.cpuMs = processCPUMilliseconds() - cpu
    rung.switches = voluntarySwitches() - switches
}

/// Fills a rung's curl figures from hops.
func record(_ hops: [VASTHop], into rung: inout Rung) {
    rung.fetchMs = hops.map(\.milliseconds)
    rung.curlMs = rung.fetchMs.reduce(0, +)
    rung.reused = hops.filter(\.connectionReused).count
}

/// The 4 URLs of `shape` fetched one after another with `client.fetch` (the baseline), each checked
/// against how it must end; fills the rung's curl figures.
func plainFetches(_ shape: Shape, client: HTTPClient, maxBodyBytes: Int, into rung: inout Rung) async throws {
    for (url, expect) in shape.fetches {
        let request = HTTPRequest(url: url, maxBodyBytes: maxBodyBytes)
        let report: HTTPTransferReport
        do {
            let response = try await client.fetch(request, timeout: .seconds(8))
            guard expect == .body else {
                throw BenchFailure("plain fetch of \(url) gave a body, expected \(expect)")
            }
            report = response.report
        } catch let error as HTTPError {
            let ok =
                (expect == .noContent && error.code == .noContent)
                || (expect == .badStatus && error.code == .badStatus)
            guard ok else { throw BenchFailure("plain fetch of \(url) failed: \(error) (expected \(expect))") }
            report = error.report
        }
        rung.fetchMs.append(report.totalMilliseconds)
        rung.reused += report.connectionReused ? 1 : 0
    }
    rung.curlMs = rung.fetchMs.reduce(0, +)
}

/// getAd and the plain fetch sequence of the same 4 responses, each call after `pause` of idle (as
/// an app calls getAd: now and then, with the machine's caches cold), alternating which goes first;
/// the process CPU of each, paired per iteration.
func measureCPUAfterPause(
    engine: AdEngine, request: AdRequestInfo, shape: Shape, client: HTTPClient, maxBodyBytes: Int,
    runs: Int, warmups: Int, pause: Duration
) async throws -> [(getAd: Double, plain: Double)] {
    var pairs: [(getAd: Double, plain: Double)] = []
    for run in 0..<(warmups + runs) {
        var getAd = Rung()
        var plain = Rung()
        for step in 0..<2 {
            try await Task.sleep(for: pause)
            if (run + step) % 2 == 0 {
                try await timed(&getAd) { _ in
                    _ = try await checkedGetAd(engine, request, expected: shape, winner: shape.winner)
                }
            } else {
                try await timed(&plain) { rung in
                    try await plainFetches(shape, client: client, maxBodyBytes: maxBodyBytes, into: &rung)
                }
            }
        }
        if run >= warmups { pairs.append((getAd.cpuMs, plain.cpuMs)) }
    }
    return pairs
}

/// The warm-up and timed iterations. Each iteration gets the same 4 responses four ways: getAd,
/// the plain fetch sequence (with a client of the same configuration), the three tags through a
/// WrapperResolver, and a Mediator over the three sources; the order rotates from one iteration
/// to the next.
func measure(
    engine: AdEngine, request: AdRequestInfo, shape: Shape, client: HTTPClient,
    resolverConfiguration: WrapperResolverConfiguration, context: VASTMacroContext,
    sources: [AdSource], runs: Int, warmups: Int
) async throws -> [IterationSample] {
    let maxBodyBytes = resolverConfiguration.parserLimits.maxBytes
    let resolver = WrapperResolver(
        client: client, errorSink: DirectBeaconSender(client: client),
        configuration: resolverConfiguration, macros: context)
    let mediator = Mediator(resolver: resolver)
    let expectedHops = shape.fetches.map(\.url)

    func getAd(_ sample: inout IterationSample) async throws {
        var report: MediationReport?
        try await timed(&sample.getAd) { rung in
            let ad = try await checkedGetAd(engine, request, expected: shape, winner: shape.winner).ad
            report = ad.report
        }
        guard let report else { return }
        record(report.sources.flatMap(\.hops), into: &sample.getAd)
        sample.mediationMs = report.milliseconds
        sample.sources = report.sources.map { source in
            SourceSample(milliseconds: source.milliseconds, curlMs: source.hops.reduce(0) { $0 + $1.milliseconds })
        }
    }

    func plain(_ sample: inout IterationSample) async throws {
        try await timed(&sample.plain) { rung in
            try await plainFetches(shape, client: client, maxBodyBytes: maxBodyBytes, into: &rung)
        }
    }

    func resolve(_ sample: inout IterationSample) async throws {
        var hops: [VASTHop] = []
        var filled = false
        await timed(&sample.resolver) { _ in
            for tag in shape.tags {
                let resolution = await resolver.resolve(tagURL: tag)
                hops += resolution.hops
                filled = !resolution.ads.isEmpty
            }
        }
        guard filled, hops.map(\.url) == expectedHops else {
            throw BenchFailure("the resolver rung fetched \(hops.map(\.url)), filled=\(filled)")
        }
        record(hops, into: &sample.resolver)
    }

    func mediate(_ sample: inout IterationSample) async throws {
        var result: MediationResult?
        await timed(&sample.mediator) { _ in
            result = await mediator.run(sources: sources, context: context, deadline: .now + .seconds(10))
        }
        guard let result, result.winner?.source == shape.winner,
            result.report.sources.flatMap(\.hops).map(\.url) == expectedHops
        else {
            throw BenchFailure("the mediator rung gave \(result?.report.sources.map(\.outcome.rawValue) ?? [])")
        }
        record(result.report.sources.flatMap(\.hops), into: &sample.mediator)
    }

    var samples: [IterationSample] = []
    samples.reserveCapacity(runs)
    for run in 0..<(warmups + runs) {
        var sample = IterationSample()
        for step in 0..<4 {
            switch (run + step) % 4 {
            case 0:
                sample.getAd.position = step
                try await getAd(&sample)
            case 1:
                sample.plain.position = step
                try await plain(&sample)
            case 2:
                sample.resolver.position = step
                try await resolve(&sample)
            default:
                sample.mediator.position = step
                try await mediate(&sample)
            }
        }
        if run >= warmups { samples.append(sample) }
    }
    return samples
}

/// One getAd whose three tiers are fixed documents (no network): the engine alone.
struct InMemorySample: Sendable {
    var switches = 0
    var getAdMs = 0.0
    var cpuMs = 0.0
    var mediationMs = 0.0
    var sourcesMs = 0.0
}

/// What the calling task does before each call of ``measureInMemory(engine:request:runs:warmups:pause:)``.
enum Pause: Sendable {
    /// Nothing: the calls run back to back, so the engine's code and data stay in the caches.
    case none
    /// `Task.sleep`: the thread is idle, as it is while a source's response is on its way.
    case idle(Duration)
    /// The thread spins on the clock, touching no memory: the CPU stays busy and nothing of
    /// the process's own evicts the engine's cache lines.
    case busy(Duration)

    func wait() async throws {
        switch self {
        case .none: return
        case .idle(let duration): try await Task.sleep(for: duration)
        case .busy(let duration):
            let end = ContinuousClock.now + duration
            while ContinuousClock.now < end {}
        }
    }
}

/// `runs` getAd calls (after `warmups`) of a placement whose sources are documents, each after
/// `pause`.
func measureInMemory(
    engine: AdEngine, request: AdRequestInfo, runs: Int, warmups: Int, pause: Pause = .none
) async throws -> [InMemorySample] {
    var samples: [InMemorySample] = []
    for run in 0..<(warmups + runs) {
        try await pause.wait()
        let switches = voluntarySwitches()
        let cpu = processCPUMilliseconds()
        let (ad, elapsed) = try await checkedGetAd(engine, request, expected: nil, winner: "fill")
        let sample = InMemorySample(
            switches: voluntarySwitches() - switches, getAdMs: elapsed, cpuMs: processCPUMilliseconds() - cpu,
            mediationMs: ad.report.milliseconds,
            sourcesMs: ad.report.sources.reduce(0) { $0 + $1.milliseconds })
        if run >= warmups { samples.append(sample) }
    }
    return samples
}

/// In-memory costs of the pieces, per call (median over `runs`): parsing the two chain
/// documents, and resolving the InLine document with a WrapperResolver.
func measurePieces(bodies: [[UInt8]], inLine: [UInt8], client: HTTPClient, runs: Int) async -> (
    parse: [Double], resolve: [Double]
) {
    let clock = ContinuousClock()
    let resolver = WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client))
    var parse: [Double] = []
    var resolve: [Double] = []
    for _ in 0..<runs {
        var start = clock.now
        for body in bodies { blackHole(try? VASTParser().parse(body).document) }
        parse.append(milliseconds(clock.now - start))
        start = clock.now
        blackHole(await resolver.resolve(document: inLine, source: "inline"))
        resolve.append(milliseconds(clock.now - start))
    }
    return (parse, resolve)
}

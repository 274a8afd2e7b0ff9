// The timed loops. Everything here is nonisolated and takes only Sendable values.

import AdResolution
import AdTransport
import BenchSupport
import Foundation
import VAST

/// One sequential run of the chain, measured three ways.
struct ChainSample: Sendable {
    /// `resolver.resolve(tagURL:)`, wall clock.
    var resolutionMs = 0.0
    /// Sum of the hops' `milliseconds` (libcurl's total time per transfer) in that resolution.
    var resolutionCurlMs = 0.0
    /// Hops of that resolution that reused a pooled connection.
    var reusedHops = 0
    /// The same URLs fetched one after another with `client.fetch`, wall clock.
    var plainMs = 0.0
    /// Sum of libcurl's total time over those plain fetches.
    var plainCurlMs = 0.0
    /// The chain's bodies parsed with `VASTParser` in memory (no network), wall clock.
    var parseMs = 0.0
}

/// The hop URLs and bodies of a chain, read from one checked resolution.
struct ChainShape: Sendable {
    var urls: [String]
    var bodies: [[UInt8]]
}

/// Resolves `tagURL` once and checks it gives one ad over `hops` hops; fetches every hop's body.
func checkChain(
    tagURL: String, hops: Int, resolver: WrapperResolver, client: HTTPClient,
    limits: VASTParser.Limits
) async throws -> ChainShape {
    let resolution = await resolver.resolve(tagURL: tagURL)
    if let failure = resolution.failure { throw BenchFailure("the chain did not resolve: \(failure)") }
    guard resolution.ads.count == 1, resolution.hops.count == hops,
        resolution.hops.last?.kind == .inline,
        resolution.hops.dropLast().allSatisfy({ $0.kind == .wrapper })
    else {
        throw BenchFailure(
            "unexpected resolution: \(resolution.ads.count) ads, hops "
                + resolution.hops.map { "\($0.kind.rawValue)@\($0.url)" }.joined(separator: ", "))
    }
    let urls = resolution.hops.map(\.url)
    var bodies: [[UInt8]] = []
    for url in urls {
        do {
            bodies.append(
                try await client.fetch(
                    HTTPRequest(url: url, maxBodyBytes: limits.maxBytes),
                    timeout: .seconds(8)
                ).body)
        } catch {
            throw BenchFailure("plain fetch of \(url) failed: \(error)")
        }
    }
    return ChainShape(urls: urls, bodies: bodies)
}

/// `runs` timed runs after `warmups` untimed ones. Each run times a resolution and a plain
/// fetch of the same URLs (order alternating run to run) and an in-memory parse of the bodies.
func measureSequential(
    tagURL: String, shape: ChainShape, runs: Int, warmups: Int, resolver: WrapperResolver,
    client: HTTPClient, limits: VASTParser.Limits
) async throws -> [ChainSample] {
    let clock = ContinuousClock()

    func resolve(into sample: inout ChainSample) async throws {
        let start = clock.now
        let resolution = await resolver.resolve(tagURL: tagURL)
        sample.resolutionMs = milliseconds(clock.now - start)
        guard resolution.failure == nil, resolution.ads.count == 1, resolution.hops.count == shape.urls.count else {
            throw BenchFailure("a timed resolution failed: \(resolution.failure?.description ?? "wrong shape")")
        }
        sample.resolutionCurlMs = resolution.hops.reduce(0) { $0 + $1.milliseconds }
        sample.reusedHops = resolution.hops.filter(\.connectionReused).count
    }

    func fetchPlain(into sample: inout ChainSample) async throws {
        var curl = 0.0
        let start = clock.now
        for url in shape.urls {
            do {
                let response = try await client.fetch(
                    HTTPRequest(url: url, maxBodyBytes: limits.maxBytes),
                    timeout: .seconds(8))
                curl += response.report.totalMilliseconds
            } catch {
                throw BenchFailure("a timed plain fetch of \(url) failed: \(error)")
            }
        }
        sample.plainMs = milliseconds(clock.now - start)
        sample.plainCurlMs = curl
    }

    func parse(into sample: inout ChainSample) throws {
        let start = clock.now
        for body in shape.bodies {
            blackHole(try VASTParser(limits: limits).parse(body).document)
        }
        sample.parseMs = milliseconds(clock.now - start)
    }

    var samples: [ChainSample] = []
    samples.reserveCapacity(runs)
    for run in 0..<(warmups + runs) {
        var sample = ChainSample()
        if run % 2 == 0 {
            try await resolve(into: &sample)
            try await fetchPlain(into: &sample)
        } else {
            try await fetchPlain(into: &sample)
            try await resolve(into: &sample)
        }
        try parse(into: &sample)
        if run >= warmups { samples.append(sample) }
    }
    return samples
}

struct ThroughputResult: Sendable {
    var wallMs: Double
    var resolved: Int
    var failed: Int
    /// Failure descriptions (hop index left out) and how often each happened.
    var failures: [String: Int]
    /// libcurl's total time of every hop of every resolution (includes waiting for a connection).
    var hopMs: [Double]
}

/// `total` resolutions of `tagURL`, at most `concurrency` in flight (a task group topped up as
/// each finishes, as the tests do; `concurrency >= total` starts them all at once).
func measureThroughput(
    tagURL: String, hops: Int, total: Int, concurrency: Int,
    resolver: WrapperResolver
) async -> ThroughputResult {
    let clock = ContinuousClock()
    let start = clock.now
    /// `nil` for a good resolution, else why not.
    @Sendable func one() async -> (failure: String?, hopMs: [Double]) {
        let r = await resolver.resolve(tagURL: tagURL)
        let hopMs = r.hops.map(\.milliseconds)
        if let failure = r.failure {
            return ("\(failure)", hopMs)
        }
        return (
            r.ads.count == 1 && r.hops.count == hops ? nil : "wrong shape: \(r.ads.count) ads, \(r.hops.count) hops",
            hopMs
        )
    }
    let (failures, hopMs) = await withTaskGroup(of: (failure: String?, hopMs: [Double]).self) { group in
        var started = 0
        var failures: [String: Int] = [:]
        var hopMs: [Double] = []
        while started < min(concurrency, total) {
            group.addTask { await one() }
            started += 1
        }
        while let outcome = await group.next() {
            if let failure = outcome.failure { failures[failure, default: 0] += 1 }
            hopMs += outcome.hopMs
            if started < total {
                group.addTask { await one() }
                started += 1
            }
        }
        return (failures, hopMs)
    }
    let failed = failures.values.reduce(0, +)
    return ThroughputResult(
        wallMs: milliseconds(clock.now - start), resolved: total - failed, failed: failed,
        failures: failures, hopMs: hopMs)
}

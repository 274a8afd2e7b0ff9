// The timed loop. Everything here is nonisolated and takes only Sendable values.

import AdEngine
import AdPlacement
import AdTransport
import Foundation

func milliseconds(_ duration: Duration) -> Double {
    let c = duration.components
    return Double(c.seconds) * 1e3 + Double(c.attoseconds) * 1e-15
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Nearest-rank percentile (`p` in 0...100).
func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(s.count)).rounded(.up))
    return s[min(max(rank, 1), s.count) - 1]
}

func fmt(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

/// A measurement that could not be made (the engine or the server did not behave as set up).
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What one source of a getAd did, from the mediation report.
struct SourceSample: Sendable {
    /// The source's own `milliseconds` (its start to its end, inside mediation).
    var milliseconds = 0.0
    /// Sum of libcurl's total time over its hops.
    var curlMs = 0.0
}

/// One iteration: a getAd call and the plain fetch sequence, back to back.
struct IterationSample: Sendable {
    /// `engine.getAd(for:)`, wall clock, measured by the caller (includes the actor hop).
    var getAdMs = 0.0
    /// `ad.report.milliseconds`: the mediator's own start-to-end time.
    var mediationMs = 0.0
    /// One entry per source, in report order (tier 0, 1, 2).
    var sources: [SourceSample] = []
    /// Hops of that getAd that ran on a pooled connection.
    var getAdReused = 0
    /// The same URLs fetched one after another with `client.fetch`, wall clock.
    var plainMs = 0.0
    /// Sum of libcurl's total time over those plain fetches.
    var plainCurlMs = 0.0
    /// Plain fetches that ran on a pooled connection.
    var plainReused = 0
    /// libcurl's total time of each of getAd's 4 fetches, in order.
    var getAdFetchMs: [Double] = []
    /// libcurl's total time of each of the 4 plain fetches, in order.
    var plainFetchMs: [Double] = []
    /// Whether getAd ran first in this iteration (the order alternates).
    var getAdFirst = true

    /// Sum of the hops' curl totals inside getAd.
    var getAdCurlMs: Double { sources.reduce(0) { $0 + $1.curlMs } }
    /// Sum over tiers of the sources' own `milliseconds` (one source per tier here).
    var sourcesMs: Double { sources.reduce(0) { $0 + $1.milliseconds } }
    /// The paired overhead: getAd − the plain sequence of the same fetches.
    var pairedMs: Double { getAdMs - plainMs }
    /// The paired overhead with the two sides' transfer times made equal: getAd − (the plain
    /// sequence − its curl totals + getAd's curl totals). The sources' latency is then what this
    /// call's own transfers took (libcurl's clock) plus the plain transport's hand-off cost
    /// measured in the same iteration; the server's jitter, which hits one side and not the
    /// other, drops out.
    var overheadMs: Double { (getAdMs - getAdCurlMs) - (plainMs - plainCurlMs) }
}

/// What a checked getAd looks like: the URLs it fetched, in order, and how each plain fetch must end.
struct Shape: Sendable {
    enum Expect: Sendable { case noContent, badStatus, body }
    var fetches: [(url: String, expect: Expect)]
    var outcomes: [String]
    var winner: String
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
        throw BenchFailure("getAd failed: \(error); report: "
            + (error.report?.sources.map { "\($0.source)=\($0.outcome.rawValue) (\($0.message))" }
                .joined(separator: ", ") ?? "none"))
    }
    let elapsed = milliseconds(clock.now - start)
    let outcomes = ad.report.sources.map(\.outcome.rawValue)
    guard ad.source == winner, ad.mediaFile != nil, outcomes == (expected?.outcomes ?? ["noFill", "error", "won"]) else {
        throw BenchFailure("getAd returned an unexpected shape: source=\(ad.source) outcomes=\(outcomes) "
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

/// The warm-up and timed iterations. Each iteration runs one getAd and the plain fetch
/// sequence of the same URLs with a client of the same configuration, alternating which goes first.
func measure(engine: AdEngine, request: AdRequestInfo, shape: Shape, client: HTTPClient, maxBodyBytes: Int,
             runs: Int, warmups: Int) async throws -> [IterationSample] {
    let clock = ContinuousClock()

    func getAd(into sample: inout IterationSample) async throws {
        let (ad, elapsed) = try await checkedGetAd(engine, request, expected: shape, winner: shape.winner)
        sample.getAdMs = elapsed
        sample.mediationMs = ad.report.milliseconds
        sample.sources = ad.report.sources.map { source in
            SourceSample(milliseconds: source.milliseconds, curlMs: source.hops.reduce(0) { $0 + $1.milliseconds })
        }
        let hops = ad.report.sources.flatMap(\.hops)
        sample.getAdReused = hops.filter(\.connectionReused).count
        sample.getAdFetchMs = hops.map(\.milliseconds)
    }

    func fetchPlain(into sample: inout IterationSample) async throws {
        var curl: [Double] = []
        var reused = 0
        let start = clock.now
        for (url, expect) in shape.fetches {
            let request = HTTPRequest(url: url, maxBodyBytes: maxBodyBytes)
            do {
                let response = try await client.fetch(request, timeout: .seconds(8))
                guard expect == .body else { throw BenchFailure("plain fetch of \(url) gave a body, expected \(expect)") }
                curl.append(response.report.totalMilliseconds)
                reused += response.report.connectionReused ? 1 : 0
            } catch let error as HTTPError {
                let ok = (expect == .noContent && error.kind == .noContent) || (expect == .badStatus && error.kind == .badStatus)
                guard ok else { throw BenchFailure("plain fetch of \(url) failed: \(error) (expected \(expect))") }
                curl.append(error.report.totalMilliseconds)
                reused += error.report.connectionReused ? 1 : 0
            }
        }
        sample.plainMs = milliseconds(clock.now - start)
        sample.plainCurlMs = curl.reduce(0, +)
        sample.plainFetchMs = curl
        sample.plainReused = reused
    }

    var samples: [IterationSample] = []
    samples.reserveCapacity(runs)
    for run in 0..<(warmups + runs) {
        var sample = IterationSample()
        sample.getAdFirst = run % 2 == 0
        if sample.getAdFirst {
            try await getAd(into: &sample)
            try await fetchPlain(into: &sample)
        } else {
            try await fetchPlain(into: &sample)
            try await getAd(into: &sample)
        }
        if run >= warmups { samples.append(sample) }
    }
    return samples
}

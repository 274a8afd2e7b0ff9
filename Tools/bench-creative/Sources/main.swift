// bench-creative — the creative cache's download speed against the curl tool, its memory from a 1 MB to a
// 200 MB file, and the time `vastcheck validate --media` adds for a 15 s 720p MP4.
//
// Usage (from the repository root; Tools/bench-creative/run builds and does this):
//   bench-creative [--rounds N] [--size-mb M] [--media-runs R]
//
// 1. Throughput: a file of M MiB (default 64) of random bytes served by the loopback test server's
//    /media/ route. One warm-up round, then N rounds (default 15), each in an order that alternates: the cache downloads it into an
//    empty cache folder (streamed to disk and renamed, what a caller of CreativeCache.file(for:) waits for: its wall time; the
//    sync and the index record follow on the cache's thread),
//    and the `curl` command fetches it to a file (`curl -s -o FILE URL`, its own time_total: the process's
//    start-up is not counted against it). MB/s = M / time. ratio is the median of each round's cache/curl
//    ratio (a slow moment of a loaded machine hits both sides of a round), beside the two medians. Each round
//    also times HTTPClient.download to a file alone (no sync, rename or index), printed as a diagnostic.
// 2. Memory: the tool runs itself as a child (`--rss-child`) that opens a cache and downloads one file, and
//    reports its peak RSS (VmHWM), for a 1 MiB and a 200 MiB file.
// 3. vastcheck: `validate FILE` and `validate --media FILE` in process (the VASTCheck library, output
//    discarded), R runs each (default 15) alternating, for a VAST whose MediaFile is the 15 s 1280x720
//    fast-start H.264 MP4 of TestMedia (ffmpeg), served with Range. media_check_ms = median(with) - median(without).
// Last line: cache_mb_s=X curl_mb_s=Y ratio=Z rss_1mb_kb=A rss_200mb_kb=B media_check_ms=C

import AdTransport
import BenchSupport
import Creatives
import Foundation
import LoopbackSupport
import VASTCheck

// MARK: - arguments

var rounds = 15
var sizeMB = 64
var mediaRuns = 15
var arguments = BenchArguments(tool: "bench-creative")

func fail(_ message: String) -> Never { BenchArguments.fail(tool: "bench-creative", message) }

if CommandLine.arguments.dropFirst().first == "--rss-child" {
    exit(await RSSChild.run(Array(CommandLine.arguments.dropFirst(2))))
}

while let argument = arguments.next() {
    switch argument {
    case "--rounds": rounds = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "--size-mb": sizeMB = arguments.integer(after: argument, minimum: 1, maximum: 2_048)
    case "--media-runs": mediaRuns = arguments.integer(after: argument, minimum: 1, maximum: 1_000)
    case "-h", "--help":
        print("usage: bench-creative [--rounds N] [--size-mb M] [--media-runs R]")
        exit(0)
    default: fail("unknown argument \(argument) (try --help)")
    }
}

// MARK: - set-up

MachineLoad.printStart()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-creative-\(UUID().uuidString)")
let media = folder.appendingPathComponent("media")
let server: TestServer
do {
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    server = try TestServer()
    try server.serveMedia(from: media.path)
    log("writing the files (\(sizeMB) MiB, 1 MiB, 200 MiB)")
    try Files.random(media.appendingPathComponent("big.bin"), bytes: sizeMB << 20)
    try Files.random(media.appendingPathComponent("1mb.bin"), bytes: 1 << 20)
    try Files.random(media.appendingPathComponent("200mb.bin"), bytes: 200 << 20)
} catch {
    try? FileManager.default.removeItem(at: folder)
    fail("\(error)")
}
defer {
    server.stop()
    try? FileManager.default.removeItem(at: folder)
}

// MARK: - 1. throughput

let client: HTTPClient
do {
    client = try HTTPClient()
} catch {
    fail("\(error)")
}
let bigURL = server.mediaURL("big.bin")
var cacheSpeeds: [Double] = []
var curlSpeeds: [Double] = []
var pairRatios: [Double] = []
var clientSpeeds: [Double] = []
var clientRatios: [Double] = []
log("throughput: 1 warm-up and \(rounds) rounds of \(sizeMB) MiB, cache and curl alternating")
for round in 0...rounds {
    var speeds = [0.0, 0.0, 0.0]
    for side in round % 2 == 0 ? [0, 1, 2] : [1, 0, 2] {
        do {
            let seconds =
                side == 0
                ? try await Throughput.cache(bigURL, in: folder, client: client)
                : side == 1
                    ? try Throughput.curl(bigURL, in: folder)
                    : try await Throughput.client(bigURL, in: folder, client: client)
            speeds[side] = Double(sizeMB) * 1.048576 / seconds
        } catch {
            fail("\(error)")
        }
    }
    // Round 0 warms both sides (the client's thread and connection, curl's binary in the page cache).
    guard round > 0 else { continue }
    cacheSpeeds.append(speeds[0])
    curlSpeeds.append(speeds[1])
    pairRatios.append(speeds[0] / speeds[1])
    clientSpeeds.append(speeds[2])
    clientRatios.append(speeds[2] / speeds[1])
}
let cacheSpeed = median(cacheSpeeds)
let curlSpeed = median(curlSpeeds)
let ratio = median(pairRatios)
print("throughput_mb_s cache: \(cacheSpeeds.map { fmt($0, 0) }.joined(separator: " "))")
print("throughput_mb_s curl:  \(curlSpeeds.map { fmt($0, 0) }.joined(separator: " "))")
print("ratio per round:       \(pairRatios.map { fmt($0, 2) }.joined(separator: " "))")
print(
    "throughput_mb_s client (download to a file, no sync, no index) p50: \(fmt(median(clientSpeeds), 0))"
        + "  client/curl per round p50: \(fmt(median(clientRatios), 3))")

// MARK: - 2. memory

var peaks: [Int] = []
for name in ["1mb.bin", "200mb.bin"] {
    let cacheFolder = folder.appendingPathComponent("rss-\(name)").path
    do {
        let (peak, detail) = try RSSChild.measure(url: server.mediaURL(name), cacheFolder: cacheFolder)
        print("memory \(name): \(detail)")
        peaks.append(peak)
    } catch {
        fail("\(error)")
    }
}
print("peak_rss_kb 1MiB: \(peaks[0])  200MiB: \(peaks[1])  growth: \(peaks[1] - peaks[0])")

// MARK: - 3. vastcheck validate --media

var mediaCheck = Double.nan
do {
    mediaCheck = try await MediaTiming.measure(server: server, media: media, folder: folder, runs: mediaRuns)
} catch {
    fail("\(error)")
}

MachineLoad.printEnd()
print(
    "cache_mb_s=\(fmt(cacheSpeed, 0)) curl_mb_s=\(fmt(curlSpeed, 0)) ratio=\(fmt(ratio, 3)) "
        + "rss_1mb_kb=\(peaks[0]) rss_200mb_kb=\(peaks[1]) media_check_ms=\(fmt(mediaCheck, 1))")

// Beacons per second through the durable dispatcher, and the plain-GET ceiling of the same sink.

import AdTransport
import BenchSupport
import Foundation

/// Makes distinct beacons on the fly (nothing is kept, so memory stays the dispatcher's): 20 events
/// per ad instance, URLs shaped like expanded tracking URLs (~200 bytes), UUID-shaped ad instances.
struct BeaconFactory: Sendable {
    let baseURL: String
    let prefix: String
    static let events = [
        "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
        "pause", "resume", "mute", "unmute", "playerExpand", "playerCollapse", "progress", "clickTracking",
        "iconViewTracking", "iconClickTracking", "companionClickTracking", "loaded", "closeLinear",
    ]
    private static let eventBytes = events.map { Array($0.utf8) }
    private static let tail = Array(
        "&ts=2025-06-15T12%3A00%3A00.000Z&ph=00%3A00%3A12.300&app=com.example.clips&lat=0".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    /// What every ad instance of this factory starts from (a hash of ``prefix``), computed once.
    private let seed: UInt64
    /// `baseURL/beacon/`, as bytes.
    private let head: [UInt8]

    init(baseURL: String, prefix: String) {
        self.baseURL = baseURL
        self.prefix = prefix
        seed = prefix.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) } &* 0x9E37
        head = Array("\(baseURL)/beacon/".utf8)
    }

    // The URLs are written as bytes, as raw_curl.c writes its own with snprintf: the harness's own work
    // is charged to the client it measures (client_cpu_us), so it is kept as small as the C program's.
    // (Made with string interpolation, slicing and joining, a URL took about 4 microseconds, 6 % of a
    // plain GET's CPU; the same URLs now take about 0.6.)

    /// Beacon `n`'s URL: ~200 bytes shaped like an expanded tracking URL.
    func url(_ n: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + 160)
        appendURL(n, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func beacon(_ n: Int) -> Beacon {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + 160)
        let instance = appendURL(n, to: &bytes)
        return Beacon(
            url: String(decoding: bytes, as: UTF8.self), event: Self.events[n % Self.events.count],
            adInstance: String(decoding: bytes[instance], as: UTF8.self), hop: n % 2)
    }

    /// Appends beacon `n`'s URL; returns where its ad instance is in `bytes`.
    @discardableResult
    private func appendURL(_ n: Int, to bytes: inout [UInt8]) -> Range<Int> {
        bytes.append(contentsOf: head)
        bytes.append(contentsOf: Self.eventBytes[n % Self.events.count])
        bytes.append(contentsOf: "?ad=".utf8)
        let start = bytes.count
        appendAdInstance(n, to: &bytes)
        let instance = start..<bytes.count
        bytes.append(contentsOf: "&cb=".utf8)
        bytes.append(contentsOf: String(10_000_000 + n % 89_999_999).utf8)
        bytes.append(contentsOf: Self.tail)
        return instance
    }

    /// Appends beacon `n`'s ad instance: UUID-shaped and scattered like the engine's random ones, so the
    /// store's key index takes them in no particular order (numbered ids would arrive sorted, which
    /// flatters its inserts); derived from `n` and ``prefix`` (SplitMix64), so runs repeat. Two words
    /// as 32 upper-case hex digits, grouped 8-4-4-4-12.
    private func appendAdInstance(_ n: Int, to bytes: inout [UInt8]) {
        var state = UInt64(n / Self.events.count) &+ seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let words = (next(), next())
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(0x2D) }
            let word = index < 16 ? words.0 : words.1
            bytes.append(Self.hexDigits[Int(truncatingIfNeeded: word >> UInt64(60 - 4 * (index % 16))) & 0xF])
        }
    }
}

struct DispatchRun: Sendable {
    var wallMs = 0.0
    /// Time the producer spent awaiting `enqueue` (the store's insert transactions and the hops).
    var enqueueMs = 0.0
    var flushMs = 0.0
    var enqueued = 0
    var delivered = 0
    var drained = false
    /// Outcomes other than delivered, by kind and reason.
    var others: [String: Int] = [:]
    /// (outcomes so far, VmRSS MB) at each tenth of the run.
    var rss: [(Int, Double)] = []
    var maxRSS = 0.0
    var storeBytes: Int64 = 0
    /// CPU times once drained, before the dispatcher's thread ends.
    var cpu = CPUSnapshot()
    /// The store's commits and checkpoints over the run (two fsyncs per checkpoint).
    var activity = BeaconStoreActivity(commits: 0, checkpoints: 0)
}

enum BeaconsBench {
    /// Enqueues `count` beacons in batches of `batch`, keeping at most `window` unfinished (outcomes
    /// not yet read from `results`), on a fresh store in `directory`; times first enqueue to drained.
    static func dispatch(
        count: Int, batch: Int, window: Int, factory: BeaconFactory, directory: String,
        client: HTTPClient, configuration: BeaconDispatcherConfiguration
    ) async throws -> DispatchRun {
        let path = directory + "/beacons.sqlite"
        let dispatcher = try onNamedThread("adt-dispatcher") {
            try BeaconDispatcher(storePath: path, client: client, configuration: configuration)
        }
        var results = dispatcher.results.makeAsyncIterator()
        var run = DispatchRun()
        var finished = 0
        var nextCheckpoint = count / 10
        let clock = ContinuousClock()

        func record(_ outcome: BeaconOutcome) {
            finished += 1
            if outcome.kind == .delivered {
                run.delivered += 1
            } else {
                run.others[
                    "\(outcome.kind.rawValue): \(outcome.error ?? "status \(outcome.status ?? 0)")", default: 0] += 1
            }
            if finished >= nextCheckpoint {
                let rss = ProcStatus.memory().rss
                run.rss.append((finished, rss))
                run.maxRSS = max(run.maxRSS, rss)
                nextCheckpoint += max(count / 10, 1)
            }
        }

        let start = clock.now
        while run.enqueued < count {
            if run.enqueued - finished + batch <= window {
                let n = min(batch, count - run.enqueued)
                let beacons = (run.enqueued..<(run.enqueued + n)).map(factory.beacon)
                let before = clock.now
                try await dispatcher.enqueue(beacons)
                run.enqueueMs += milliseconds(clock.now - before)
                run.enqueued += n
            } else {
                guard let outcome = await results.next() else { throw BenchFailure("the results stream ended") }
                record(outcome)
            }
        }
        // Read outcomes while the flush waits, so they do not pile up in the stream's buffer
        // (10,000 unread outcomes are a few MB and would show as RSS that is not the dispatcher's).
        let flushStart = clock.now
        async let flushed: (drained: Bool, at: ContinuousClock.Instant) = (
            await dispatcher.flush(deadline: .now + .seconds(900)), ContinuousClock.now
        )
        while finished < run.enqueued {
            guard let outcome = await results.next() else { break }
            record(outcome)
        }
        let (drained, end) = await flushed
        run.drained = drained
        run.flushMs = milliseconds(end - flushStart)
        run.wallMs = milliseconds(end - start)
        run.cpu = CPUSnapshot.take()
        run.activity = await dispatcher.storeActivity
        run.maxRSS = max(run.maxRSS, ProcStatus.memory().rss)
        for suffix in ["", "-wal"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? NSNumber)??
                .int64Value
            run.storeBytes += size ?? 0
        }
        return run
    }

    struct PlainRun: Sendable {
        var wallMs = 0.0
        var ok = 0
        var failures: [String: Int] = [:]
    }

    /// `count` GETs of the same URLs with `client`, `concurrency` at a time (each worker fetches one
    /// after another), no store: the sink's and the client's own ceiling.
    static func plainGets(count: Int, concurrency: Int, factory: BeaconFactory, client: HTTPClient) async -> PlainRun {
        let clock = ContinuousClock()
        let start = clock.now
        let parts = await withTaskGroup(of: PlainRun.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var part = PlainRun()
                    var n = worker
                    while n < count {
                        do throws(HTTPError) {
                            _ = try await client.fetch(
                                HTTPRequest(url: factory.url(n), maxBodyBytes: 64 << 10),
                                timeout: .seconds(10))
                            part.ok += 1
                        } catch {
                            if error.code == .noContent {
                                part.ok += 1
                            } else {
                                part.failures["\(error.code)", default: 0] += 1
                            }
                        }
                        n += concurrency
                    }
                    return part
                }
            }
            var total = PlainRun()
            for await part in group {
                total.ok += part.ok
                total.failures.merge(part.failures, uniquingKeysWith: +)
            }
            return total
        }
        var result = parts
        result.wallMs = milliseconds(clock.now - start)
        return result
    }
}

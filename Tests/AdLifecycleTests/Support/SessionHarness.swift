import AdErrors
import AdLifecycle
import Foundation
import Synchronization
import VAST

/// Drives an ``AdSession`` over the session fixture ads (read from `Tests/Fixtures/lifecycle/ads` by
/// path, parsed by the real parser) on a clock the test sets, and records what reached the beacon sink.
final class SessionHarness: Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z

    let session: AdSession
    private let instant = Locked(SessionHarness.start)
    private let sunk = Locked<[[BeaconRequest]]>([])

    /// A session of `creative` in `ad`, behind `wrappers` (outermost first).
    init(
        ad: String = "session-every-part.xml", wrappers: [String] = [],
        creative: SessionCreative = .linear(creative: 0, assetURI: "https://cdn.example.com/a.mp4"),
        mraid: MRAIDContainer? = nil
    ) throws {
        let resolved = try Self.resolve(ad: ad, wrappers: wrappers)
        let clock = instant
        let sink = sunk
        session = try AdSession(
            ad: resolved, creative: creative,
            configuration: AdSessionConfiguration(adInstanceID: "ad-1", macros: Fixed.macros, mraid: mraid),
            clock: { clock.value }, beaconSink: { batch in sink.mutate { $0.append(batch) } })
    }

    static func resolve(ad: String, wrappers: [String]) throws -> ResolvedAd {
        func load(_ name: String) throws -> VASTAd {
            let data = try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/lifecycle/ads/" + name))
            guard let ad = try VASTParser().parse(data).document.ads.first else { throw HarnessError.noAd(name) }
            return ad
        }
        var chain: [(wrapper: VASTWrapper, hop: Int)] = []
        for (hop, name) in wrappers.enumerated() {
            guard let wrapper = try load(name).wrapper else { throw HarnessError.noAd(name) }
            chain.append((wrapper, hop))
        }
        guard let resolved = ResolvedAd(ad: try load(ad), hop: chain.count, chain: chain) else {
            throw HarnessError.noAd(ad)
        }
        return resolved
    }

    /// Sets the clock to `milliseconds` after the start.
    func at(_ milliseconds: Int) -> AdSession {
        instant.mutate { $0 = Self.start.addingTimeInterval(Double(milliseconds) / 1000) }
        return session
    }

    /// The batches the sink received, in order.
    var batches: [[BeaconRequest]] { sunk.value }
}

/// A value behind a lock, shareable with `@Sendable` closures.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// The code of the error `body` throws, or `nil` when it throws none.
func refusal<Failure: CodedError>(_ body: () throws(Failure) -> Void) -> ErrorCode<Failure>? {
    do {
        try body()
        return nil
    } catch {
        return error.code
    }
}

enum HarnessError: Error { case noAd(String) }

/// A beacon event of instance `ad-1`.
func beacon(_ event: String, _ hop: Int, _ url: String, offset: String? = nil) -> SessionEvent {
    .beacon(BeaconRequest(event: event, offset: offset, url: url, hop: hop, adInstanceID: "ad-1"))
}

/// `[TIMESTAMP]` of a step `milliseconds` after the harness's start, percent-encoded.
func stamp(_ milliseconds: Int) -> String {
    let seconds = milliseconds / 1000
    return String(format: "2024-01-01T00%%3A%02d%%3A%02d.%03dZ", seconds / 60, seconds % 60, milliseconds % 1000)
}

import AdEngine
import Foundation
import TestSupport
import Testing

/// Reading an engine's analytics stream in tests: each event as a short label, and every event up to a
/// marker request, so a test can assert the exact list of what a call emitted and that nothing followed.
enum EngineEvents {
    /// `requested ITEM`, `loaded:SOURCE ITEM`, `failed:CODE ITEM`, `impression ITEM`,
    /// `beacon:KIND:PATH ITEM`; other kinds by name.
    static func label(_ event: AdEngineEvent) -> String {
        let kind: String
        switch event.kind {
        case .requested: kind = "requested"
        case .loaded(let source): kind = "loaded:\(source)"
        case .failed(let code, _): kind = "failed:\(code)"
        case .impression: kind = "impression"
        case .beacon(let outcome):
            kind = "beacon:\(outcome.kind.rawValue):\(URL(string: outcome.beacon.url)?.path ?? outcome.beacon.url)"
        default: kind = "\(event.kind)"
        }
        return kind + " " + (event.context?.itemId ?? "-")
    }

    /// The events of `stream` before the end (`failed` or `loaded`) of the request for item `marker`, whose
    /// own events are left out. Ask the marker request after the calls under test: what they emitted
    /// synchronously comes before it.
    static func until(marker: String, in stream: AsyncStream<AdEngineEvent>) async -> [AdEngineEvent] {
        var seen: [AdEngineEvent] = []
        for await event in stream {
            guard event.context?.itemId == marker else {
                seen.append(event)
                continue
            }
            switch event.kind {
            case .failed, .loaded: return seen
            default: continue
            }
        }
        return seen
    }
}

/// The error of a call that must fail; an issue when it returns an ad.
func noAd(_ work: () async throws(AdEngineError) -> Ad) async -> AdEngineError? {
    do {
        let ad = try await work()
        Issue.record("expected no ad, got \(ad.id ?? "?")")
        return nil
    } catch {
        return error
    }
}

extension TestServer {
    /// Waits until the server has received `count` requests (control requests do not count), or fails.
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(5)) async throws {
        let received = try await requests(atLeast: count, timeout: timeout)
        if received < count { Issue.record("the server received \(received) requests, not \(count)") }
    }
}

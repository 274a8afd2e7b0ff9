import AdLifecycle
import Foundation
import Testing
import VAST

/// Milestones beyond the lifecycle's 64-bit record of fired ones (the rest are looked up in
/// `VideoState.fired`), and a duration that changes after quartiles fired.
@Suite struct VideoMilestoneTests {
    /// An InLine with `count` progress offsets, one a second from 1 s, each with its own URL, and the
    /// three quartiles.
    static func plan(progressOffsets count: Int) throws -> TrackingPlan {
        var linear = VASTLinear()
        linear.duration = VASTTime(milliseconds: 100_000)
        linear.trackingEvents =
            (1...count).map { second in
                VASTTrackingEvent(
                    event: .progress, offset: .time(VASTTime(milliseconds: second * 1_000)),
                    url: "https://i.example/p\(second)")
            } + [
                VASTTrackingEvent(event: .firstQuartile, url: "https://i.example/q1"),
                VASTTrackingEvent(event: .midpoint, url: "https://i.example/mid"),
                VASTTrackingEvent(event: .thirdQuartile, url: "https://i.example/q3"),
            ]
        var creative = VASTCreative()
        creative.kind = .linear(linear)
        var inLine = VASTInLine()
        inLine.creatives = [creative]
        // The merge keeps 64 progress offsets by default; these tests need more.
        let ad = ResolvedAd(
            ad: VASTAd(id: "many", content: .inLine(inLine)), hop: 0, chain: [],
            limits: ResolvedAd.Limits(maxProgressOffsets: 100))
        return TrackingPlan(ad: try #require(ad), adInstanceID: "ad-1")
    }

    /// The URLs the beacons of `actions` go to, in order.
    static func urls(_ actions: [VideoAction]) -> [String] {
        actions.compactMap { action in
            guard case .beacon(let beacon) = action else { return nil }
            return beacon.url
        }
    }

    @Test func ninetyProgressOffsetsFireOnceEachInPlayheadOrderWithTheQuartiles() throws {
        var video = VideoLifecycle(plan: try Self.plan(progressOffsets: 90))
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        var fired: [String] = []
        // Forward in steps of 700 ms, then back and forward again: nothing fires twice.
        for position in stride(from: 0, through: 100_000, by: 700) + [10_000, 95_000, 100_000] {
            fired += Self.urls(try video.send(.progressed(positionMs: position, durationMs: 100_000), at: now))
        }
        var expected: [String] = []
        for second in 1...90 {
            // The quartile at the same time as an offset comes first.
            if second == 25 { expected.append("https://i.example/q1") }
            if second == 50 { expected.append("https://i.example/mid") }
            if second == 75 { expected.append("https://i.example/q3") }
            expected.append("https://i.example/p\(second)")
        }
        #expect(fired == expected)
        // 3 quartiles, 90 offsets and the start: the state records every one, past the 64th too.
        #expect(video.state.fired.count == 94)
        #expect(video.state.fired.contains(.progress(offset: "00:01:30.000")))
    }

    @Test func aLongerDurationDoesNotFireAQuartileAgain() throws {
        var video = VideoLifecycle(plan: try Self.plan(progressOffsets: 1))
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let first = try video.send(.progressed(positionMs: 5_000, durationMs: 10_000), at: now)
        #expect(Self.urls(first) == ["https://i.example/p1", "https://i.example/q1", "https://i.example/mid"])
        // The player now says 40 s: 25 % is at 10 s, passed again at 12 s, but it already fired.
        let later = try video.send(.progressed(positionMs: 12_000, durationMs: 40_000), at: now)
        #expect(Self.urls(later) == [])
        let end = try video.send(.progressed(positionMs: 30_000, durationMs: 40_000), at: now)
        #expect(Self.urls(end) == ["https://i.example/q3"])
    }
}

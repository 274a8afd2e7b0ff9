import AdSimulation
import FoundationEssentials
import VAST

/// One beacon on the report's timeline: when it fires (playhead seconds), the event, the URL (macros
/// expanded as the simulation filled them) and the hop of the chain it came from.
struct ReportBeacon: Sendable, Hashable {
    var at: Double
    var event: String
    var url: String
    var hop: Int
}

/// The beacon timeline of one resolved ad: a playback simulated to the end with default options (a Linear, or a
/// NonLinear overlay for the time it is shown), or one ad's part of a pod played as one break.
struct ReportTimeline: Sendable {
    /// The ad's position in the pod (0 for a stand-alone ad).
    var index: Int
    /// `Ad id "…": title` for the section heading.
    var title: String
    /// The Linear's duration in seconds (an overlay's time on screen), when it has one.
    var duration: Double?
    /// The beacons in firing order.
    var beacons: [ReportBeacon]
    /// What a person should know before the beacons: why there are none (the simulation could not run), or
    /// that the break skipped the ad (its beacons are then its Error URLs).
    var note: String?

    /// The end of the axis: the duration, or the last beacon (at least one second).
    var axisEnd: Double {
        max(duration ?? 0, beacons.map(\.at).max() ?? 0, duration == nil && beacons.isEmpty ? 1 : 0.001)
    }

    /// Plays `ad` to the end with the shared simulation (``Simulation``) and keeps what it fired.
    /// - Parameter duration: the media's duration in seconds, for an ad whose Linear has none (`--duration`).
    static func make(for ad: ResolvedAd, index: Int, duration: Double?, start: Date) -> ReportTimeline {
        let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first
        var timeline = ReportTimeline(
            index: index, title: title(of: ad), duration: duration ?? linear?.duration?.seconds, beacons: [])
        if linear == nil, let overlay = ad.inLine.creatives.lazy.compactMap(\.nonLinearAds).first?.nonLinears.first {
            timeline.duration = duration ?? overlay.minSuggestedDuration?.seconds
        }
        do {
            timeline.beacons = try simulate(ad, duration: duration, start: start)
        } catch {
            timeline.note = "No timeline: " + error.message
        }
        return timeline
    }

    /// The timelines of a pod played as one break (``BreakSimulation``), one per ad in pod order: each ad's
    /// beacons at its playhead; an ad the break skipped with its IAB code and the Error URLs fired for it.
    /// - Parameter duration: every ad's duration in seconds (`--duration`), or `nil` for each Linear's.
    static func make(forPod ads: [ResolvedAd], duration: Double?, start: Date) -> [ReportTimeline] {
        let simulation: BreakSimulation
        do {
            simulation = try BreakSimulation.run(
                ads, options: SimulationOptions(duration: duration), macros: VASTMacroContext(), start: start)
        } catch {
            return ads.enumerated().map { index, ad in
                ReportTimeline(
                    index: index, title: title(of: ad), duration: nil, beacons: [],
                    note: "No timeline: the pod cannot be played as a break: \(error.message)")
            }
        }
        var previous: Int?
        return simulation.slots.map { slot in
            var timeline = ReportTimeline(
                index: slot.position - 1, title: title(of: slot.ad), duration: slot.duration,
                beacons: slot.beacons.map(beacon))
            if let code = slot.skipped {
                timeline.note =
                    "Skipped by the break with \(code.named) when "
                    + (previous.map { "ad \($0) ended (its Error URLs fire at that ad's playhead)" }
                        ?? "the break started")
            } else {
                previous = slot.position
            }
            return timeline
        }
    }

    /// `Ad "id": title`, for the section heading.
    private static func title(of ad: ResolvedAd) -> String {
        var title = "Ad" + (ad.ad.id.map { " \"\($0)\"" } ?? "")
        if let name = ad.inLine.adTitle, !name.isEmpty { title += ": \(name)" }
        return title
    }

    private static func beacon(_ entry: TimelineEntry) -> ReportBeacon {
        ReportBeacon(
            at: entry.at, event: entry.event + (entry.offset.map { "@\($0)" } ?? ""), url: entry.url, hop: entry.hop)
    }

    /// The beacons of a play to the end (default options), from the shared simulation; a progress event
    /// is named with its offset (`progress@75%`), as the tracking table names it.
    private static func simulate(_ ad: ResolvedAd, duration: Double?, start: Date) throws(SimulationError)
        -> [ReportBeacon]
    {
        try Simulation.run(ad, options: SimulationOptions(duration: duration), macros: VASTMacroContext(), start: start)
            .map(beacon)
    }
}

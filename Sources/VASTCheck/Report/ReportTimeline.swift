import AdSimulation
import Foundation
import VAST

/// One beacon on the report's timeline: when it fires (playhead seconds), the event, the URL (macros
/// expanded as the simulation filled them) and the hop of the chain it came from.
struct ReportBeacon: Sendable, Hashable {
    var at: Double
    var event: String
    var url: String
    var hop: Int
}

/// The beacon timeline of one resolved ad: a playback simulated to the end with default options.
struct ReportTimeline: Sendable {
    /// The ad's position in the pod (0 for a stand-alone ad).
    var index: Int
    /// `Ad id "…": title` for the section heading.
    var title: String
    /// The Linear's duration in seconds, when it has one.
    var duration: Double?
    /// The beacons in firing order.
    var beacons: [ReportBeacon]
    /// Why there are no beacons, when the simulation could not run.
    var note: String?

    /// The end of the axis: the duration, or the last beacon (at least one second).
    var axisEnd: Double {
        max(duration ?? 0, beacons.map(\.at).max() ?? 0, duration == nil && beacons.isEmpty ? 1 : 0.001)
    }

    /// Plays `ad` to the end with the shared simulation (``Simulation``) and keeps what it fired.
    /// - Parameter duration: the media's duration in seconds, for an ad whose Linear has none (`--duration`).
    static func make(for ad: ResolvedAd, index: Int, duration: Double?, start: Date) -> ReportTimeline {
        let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first
        var title = "Ad" + (ad.ad.id.map { " \"\($0)\"" } ?? "")
        if let name = ad.inLine.adTitle, !name.isEmpty { title += ": \(name)" }
        var timeline = ReportTimeline(
            index: index, title: title, duration: duration ?? linear?.duration?.seconds,
            beacons: [])
        do {
            timeline.beacons = try simulate(ad, duration: duration, start: start)
        } catch {
            timeline.note = error.message
        }
        return timeline
    }

    /// The beacons of a play to the end (default options), from the shared simulation; a progress event
    /// is named with its offset (`progress@75%`), as the tracking table names it.
    private static func simulate(_ ad: ResolvedAd, duration: Double?, start: Date) throws(SimulationError)
        -> [ReportBeacon]
    {
        try Simulation.run(ad, options: SimulationOptions(duration: duration), macros: VASTMacroContext(), start: start)
            .map { entry in
                ReportBeacon(
                    at: entry.at, event: entry.event + (entry.offset.map { "@\($0)" } ?? ""), url: entry.url,
                    hop: entry.hop)
            }
    }
}

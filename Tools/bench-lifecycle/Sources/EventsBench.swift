// Inputs per second through the pure state machines, with same-run baselines.

import AdLifecycle
import BenchSupport
import Foundation
import VAST

/// What one timed pass did (the same every round; checked).
struct EventCounts: Equatable {
    var inputs = 0
    var callbacks = 0
    var beacons = 0
    var rejected = 0
    var expansions = 0
}

/// The URLs one input's beacons expand, with the moment they are expanded for, taken from a
/// reference run so the expansion-only baseline does exactly the state machines' expansions.
struct ExpansionGroup {
    var ms: Int
    var playheadMs: Int?
    var click: ClickPoint?
    var urls: [(url: String, usage: VASTMacroUsage)]
}

enum EventVariant: String, CaseIterable {
    case all = "all: plan + video + unit + mraid"
    case video = "video: plan + VideoLifecycle"
    case unit = "unit: plan + UnitLifecycle"
    case mraid = "mraid: MRAIDLifecycle"
    case loop = "baseline: loop only (ids, dates, inputs)"
    case plan = "baseline: TrackingPlan(ad:...) only"
    case expansion = "baseline: macro expansion only"
    case expander = "reference: the same, VASTMacroExpander"
}

struct EventsBench {
    let scenario: Scenario
    let workload: [ExpansionGroup]
    /// The workload's URLs split as `TrackingPlan` splits them when it is built (not timed here:
    /// that is part of the plan's baseline), and their fixed values, as the plan encodes them.
    let templates: [String: VASTMacroTemplate]
    let values: VASTMacroValues
    let epoch = 1_750_000_000.0

    init(scenario: Scenario) throws {
        self.scenario = scenario
        workload = try Self.expansionWorkload(scenario)
        var templates: [String: VASTMacroTemplate] = [:]
        for group in workload { for (url, _) in group.urls { templates[url] = VASTMacroTemplate(url) } }
        self.templates = templates
        var context = scenario.macros
        context.assetURI = scenario.assetURI
        values = VASTMacroValues(context: context, templates: templates.values, excluding: TrackingPlan.momentMacros)
    }

    private func date(_ ad: Int, _ ms: Int) -> Date {
        Date(timeIntervalSince1970: epoch + Double(ad) * 60 + Double(ms) / 1000)
    }

    /// One pass over `ads` ad instances.
    func run(_ variant: EventVariant, ads: Int, round: Int) -> EventCounts {
        var counts = EventCounts()
        for ad in 0..<ads {
            let instance = "ad-\(round)-\(ad)"
            switch variant {
            case .all:
                let plan = scenario.plan(instance)
                video(plan, ad, &counts)
                unit(plan, ad, &counts)
                mraid(&counts)
            case .video: video(scenario.plan(instance), ad, &counts)
            case .unit: unit(scenario.plan(instance), ad, &counts)
            case .mraid:
                blackHole(instance)
                mraid(&counts)
            case .loop:
                blackHole(instance)
                for (input, ms) in scenario.video { blackHole((input, date(ad, ms))) }
                for (input, ms) in scenario.unit { blackHole((input, date(ad, ms))) }
                for input in scenario.mraid { blackHole(input) }
                counts.inputs += scenario.inputsPerAd
            case .plan:
                blackHole(scenario.plan(instance))
            case .expansion, .expander:
                blackHole(instance)
                for group in workload {
                    let now = date(ad, group.ms)
                    var context = scenario.macros
                    context.now = { now }
                    if let playhead = group.playheadMs { context.adPlayhead = VASTTime(milliseconds: playhead) }
                    context.assetURI = scenario.assetURI
                    if let click = group.click { context.clickPosition = .init(x: click.x, y: click.y) }
                    for (url, usage) in group.urls {
                        if variant == .expansion, let template = templates[url] {
                            blackHole(template.expand(context: context, usage: usage, values: values).url)
                        } else {
                            blackHole(VASTMacroExpander.expand(url, context: context, usage: usage).url)
                        }
                        counts.expansions += 1
                    }
                }
            }
        }
        return counts
    }

    private func video(_ plan: TrackingPlan, _ ad: Int, _ counts: inout EventCounts) {
        var lifecycle = VideoLifecycle(plan: plan)
        for (input, ms) in scenario.video {
            counts.inputs += 1
            do {
                tally(try lifecycle.send(input, at: date(ad, ms)), &counts)
            } catch {
                counts.rejected += 1
            }
        }
    }

    private func unit(_ plan: TrackingPlan, _ ad: Int, _ counts: inout EventCounts) {
        var lifecycle = UnitLifecycle(plan: plan)
        for (input, ms) in scenario.unit {
            counts.inputs += 1
            do {
                tally(try lifecycle.send(input, at: date(ad, ms)), &counts)
            } catch {
                counts.rejected += 1
            }
        }
    }

    private func mraid(_ counts: inout EventCounts) {
        var lifecycle = MRAIDLifecycle(placement: .inline, geometry: scenario.geometry)
        for input in scenario.mraid {
            counts.inputs += 1
            do {
                tally(try lifecycle.send(input), &counts)
            } catch {
                counts.rejected += 1
            }
        }
    }

    private func tally<C>(_ actions: [LifecycleAction<C>], _ counts: inout EventCounts) {
        for action in actions {
            switch action {
            case .callback: counts.callbacks += 1
            case .beacon(let beacon):
                counts.beacons += 1
                blackHole(beacon.url)
            }
        }
    }

    // MARK: - the reference run

    /// Runs one ad instance, maps every beacon back to its URL as written, and groups them by input.
    private static func expansionWorkload(_ scenario: Scenario) throws -> [ExpansionGroup] {
        let plan = scenario.plan("reference")
        var raw: [String: String] = [:]
        let chain: [TrackedURL] = plan.impressions + plan.errors + plan.clickTracking
        let shown: [TrackedURL] =
            plan.companions.flatMap { $0.views + $0.clicks } + plan.icons.flatMap { $0.views + $0.clicks }
        let all = (chain + shown).map(\.url) + plan.linearTracking.map(\.url)
        for url in all {
            let key = try stem(url)
            if let other = raw[key], other != url { throw BenchFailure("two tracking URLs share the stem \(key)") }
            raw[key] = url
        }
        func group(_ beacons: [BeaconRequest], ms: Int, playheadMs: Int?, click: ClickPoint?) throws -> ExpansionGroup?
        {
            guard !beacons.isEmpty else { return nil }
            let urls = try beacons.map { beacon -> (String, VASTMacroUsage) in
                guard let url = raw[try stem(beacon.url)] else {
                    throw BenchFailure("unknown beacon URL \(beacon.url)")
                }
                return (url, usage(beacon.event))
            }
            return ExpansionGroup(ms: ms, playheadMs: playheadMs, click: click, urls: urls)
        }
        var groups: [ExpansionGroup] = []
        var video = VideoLifecycle(plan: plan)
        for (input, ms) in scenario.video {
            let actions = try video.send(input, at: Date())
            // One group per event name, as each `plan.beacons` call builds its own context.
            var byEvent: [(String, [BeaconRequest])] = []
            for beacon in actions.compactMap(\.beacon) {
                if byEvent.last?.0 == beacon.event {
                    byEvent[byEvent.count - 1].1.append(beacon)
                } else {
                    byEvent.append((beacon.event, [beacon]))
                }
            }
            for (_, beacons) in byEvent {
                if let g = try group(beacons, ms: ms, playheadMs: video.state.playheadMs, click: nil) {
                    groups.append(g)
                }
            }
        }
        var unit = UnitLifecycle(plan: plan)
        for (input, ms) in scenario.unit {
            let actions = try unit.send(input, at: Date())
            var click: ClickPoint?
            var playhead: Int?
            if case .clicked(let position, let playheadMs) = input { (click, playhead) = (position, playheadMs) }
            let beacons = actions.compactMap(\.beacon)
            // A click fires the impression (if not yet logged) without the click's position.
            if let g = try group(beacons.filter { $0.event == "impression" }, ms: ms, playheadMs: nil, click: nil) {
                groups.append(g)
            }
            if let g = try group(
                beacons.filter { $0.event != "impression" }, ms: ms, playheadMs: playhead, click: click)
            {
                groups.append(g)
            }
        }
        return groups
    }

    /// The URL up to the appended macro parameters: the same before and after expansion.
    private static func stem(_ url: String) throws -> String {
        guard let range = url.range(of: "cb=", options: .backwards) else { throw BenchFailure("no cb= in \(url)") }
        return String(url[..<range.lowerBound])
    }

    private static func usage(_ event: String) -> VASTMacroUsage {
        switch event {
        case "impression": .impression
        case "error": .error
        case "clickTracking", "iconClickTracking", "companionClickTracking": .clickTracking
        case "iconViewTracking": .other
        default: .tracking(VASTTrackingEventName(rawValue: event))
        }
    }
}

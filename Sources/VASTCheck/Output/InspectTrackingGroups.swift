import VAST

/// An ad's tracking URLs as `inspect` shows them: impressions and errors apart, Linear events under
/// their VAST names (with every click, icon and viewability list), and NonLinear and Companion
/// events in groups of their own, so that an overlay's `creativeView` is not listed as the Linear's.
/// Empty URLs are left out: there is nothing to send.
struct InspectTrackingGroups {
    /// URLs of one event (`start`, `progress@00:00:05.000`) or list (`clickTracking`), in hop order.
    struct Group {
        let name: String
        /// Which macros the URLs may carry.
        let usage: VASTMacroUsage
        let urls: [TrackedURL]
    }

    let impressions: [TrackedURL]
    let errors: [TrackedURL]
    let linear: [Group]
    let nonLinear: [Group]
    let companion: [Group]
    /// Click and icon trackers and viewability, after the events.
    let others: [Group]
    let clickThrough: TrackedURL?

    init(_ ad: ResolvedAd) {
        func present(_ urls: [TrackedURL]) -> [TrackedURL] { urls.filter { !$0.url.isEmpty } }
        impressions = present(ad.impressions)
        errors = present(ad.errors)
        linear = Self.byEvent(ad.linearTracking)
        nonLinear = Self.byEvent(ad.nonLinearTracking)
        companion = Self.byEvent(ad.companionTracking)
        let lists = [
            ("clickTracking", ad.clickTracking), ("customClick", ad.customClicks),
            ("companionClickTracking", ad.companionClickTracking),
            ("nonLinearClickTracking", ad.nonLinearClickTracking), ("iconViewTracking", ad.iconViewTracking),
            ("iconClickTracking", ad.iconClickTracking), ("viewable", ad.viewable),
            ("notViewable", ad.notViewable), ("viewUndetermined", ad.viewUndetermined),
        ]
        others = lists.compactMap { name, urls in
            let kept = present(urls)
            return kept.isEmpty ? nil : Group(name: name, usage: InspectReport.usage(name), urls: kept)
        }
        clickThrough = ad.clickThrough.flatMap { $0.url.isEmpty ? nil : $0 }
    }

    /// Every group in the order the text report lists them, NonLinear and Companion events labelled
    /// `nonLinear creativeView`, `companion creativeView`.
    var labelled: [(label: String, group: Group)] {
        var groups: [(String, Group)] = []
        if !impressions.isEmpty {
            groups.append(("impression", Group(name: "impression", usage: .impression, urls: impressions)))
        }
        if !errors.isEmpty { groups.append(("error", Group(name: "error", usage: .error, urls: errors))) }
        groups += linear.map { ($0.name, $0) }
        groups += nonLinear.map { ("nonLinear " + $0.name, $0) }
        groups += companion.map { ("companion " + $0.name, $0) }
        groups += others.map { ($0.name, $0) }
        return groups.map { (label: $0.0, group: $0.1) }
    }

    /// Events grouped by name (and offset, for progress), in the order each first appears.
    private static func byEvent(_ events: [TrackedEvent]) -> [Group] {
        var order: [(name: String, event: VASTTrackingEventName)] = []
        var urls: [String: [TrackedURL]] = [:]
        for event in events where !event.url.isEmpty {
            let name = event.offset.map { "\(event.event.rawValue)@\($0)" } ?? event.event.rawValue
            if urls[name] == nil { order.append((name, event.event)) }
            urls[name, default: []].append(TrackedURL(url: event.url, hop: event.hop))
        }
        return order.map { Group(name: $0.name, usage: .tracking($0.event), urls: urls[$0.name] ?? []) }
    }
}

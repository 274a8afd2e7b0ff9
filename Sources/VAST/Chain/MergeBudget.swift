/// Counts what a merge keeps against ``ResolvedAd/Limits`` and remembers what it dropped, so the
/// merged ad can say so in one finding per limit.
struct MergeBudget {
    let limits: ResolvedAd.Limits
    private var kept = 0
    private var keptPerEvent: [String: Int] = [:]
    private var progressOffsets: Set<VASTTimeOffset> = []
    /// Events that lost URLs to the per-event limit, in the order they first did, with the URLs offered.
    private var overEvent: [(event: String, offered: Int)] = []
    private var droppedForAd = 0
    private var droppedOffsets: Set<VASTTimeOffset> = []
    private var droppedProgress = 0

    init(limits: ResolvedAd.Limits) { self.limits = limits }

    /// Keeps the first URLs of `urls` that fit, as `event`.
    mutating func admit(_ urls: [TrackedURL], as event: String) -> [TrackedURL] {
        guard !urls.isEmpty else { return urls }
        // What `admit(_:)` does for each URL in turn, with the event's count looked up once.
        let start = keptPerEvent[event, default: 0]
        var count = start
        var keptURLs = 0
        for _ in urls {
            guard count < max(0, limits.maxURLsPerEvent) else {
                overflow(event, kept: count)
                continue
            }
            guard kept < max(0, limits.maxURLsPerAd) else {
                droppedForAd += 1
                continue
            }
            count += 1
            kept += 1
            keptURLs += 1
        }
        if count != start { keptPerEvent[event] = count }
        // The URLs kept are always the first ones: once one is refused, every later one is too.
        return keptURLs == urls.count ? urls : Array(urls.prefix(keptURLs))
    }

    /// Keeps the tracking events that fit, each under its own name (`progress@offset` for progress).
    mutating func admit(_ events: [TrackedEvent]) -> [TrackedEvent] {
        // A copy is made only once an event is refused; until then the list is kept as it is.
        var keptEvents: [TrackedEvent]?
        for index in events.indices {
            if admit(events[index]) {
                keptEvents?.append(events[index])
            } else if keptEvents == nil {
                keptEvents = Array(events[..<index])
            }
        }
        return keptEvents ?? events
    }

    private mutating func admit(_ tracked: TrackedEvent) -> Bool {
        if tracked.event == .progress, let offset = tracked.offset, !progressOffsets.contains(offset) {
            guard progressOffsets.count < max(0, limits.maxProgressOffsets) else {
                droppedOffsets.insert(offset)
                droppedProgress += 1
                return false
            }
            progressOffsets.insert(offset)
        }
        return admit(ResolvedAd.eventName(tracked))
    }

    private mutating func admit(_ event: String) -> Bool {
        let index = keptPerEvent.index(forKey: event)
        let count = index.map { keptPerEvent.values[$0] } ?? 0
        guard count < max(0, limits.maxURLsPerEvent) else {
            overflow(event, kept: count)
            return false
        }
        guard kept < max(0, limits.maxURLsPerAd) else {
            droppedForAd += 1
            return false
        }
        if let index {
            keptPerEvent.values[index] = count + 1
        } else {
            keptPerEvent[event] = count + 1
        }
        kept += 1
        return true
    }

    /// Counts one URL of `event` refused by the per-event limit (`kept` of that event were kept).
    private mutating func overflow(_ event: String, kept count: Int) {
        if let index = overEvent.firstIndex(where: { $0.event == event }) {
            overEvent[index].offered += 1
        } else {
            overEvent.append((event, count + 1))
        }
    }

    /// One warning per limit that dropped something; `location` names the merged ad.
    /// `location` is formatted only when something was dropped.
    func findings(location makeLocation: @autoclosure () -> String) -> [VASTFinding] {
        guard !overEvent.isEmpty || droppedForAd > 0 || droppedProgress > 0 else { return [] }
        let location = makeLocation()
        var findings: [VASTFinding] = []
        if !overEvent.isEmpty {
            // At most five events are named, so the message stays short however many overflowed.
            let named = overEvent.prefix(5).map { "\($0.event) kept \(limits.maxURLsPerEvent) of \($0.offered)" }
            let more = overEvent.count > 5 ? " and \(overEvent.count - 5) more events" : ""
            findings.append(
                finding(
                    "limits.urls-per-event",
                    "more than \(limits.maxURLsPerEvent) URLs for one tracking event (\(named.joined(separator: ", "))\(more)); "
                        + "the rest are never fired", location))
        }
        if droppedForAd > 0 {
            findings.append(
                finding(
                    "limits.urls-per-ad",
                    "the merged ad keeps \(limits.maxURLsPerAd) tracking URLs; \(droppedForAd) more are never fired",
                    location))
        }
        if droppedProgress > 0 {
            findings.append(
                finding(
                    "limits.progress-offsets",
                    "more than \(limits.maxProgressOffsets) progress offsets; \(droppedProgress) progress events at "
                        + "\(droppedOffsets.count) further offsets are never fired", location))
        }
        return findings
    }

    private func finding(_ rule: String, _ message: String, _ location: String) -> VASTFinding {
        VASTFinding(severity: .warning, category: .content, rule: rule, message: message, location: location)
    }
}

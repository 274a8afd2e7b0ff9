/// An InLine ad merged with the Wrappers that led to it (VAST-FACTS section 4).
///
/// Every merged URL keeps the hop it came from. Lists are in hop order: the outermost
/// Wrapper's first, the InLine's last (``companions`` alone is in precedence order). The merge is
/// bounded by ``Limits``: what it drops is said in ``findings``.
public struct ResolvedAd: Sendable {
    /// The InLine ad as its document holds it.
    public var ad: VASTAd
    /// The InLine body.
    public var inLine: VASTInLine
    /// The hop of the InLine's document.
    public var hop: Int
    /// The ad's place in its pod: the InLine Ad's own `sequence`, or the `sequence` of the Wrapper Ad
    /// that resolved to this ad alone (a Wrapper that resolves to a pod leaves the pod's own), or
    /// the place of the pod ad it stands in for when it came from the buffet. `nil` for a
    /// stand-alone ad.
    public var sequence: Int?
    /// The Wrappers of the chain, outermost first, with their hops.
    public var wrappers: [(wrapper: VASTWrapper, hop: Int)]
    /// Every Impression of the chain.
    public var impressions: [TrackedURL]
    /// Every Error URI of the chain.
    public var errors: [TrackedURL]
    /// Viewable / NotViewable / ViewUndetermined URIs of the chain.
    public var viewable: [TrackedURL]
    /// See ``viewable``.
    public var notViewable: [TrackedURL]
    /// See ``viewable``.
    public var viewUndetermined: [TrackedURL]
    /// Linear tracking events of the chain (the InLine's Linear and the Wrappers' Linear creatives).
    public var linearTracking: [TrackedEvent]
    /// NonLinearAds tracking events of the chain.
    public var nonLinearTracking: [TrackedEvent]
    /// Companion tracking events (creativeView) of the chain.
    public var companionTracking: [TrackedEvent]
    /// Linear ClickTracking of the chain.
    public var clickTracking: [TrackedURL]
    /// Linear CustomClick of the chain.
    public var customClicks: [TrackedURL]
    /// CompanionClickTracking of the chain.
    public var companionClickTracking: [TrackedURL]
    /// NonLinearClickTracking of the chain.
    public var nonLinearClickTracking: [TrackedURL]
    /// IconViewTracking and IconClickTracking of the chain, by kind.
    public var iconViewTracking: [TrackedURL]
    /// See ``iconViewTracking``.
    public var iconClickTracking: [TrackedURL]
    /// The ClickThrough closest to the InLine (the InLine's own, else the innermost Wrapper's).
    public var clickThrough: TrackedURL?
    /// Verifications of the chain.
    public var verifications: [(verification: VASTVerification, hop: Int)]
    /// Extensions of the chain.
    public var extensions: [(extension: VASTExtension, hop: Int)]
    /// Every Companion of the chain that has a resource, by precedence (IAB 4.3 section 2.3.5.2):
    /// the InLine's first, in document order, then each Wrapper's, innermost first. A Wrapper's
    /// Companion without a resource carries tracking only; that tracking is in
    /// ``companionTracking`` and ``companionClickTracking``.
    public var companions: [TrackedCompanion]
    /// What the merge left out to stay within its ``Limits`` (`limits.urls-per-event`,
    /// `limits.urls-per-ad`, `limits.progress-offsets` warnings); empty for an ordinary ad.
    public var findings: [VASTFinding]

    /// True when the InLine has a creative a player can render (see ``VASTCreative/isUsable``).
    /// An ad without one is no ad: 303 to its Error URIs and every Wrapper's (VAST-FACTS section 4).
    public var hasUsableCreative: Bool { inLine.creatives.contains(where: \.isUsable) }

    /// Every tracking URL by event name as VAST spells it (`impression`, `error`, `start`,
    /// `clickTracking`, ...), for reports: Linear events under their names, NonLinear and Companion
    /// events apart (`nonLinear creativeView`, `companion creativeView`), empty URLs left out.
    public var trackingByEvent: [(event: String, urls: [TrackedURL])] {
        func present(_ urls: [TrackedURL]) -> [TrackedURL] { urls.filter { !$0.url.isEmpty } }
        func byEvent(_ events: [TrackedEvent], label: String) -> [(String, [TrackedURL])] {
            var order: [String] = []
            var grouped: [String: [TrackedURL]] = [:]
            for tracked in events where !tracked.url.isEmpty {
                let name = label + Self.eventName(tracked)
                if grouped[name] == nil { order.append(name) }
                grouped[name, default: []].append(TrackedURL(url: tracked.url, hop: tracked.hop))
            }
            return order.map { ($0, grouped[$0] ?? []) }
        }
        var groups: [(String, [TrackedURL])] = [("impression", present(impressions)), ("error", present(errors))]
        groups += byEvent(linearTracking, label: "")
        groups += byEvent(nonLinearTracking, label: "nonLinear ")
        groups += byEvent(companionTracking, label: "companion ")
        groups += [
            ("clickTracking", clickTracking), ("customClick", customClicks),
            ("companionClickTracking", companionClickTracking), ("nonLinearClickTracking", nonLinearClickTracking),
            ("iconViewTracking", iconViewTracking), ("iconClickTracking", iconClickTracking),
            ("viewable", viewable), ("notViewable", notViewable), ("viewUndetermined", viewUndetermined),
        ]
        .map { ($0.0, present($0.1)) }
        return groups.filter { !$0.1.isEmpty }.map { (event: $0.0, urls: $0.1) }
    }

    /// A tracking event's report name: the event as VAST spells it, `progress@00:00:05.000` for progress.
    static func eventName(_ tracked: TrackedEvent) -> String {
        tracked.offset.map { "\(tracked.event.rawValue)@\($0)" } ?? tracked.event.rawValue
    }
}

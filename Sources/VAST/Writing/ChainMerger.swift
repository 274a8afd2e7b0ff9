/// Moves one chain's Wrapper content into its InLine, for ``VASTFlattening`` (whose doc comment
/// gives the rules), noting what has no place.
struct ChainMerger {
    let resolved: ResolvedAd
    let version: VASTVersion
    let ad: Int
    private(set) var omitted: [VASTFlattening.Omission] = []

    init(resolved: ResolvedAd, version: VASTVersion, ad: Int) {
        self.resolved = resolved
        self.version = version
        self.ad = ad
    }

    /// The Wrappers' creatives, outermost first, each with its hop.
    var wrapperCreatives: [(creative: VASTCreative, hop: Int)] {
        resolved.wrappers.flatMap { layer in layer.wrapper.creatives.map { ($0, layer.hop) } }
    }

    mutating func inLine() -> VASTInLine {
        var inLine = resolved.inLine
        let wrappers = resolved.wrappers.map(\.wrapper.common)
        inLine.common.errors = wrappers.flatMap(\.errors) + inLine.common.errors
        inLine.common.impressions = wrappers.flatMap(\.impressions) + inLine.common.impressions
        inLine.common.verifications = wrappers.flatMap(\.verifications) + inLine.common.verifications
        inLine.common.extensions = wrappers.flatMap(\.extensions) + inLine.common.extensions
        let wrapperGroups = wrappers.flatMap(\.viewableImpressions)
        if !wrapperGroups.isEmpty {
            let groups = wrapperGroups + inLine.common.viewableImpressions
            var merged = VASTViewableImpression(id: inLine.common.viewableImpressions.first?.id)
            merged.viewable = groups.flatMap(\.viewable)
            merged.notViewable = groups.flatMap(\.notViewable)
            merged.viewUndetermined = groups.flatMap(\.viewUndetermined)
            inLine.common.viewableImpressions = [merged]
        }
        mergeLinear(into: &inLine.creatives)
        mergeNonLinear(into: &inLine.creatives)
        mergeCompanions(into: &inLine.creatives)
        return inLine
    }

    /// Records URLs that have no place, in the order given.
    mutating func omit(_ what: String, _ urls: [(url: String, hop: Int)]) {
        omitted += urls.map { VASTFlattening.Omission(what: what, url: $0.url, hop: $0.hop, ad: ad) }
    }

    /// Records tracking events that have no place, named `<list> <event>`.
    mutating func omit(_ list: String, events: [(event: VASTTrackingEvent, hop: Int)]) {
        omitted += events.map { item in
            let name = item.event.offset.map { "\(item.event.event.rawValue)@\($0)" } ?? item.event.event.rawValue
            return VASTFlattening.Omission(what: "\(list) \(name)", url: item.event.url, hop: item.hop, ad: ad)
        }
    }
}

import AdResolution
import VAST

extension DocumentReport {
    /// The hops whose InLines hold the ads that play, in hop order (empty without a resolution).
    private var playedHops: [VASTHop] {
        guard let resolution else { return [] }
        let indices = Set(resolution.ads.map(\.hop))
        return resolution.hops.filter { indices.contains($0.index) }
    }

    /// The version of what plays: the InLine's (the first one's, for a pod over several documents),
    /// else the document's or the first hop's.
    var playedVersion: String? {
        let version = playedHops.first?.vastVersion
        guard let version, !version.isEmpty else { return vastVersion }
        return version
    }

    /// The element counts of what plays: the ads that play, and the other counts of the InLine
    /// documents they come from, added up; else the document's own.
    var playedCounts: VASTElementCounts {
        let hops = playedHops.compactMap(\.counts)
        guard let resolution, !hops.isEmpty else { return counts }
        var played = hops.reduce(into: VASTElementCounts()) { total, hop in
            total.ads += hop.ads
            total.creatives += hop.creatives
            total.mediaFiles += hop.mediaFiles
            total.trackingEvents += hop.trackingEvents
            total.impressions += hop.impressions
        }
        played.ads = resolution.ads.count
        return played
    }
}

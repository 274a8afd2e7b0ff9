/// The tracking event names as bytes, each with the versions that define it, for the parser's
/// check of every `<Tracking event>`: one scan of about 40 short byte strings, where the two
/// `Set<String>` lookups it replaces hashed the name twice.
extension VASTSpecRules {
    struct TrackingEventRow: Sendable {
        let name: [UInt8]
        /// The ``VASTSpecRules/trackingEventBit(of:)`` of each version that defines the event.
        let versions: UInt8
    }

    /// Every name of ``allTrackingEvents``, in a fixed order.
    static let trackingEventRows: [TrackingEventRow] = allTrackingEvents.sorted().map { name in
        var versions: UInt8 = 0
        for version in VASTVersion.allCases where trackingEvents(in: version).contains(name) {
            versions |= trackingEventBit(of: version)
        }
        return TrackingEventRow(name: Array(name.utf8), versions: versions)
    }

    /// The bit of `version` in ``TrackingEventRow/versions``.
    static func trackingEventBit(of version: VASTVersion) -> UInt8 {
        switch version {
        case .v2_0: 1
        case .v3_0: 2
        case .v4_0: 4
        case .v4_1: 8
        case .v4_2: 16
        case .v4_3: 32
        }
    }
}

/// The tracking event names as bytes, each with the versions that define it, for the parser's
/// check of every `<Tracking event>`: one scan of about 40 short byte strings, where the two
/// `Set<String>` lookups it replaces hashed the name twice.
extension VASTSpecRules {
    struct TrackingEventRow: Sendable {
        /// The event's name (ASCII).
        let name: StaticString
        /// The ``VASTSpecRules/trackingEventBit(of:)`` of each version that defines the event.
        let versions: UInt8
    }

    /// Every name of ``allTrackingEvents``, sorted, with the versions that define it, written out.
    ///
    /// A literal of constants, so a process reads it from its binary: built from the sets at run
    /// time, it hashed every name about ten times (the sets, their union, the sort, one lookup per
    /// version), and its building was one of the larger parts of a one-document `vastcheck validate`'s
    /// own start (issue 29's start-up floor). `TrackingEventRowTests` holds it to the sets, so the
    /// two cannot drift apart: a name added to a version's set fails that test until it is here.
    static let trackingEventRows: [TrackingEventRow] = [
        // The bits, low to high: 2.0, 3.0, 4.0, 4.1, 4.2, 4.3.
        TrackingEventRow(name: "acceptInvitation", versions: 0b111111),
        TrackingEventRow(name: "acceptInvitationLinear", versions: 0b000110),
        TrackingEventRow(name: "adCollapse", versions: 0b111100),
        TrackingEventRow(name: "adExpand", versions: 0b111100),
        TrackingEventRow(name: "close", versions: 0b111111),
        TrackingEventRow(name: "closeLinear", versions: 0b111110),
        TrackingEventRow(name: "collapse", versions: 0b000011),
        TrackingEventRow(name: "complete", versions: 0b111111),
        TrackingEventRow(name: "creativeView", versions: 0b111111),
        TrackingEventRow(name: "exitFullscreen", versions: 0b000010),
        TrackingEventRow(name: "expand", versions: 0b000011),
        TrackingEventRow(name: "firstQuartile", versions: 0b111111),
        TrackingEventRow(name: "fullscreen", versions: 0b000011),
        TrackingEventRow(name: "interactiveStart", versions: 0b110000),
        TrackingEventRow(name: "loaded", versions: 0b111000),
        TrackingEventRow(name: "midpoint", versions: 0b111111),
        TrackingEventRow(name: "minimize", versions: 0b111100),
        TrackingEventRow(name: "mute", versions: 0b111111),
        TrackingEventRow(name: "notUsed", versions: 0b111000),
        TrackingEventRow(name: "otherAdInteraction", versions: 0b111100),
        TrackingEventRow(name: "overlayViewDuration", versions: 0b111100),
        TrackingEventRow(name: "pause", versions: 0b111111),
        TrackingEventRow(name: "playerCollapse", versions: 0b111100),
        TrackingEventRow(name: "playerExpand", versions: 0b111100),
        TrackingEventRow(name: "progress", versions: 0b111110),
        TrackingEventRow(name: "resume", versions: 0b111111),
        TrackingEventRow(name: "rewind", versions: 0b111111),
        TrackingEventRow(name: "skip", versions: 0b111110),
        TrackingEventRow(name: "start", versions: 0b111111),
        TrackingEventRow(name: "thirdQuartile", versions: 0b111111),
        TrackingEventRow(name: "timeSpentViewing", versions: 0b000100),
        TrackingEventRow(name: "unmute", versions: 0b111111),
        // A `<Verification>`'s own event (checked apart); under any other parent no version defines it.
        TrackingEventRow(name: "verificationNotExecuted", versions: 0b000000),
    ]

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

import AdLifecycle
import AdPlacement
import AdSimulation
import FoundationEssentials
import VAST

/// A pod simulated as the library plays it: one `AdBreak` of the resolution's ads, as `Ad.makeBreak` plays a
/// pod, each ad in turn driven by its own `VirtualPlayer` with the same inputs (their times counted from that
/// ad's start), each ad's media file picked as ``Simulation`` picks it (its `[ASSETURI]`), `[PODSEQUENCE]`
/// and `[ADCOUNT]` filled by the break. A slot whose ad cannot play is skipped by the break, which fires its
/// Error URLs with its IAB code and goes on with the next ad (VAST 4.3 section 3.3.1; no buffet: the engine's
/// break has none unless the host gives one). Nothing is sent.
struct BreakSimulation {
    /// One slot of the break, in pod order.
    struct Slot {
        /// 1-based.
        var position: Int
        var ad: ResolvedAd
        /// The IAB code the break skipped it with; `nil` when it played.
        var skipped: VASTErrorCode?
        /// The duration played against, in seconds (for an ad that played).
        var duration: Double?
        /// The media file that filled its `[ASSETURI]` (for an ad that played).
        var mediaFile: VASTMediaFile?
        /// Its beacons in firing order (a skipped ad's Error URLs, fired as the break passed it).
        var beacons: [TimelineEntry] = []
        /// The inputs applied while it played; `entryIndex` counts in ``beacons``.
        var notes: [SimulationNote] = []
        /// Where its video ended.
        var finalPhase: VideoPhase = .loading
    }

    /// The ad instance the break is played as; each slot's is `simulation-N`, as `AdBreakLifecycle` names them.
    static let instance = "simulation"

    var slots: [Slot]
    /// Every beacon of the break in firing order, with the position of the slot it belongs to.
    var timeline: [(position: Int, entry: TimelineEntry)] = []

    /// The inputs some ad's session refused.
    var errors: [SimulationNote] { slots.flatMap { $0.notes.filter { $0.error != nil } } }

    /// The media file a simulated player picks from a Linear (the one ``Simulation`` plays).
    static func mediaFile(_ linear: VASTLinear) -> VASTMediaFile? {
        MediaFileSelector.choose(from: linear, supported: Simulation.supportedMediaTypes, playerSize: nil)
    }

    /// Why the break skips `ad`, by `AdBreakLifecycle`'s rules: 303 with no Linear to play, 403 when no media
    /// file of its first Linear is of a supported type; `nil` when it plays. Only names what the break did: a
    /// slot counts as skipped because the break never started it.
    static func skipCode(of ad: ResolvedAd) -> VASTErrorCode? {
        guard let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first else { return .noAdsAfterWrapper }
        return mediaFile(linear) == nil ? .noSupportedMediaFile : nil
    }

    /// Plays `ads` as one break with `options`' inputs applied to each ad.
    /// - Throws: ``SimulationError`` when an option is out of bounds, or an ad that will play has no usable
    ///   duration and `options.duration` is `nil` (nothing is played then).
    static func run(_ ads: [ResolvedAd], options: SimulationOptions, macros: VASTMacroContext, start: Date)
        throws(SimulationError) -> BreakSimulation
    {
        try options.validate()
        var simulation = BreakSimulation(
            slots: ads.enumerated().map { Slot(position: $0.offset + 1, ad: $0.element) })
        for slot in simulation.slots where options.duration == nil && skipCode(of: slot.ad) == nil {
            let linear = slot.ad.inLine.creatives.lazy.compactMap(\.linear).first
            guard linear?.duration?.seconds ?? 0 > 0 else {
                throw SimulationError(
                    message: "ad \(slot.position) of \(ads.count)'s Linear has no usable Duration (missing, unreadable "
                        + "or out of bounds: see its findings); give one with --duration SECONDS")
            }
        }
        let clock = VirtualClock(start)
        let adBreak = AdBreak(
            pod: ads, configuration: AdSessionConfiguration(adInstanceID: instance, macros: macros),
            mediaFile: { mediaFile($0) }, clock: clock.read, beaconSink: { _ in })
        var started: Set<Int> = []
        let opening = adBreak.start()
        simulation.record(opening, entries: opening.compactMap { $0.beacon }.map { Self.entry($0, at: 0) })
        started.formUnion(opening.compactMap(\.startedPosition))
        let inputs = Simulation.scheduledInputs(options)
        while let playing = adBreak.lifecycle.current {
            let position = adBreak.lifecycle.position
            let index = position - 1
            var player = VirtualPlayer(playing: adBreak, clock: clock)
            let duration =
                options.duration
                ?? ads[index].inLine.creatives[playing.creative.creativeIndex].linear?.duration?.seconds
            do throws(VirtualPlayerError) {
                try player.begin(exposure: options.exposure, duration: duration)
                try player.play(inputs)
            } catch {
                throw SimulationError(message: "ad \(position) of \(ads.count): \(error.message)")
            }
            simulation.slots[index].duration = duration
            simulation.slots[index].mediaFile = ads[index].inLine.creatives[playing.creative.creativeIndex].linear
                .flatMap(mediaFile)
            simulation.slots[index].finalPhase = player.finalPhase
            simulation.slots[index].notes = simulation.record(
                player.events, entries: player.timeline, notes: player.notes, of: position)
            started.formUnion(player.events.compactMap(\.startedPosition))
            // Paused and never resumed: the break stays on this ad, as a player would.
            if adBreak.lifecycle.current?.plan.adInstanceID == playing.plan.adInstanceID { break }
        }
        for index in simulation.slots.indices where !started.contains(index + 1) {
            simulation.slots[index].skipped = skipCode(of: ads[index]) ?? .noAdsAfterWrapper
        }
        return simulation
    }

    /// Adds `events`' beacons (`entries` holds one per beacon, in order) to the timeline and to their slots;
    /// returns `notes` with each `entryIndex` counted in the beacons of slot `position`.
    @discardableResult
    private mutating func record(
        _ events: [SessionEvent], entries: [TimelineEntry], notes: [SimulationNote] = [], of position: Int? = nil
    ) -> [SimulationNote] {
        let beacons = events.compactMap(\.beacon)
        var own: [Int] = []  // for each entry, how many of `position`'s beacons came before it
        var count = 0
        for (beacon, entry) in zip(beacons, entries) {
            own.append(count)
            let slot = Self.position(of: beacon.adInstanceID) ?? position ?? 1
            timeline.append((slot, entry))
            if slots.indices.contains(slot - 1) { slots[slot - 1].beacons.append(entry) }
            if slot == position { count += 1 }
        }
        return notes.map { note in
            var note = note
            note.entryIndex = note.entryIndex < own.count ? own[note.entryIndex] : count
            return note
        }
    }

    /// The slot of an instance the break named `simulation-N` (a buffet ad's `-Nb` never occurs: no buffet).
    private static func position(of instance: String) -> Int? {
        guard instance.hasPrefix(Self.instance + "-") else { return nil }
        return Int(instance.dropFirst(Self.instance.count + 1))
    }

    private static func entry(_ beacon: BeaconRequest, at seconds: Double) -> TimelineEntry {
        TimelineEntry(at: seconds, event: beacon.event, url: beacon.url, hop: beacon.hop, offset: beacon.offset)
    }
}

extension SessionEvent {
    fileprivate var beacon: BeaconRequest? {
        if case .beacon(let beacon) = self { return beacon }
        return nil
    }

    /// The slot an `adStarted` callback starts.
    fileprivate var startedPosition: Int? {
        if case .callback(.adStarted(let position, _)) = self { return position }
        return nil
    }
}

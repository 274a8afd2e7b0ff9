import AdLifecycle
import AdPlacement
public import FoundationEssentials
public import VAST

/// A simulated playback of a resolved ad, as `vastcheck simulate` and `report` show it: a real
/// `AdSession` played by a ``VirtualPlayer`` on a ``VirtualClock``, recording every beacon it fires.
/// `start` plus the player's clock stamps every input (`[TIMESTAMP]`), the playhead fills `[ADPLAYHEAD]`,
/// the chosen media file `[ASSETURI]`, and `macros` the rest (its `random` fills `[CACHEBUSTING]`).
/// Sends nothing.
///
/// Order: at 0 the impression, the exposure (when given), the duration (`loaded`), the first progress
/// (`creativeView`, `start`), then the user's inputs due at 0. Afterwards the player reports progress
/// only when something can happen (see ``VirtualPlayer``), so a `<Duration>` of `99999999:00:00`
/// simulates as fast as one of 30 s. Inputs due at the same time apply in the order seek, pause, resume,
/// mute, fullscreen, accept, expand, collapse, minimize, click, skip, close, fail.
///
/// An ad with no Linear but a NonLinear plays its first NonLinear as an overlay (an `AdSession` of that
/// creative, as the library shows it): at 0 the impression with the overlay's `creativeView` and the exposure
/// (when given), then the inputs at their times (clicks fire NonLinearClickTracking, the overlay inputs their
/// tracking events), and at the end of its time on screen (``SimulationOptions/duration``, else its
/// `minSuggestedDuration`, else the last input's time) the host removes it (`ended`: the viewability verdict).
public enum Simulation {
    /// The MIME types the simulated player plays, in order of preference (AdEngine's defaults).
    public static let supportedMediaTypes = ["video/mp4", "application/x-mpegURL", "video/webm"]
    /// The VAST code a failure (`failAt`) reports: 405, a media file that could not be played.
    public static let failureCode = 405

    /// The beacon timeline of a simulated playback of `ad`.
    /// - Throws: ``SimulationError`` when the ad has neither a Linear nor a NonLinear creative, its Linear has
    ///   no media file of a ``supportedMediaTypes`` type (a player fires 403) or no duration (and
    ///   ``SimulationOptions/duration`` is `nil`), or an option is out of bounds. Inputs the session
    ///   refuses do not throw: they are in ``simulate(_:options:macros:start:)``'s notes.
    public static func run(_ ad: ResolvedAd, options: SimulationOptions, macros: VASTMacroContext, start: Date)
        throws(SimulationError) -> [TimelineEntry]
    {
        try simulate(ad, options: options, macros: macros, start: start).timeline
    }

    /// The whole simulated playback of `ad`: the timeline, every session event, and what became of each of
    /// the user's inputs.
    /// - Throws: ``SimulationError`` when the ad cannot be played or an option is out of bounds.
    public static func simulate(_ ad: ResolvedAd, options: SimulationOptions, macros: VASTMacroContext, start: Date)
        throws(SimulationError) -> SimulationResult
    {
        try options.validate()
        guard let creativeIndex = ad.inLine.creatives.firstIndex(where: { $0.linear != nil }),
            let linear = ad.inLine.creatives[creativeIndex].linear
        else {
            guard let overlay = ad.inLine.creatives.firstIndex(where: { $0.nonLinearAds?.nonLinears.isEmpty == false })
            else { throw SimulationError(message: "the ad has neither a Linear nor a NonLinear creative to play") }
            return try show(ad, creative: overlay, options: options, macros: macros, start: start)
        }
        guard let mediaFile = chosenMediaFile(of: ad) else {
            throw SimulationError(
                message: "the ad's Linear has no media file of a supported type ("
                    + supportedMediaTypes.joined(separator: ", ") + "): a player fires 403 and plays nothing")
        }
        guard let seconds = options.duration ?? linear.duration?.seconds else {
            throw SimulationError(
                message:
                    "the ad's Linear has no usable Duration (missing, unreadable or out of bounds: see its findings);"
                    + " give one with --duration SECONDS")
        }
        let durationMs = milliseconds(seconds)
        guard durationMs > 0 else { throw SimulationError(message: "the duration must be above zero") }
        let clock = VirtualClock(start)
        var player: VirtualPlayer
        do throws(SessionError) {
            let session = try AdSession(
                ad: ad, creative: .linear(creative: creativeIndex, assetURI: mediaFile.url),
                configuration: AdSessionConfiguration(adInstanceID: "simulation", macros: macros), clock: clock.read,
                beaconSink: { _ in })
            player = VirtualPlayer(playing: session, clock: clock)
        } catch {
            throw SimulationError(message: error.message)
        }
        do throws(VirtualPlayerError) {
            try player.begin(exposure: options.exposure, duration: SessionTime.seconds(durationMs))
            try player.play(scheduledInputs(options))
        } catch {
            throw SimulationError(message: error.message)
        }
        return SimulationResult(
            timeline: player.timeline, events: player.events, notes: player.notes,
            duration: SessionTime.seconds(durationMs), mediaFile: mediaFile, finalPhase: player.finalPhase,
            inputCount: player.inputCount, creative: .linear(creative: creativeIndex, assetURI: mediaFile.url))
    }

    /// Shows the first NonLinear of creative `index` as an overlay (see the type's documentation).
    private static func show(
        _ ad: ResolvedAd, creative index: Int, options: SimulationOptions, macros: VASTMacroContext, start: Date
    ) throws(SimulationError) -> SimulationResult {
        let clock = VirtualClock(start)
        let creative = SessionCreative.nonLinear(creative: index, nonLinear: 0)
        let session: AdSession
        do throws(SessionError) {
            session = try AdSession(
                ad: ad, creative: creative,
                configuration: AdSessionConfiguration(adInstanceID: "simulation", macros: macros), clock: clock.read,
                beaconSink: { _ in })
        } catch {
            throw SimulationError(message: error.message)
        }
        let inputs = scheduledInputs(options)
        let shown = options.duration ?? session.nonLinear?.minSuggestedDuration ?? inputs.map(\.at).max() ?? 0
        var player = VirtualPlayer(playing: session, clock: clock)
        do throws(VirtualPlayerError) {
            try player.begin(exposure: options.exposure)
            try player.show(inputs, until: shown)
        } catch {
            throw SimulationError(message: error.message)
        }
        return SimulationResult(
            timeline: player.timeline, events: player.events, notes: player.notes, duration: shown, mediaFile: nil,
            finalPhase: player.finalPhase, inputCount: player.inputCount, creative: creative)
    }

    /// The media file a player with ``supportedMediaTypes`` plays (the first Linear's).
    public static func chosenMediaFile(of ad: ResolvedAd) -> VASTMediaFile? {
        guard let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first else { return nil }
        return MediaFileSelector.choose(from: linear, supported: supportedMediaTypes, playerSize: nil)
    }

    /// True when the ad has a Linear creative but no media file of a ``supportedMediaTypes`` type: a
    /// player fires 403 (no supported media file) and the ad does not play.
    public static func lacksPlayableMediaFile(_ ad: ResolvedAd) -> Bool {
        ad.inLine.creatives.contains { $0.linear != nil } && chosenMediaFile(of: ad) == nil
    }

    /// Whole milliseconds of `seconds`, rounded; NaN is 0 and the result is clamped so it never traps.
    public static func milliseconds(_ seconds: Double) -> Int {
        let value = (seconds * 1000).rounded()
        guard value.isFinite else { return value > 0 ? Int.max / 4 : 0 }
        return Int(max(-9e15, min(9e15, value)))
    }

    /// The options' inputs for a ``VirtualPlayer``, in the order inputs due at the same time apply (see the
    /// type's documentation): what ``simulate(_:options:macros:start:)`` plays, for a caller that drives a player
    /// itself (each ad of a break).
    public static func scheduledInputs(_ options: SimulationOptions) -> [PlayerInput] {
        var inputs: [PlayerInput] = []
        func add(_ time: Double?, _ action: PlayerAction) {
            if let time { inputs.append(PlayerInput(at: time, action)) }
        }
        if let target = options.seekTo { add(options.seekAt ?? 0, .seek(to: target)) }
        add(options.pauseAt, .pause)
        add(options.resumeAt, .resume)
        add(options.muteAt, .mute)
        add(options.fullscreenAt, .expandPlayer)
        add(options.acceptAt, .overlay(.acceptInvitation))
        add(options.expandAt, .overlay(.expanded))
        add(options.collapseAt, .overlay(.collapsed))
        add(options.minimizeAt, .overlay(.minimized))
        add(options.clickAt, .click(at: nil))
        add(options.skipAt, .skip)
        add(options.closeAt, .overlay(.closed))
        add(options.failAt, .fail(.displayProblem))
        return inputs
    }
}

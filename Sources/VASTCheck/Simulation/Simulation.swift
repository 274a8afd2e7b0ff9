import AdLifecycle
import AdPlacement
import Foundation
import VAST

/// What happens during a simulated playback. Every `…At` time is in seconds on the simulation clock:
/// time since the ad started, paused time included (without a pause or a seek it equals the playhead).
struct SimulationOptions: Sendable, Hashable {
    /// The media's duration in seconds; `nil` takes the Linear's `<Duration>`.
    var duration: Double?
    /// The user pauses.
    var pauseAt: Double?
    /// The user resumes (after ``pauseAt``).
    var resumeAt: Double?
    /// The playhead the user seeks to, at ``seekAt`` (default: right after the start).
    var seekTo: Double?
    /// When the seek to ``seekTo`` happens; `nil` is 0, right after playback starts.
    var seekAt: Double?
    /// The user taps skip (refused with the lifecycle's error when the ad does not allow it yet).
    var skipAt: Double?
    /// The user clicks the ad (ClickTracking, and the impression first if it was not logged).
    var clickAt: Double?
    /// The user mutes.
    var muteAt: Double?
    /// The player goes fullscreen (playerExpand, and VAST 2/3 fullscreen).
    var fullscreenAt: Double?
    /// Playback fails for good with error 405 (the Error URLs fire with `[ERRORCODE]` 405).
    var failAt: Double?
    /// The step between two progress reports, in seconds.
    var tick: Double = 0.25
}

/// One beacon of a simulated playback, in firing order.
struct TimelineEntry: Sendable, Hashable {
    /// The playhead when it fired, in seconds.
    var at: Double
    /// The event as VAST spells it (`impression`, `start`, `firstQuartile`, `progress`, `clickTracking`, `error`...).
    var event: String
    /// The URL with its macros expanded (once, when the input that fired it was handled).
    var url: String
    /// The hop of the wrapper chain the URL came from.
    var hop: Int
    /// The offset of a `progress` event (`00:00:05.250`, `75%`); `nil` for every other event.
    var offset: String? = nil
}

/// One input the simulation applied on the user's behalf (pause, seek, skip...), and what the lifecycle made of it.
struct SimulationNote: Sendable, Hashable {
    enum Outcome: Sendable, Hashable {
        /// The lifecycle handled it (its beacons, if any, start at ``SimulationNote/entryIndex``).
        case applied
        /// The lifecycle ignored it (a documented no-op: resume while not paused, mute while muted...),
        /// or it came after the ad had ended.
        case ignored(String)
        /// The lifecycle refused it with a typed error; the state is unchanged and playback goes on.
        case refused(LifecycleError)
    }

    /// The simulation clock, in seconds.
    var clock: Double
    /// The playhead when the input arrived (before a seek moved it), in seconds.
    var at: Double
    /// The input, for a person (`pause`, `seek to 20s`, `skip`).
    var input: String
    /// The index in the timeline of the first beacon the input fired (the timeline's count when it fired none).
    var entryIndex: Int
    var outcome: Outcome
    /// More about it: the click-through a click opens.
    var detail: String? = nil

    /// The lifecycle's error, when the input was refused.
    var error: LifecycleError? {
        if case .refused(let error) = outcome { return error }
        return nil
    }
}

/// The whole simulated playback.
struct SimulationResult: Sendable {
    /// Every beacon, in firing order.
    var timeline: [TimelineEntry]
    /// The user's inputs in the order applied, with what the lifecycle did.
    var notes: [SimulationNote]
    /// The duration played against, in seconds.
    var duration: Double
    /// The media file whose URL fills `[ASSETURI]`, when the ad has a playable one.
    var mediaFile: VASTMediaFile?
    /// Where the video lifecycle ended (`completed`, `skipped`, `interrupted`, or `paused` when never resumed).
    var finalPhase: VideoPhase

    /// The inputs the lifecycle refused.
    var errors: [SimulationNote] { notes.filter { $0.error != nil } }
}

/// Why an ad cannot be simulated at all.
struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Drives the real pure lifecycles (``UnitLifecycle`` for the impression and clicks, ``VideoLifecycle`` for
/// playback) through a simulated playback on a deterministic clock: `start` plus the simulation clock
/// stamps every input (`[TIMESTAMP]`), the playhead fills `[ADPLAYHEAD]`, the chosen media file
/// `[ASSETURI]`, and `macros` the rest (its `random` fills `[CACHEBUSTING]`).
///
/// Order: at 0 the impression, the duration (`loaded`), the first progress (`creativeView`, `start`),
/// then the user's inputs due at 0; afterwards a progress report every ``SimulationOptions/tick``
/// seconds of clock (and at each input's time), until the playhead reaches the duration (`complete`),
/// or the ad is skipped or fails. Inputs due at the same time apply in the order seek, pause, resume,
/// mute, fullscreen, click, skip, fail. Sends nothing.
enum Simulation {
    /// The MIME types the simulated player plays, in order of preference (AdEngine's defaults).
    static let supportedMediaTypes = ["video/mp4", "application/x-mpegURL", "video/webm"]
    /// The VAST code `--fail-at` reports: 405, a media file that could not be played.
    static let failureCode = 405

    /// The beacon timeline of a simulated playback of `ad`.
    /// - Throws: ``SimulationError`` when the ad has no Linear creative or no duration (and
    ///   ``SimulationOptions/duration`` is `nil`). Inputs the lifecycle refuses do not throw: they
    ///   are in ``simulate(_:options:macros:start:)``'s notes.
    static func run(_ ad: ResolvedAd, options: SimulationOptions, macros: VASTMacroContext, start: Date)
        throws(SimulationError) -> [TimelineEntry]
    {
        try simulate(ad, options: options, macros: macros, start: start).timeline
    }

    /// The whole simulated playback of `ad`: the timeline and what became of each of the user's inputs.
    /// - Throws: ``SimulationError`` when the ad has no Linear creative or no duration.
    static func simulate(_ ad: ResolvedAd, options: SimulationOptions, macros: VASTMacroContext, start: Date)
        throws(SimulationError) -> SimulationResult
    {
        guard let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first else {
            throw SimulationError(message: "the ad has no Linear creative to play")
        }
        let seconds = options.duration ?? linear.duration?.seconds
        guard let seconds else {
            throw SimulationError(message: "the ad's Linear has no Duration; give one with --duration SECONDS")
        }
        let durationMs = milliseconds(seconds)
        guard durationMs > 0 else { throw SimulationError(message: "the duration must be above zero") }
        let mediaFile = chosenMediaFile(of: ad)
        let plan = TrackingPlan(ad: ad, adInstanceID: "simulation", assetURI: mediaFile?.url, macros: macros)
        var run = SimulationRun(plan: plan, start: start, durationMs: durationMs,
                                tickMs: max(1, milliseconds(options.tick)))
        run.play(inputs: scheduledInputs(options))
        return SimulationResult(timeline: run.timeline, notes: run.notes, duration: Double(durationMs) / 1000,
                                mediaFile: mediaFile, finalPhase: run.video.phase)
    }

    /// The media file a player with ``supportedMediaTypes`` plays (the first Linear's).
    static func chosenMediaFile(of ad: ResolvedAd) -> VASTMediaFile? {
        guard let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first else { return nil }
        return MediaFileSelector.choose(from: linear, supported: supportedMediaTypes, playerSize: nil)
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    private static func scheduledInputs(_ options: SimulationOptions) -> [ScheduledInput] {
        var inputs: [ScheduledInput] = []
        func add(_ time: Double?, _ kind: ScheduledInput.Kind) {
            if let time { inputs.append(ScheduledInput(clockMs: milliseconds(time), kind: kind)) }
        }
        if let target = options.seekTo { add(options.seekAt ?? 0, .seek(toMs: milliseconds(target))) }
        add(options.pauseAt, .pause)
        add(options.resumeAt, .resume)
        add(options.muteAt, .mute)
        add(options.fullscreenAt, .fullscreen)
        add(options.clickAt, .click)
        add(options.skipAt, .skip)
        add(options.failAt, .fail)
        return inputs.enumerated().sorted { ($0.element.clockMs, $0.offset) < ($1.element.clockMs, $1.offset) }
            .map(\.element)
    }
}

/// A user input due at a time on the simulation clock.
private struct ScheduledInput: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case seek(toMs: Int), pause, resume, mute, fullscreen, click, skip, fail
    }

    var clockMs: Int
    var kind: Kind
}

/// The state of one simulated playback.
private struct SimulationRun {
    var unit: UnitLifecycle
    var video: VideoLifecycle
    let start: Date
    let durationMs: Int
    let tickMs: Int
    var clockMs = 0
    var playheadMs = 0
    var timeline: [TimelineEntry] = []
    var notes: [SimulationNote] = []

    init(plan: TrackingPlan, start: Date, durationMs: Int, tickMs: Int) {
        unit = UnitLifecycle(plan: plan)
        video = VideoLifecycle(plan: plan, startsMuted: false)
        self.start = start
        self.durationMs = durationMs
        self.tickMs = tickMs
    }

    mutating func play(inputs: [ScheduledInput]) {
        var pending = inputs[...]
        _ = sendUnit(.impressionRendered)
        _ = sendVideo(.durationUpdated(durationMs: durationMs))
        _ = sendVideo(.progressed(positionMs: 0, durationMs: durationMs))
        applyInputs(due: &pending)
        while !video.phase.isTerminal {
            if playheadMs >= durationMs {
                _ = sendVideo(.playbackCompleted)
                break
            }
            let playing = video.phase != .paused
            guard playing || !pending.isEmpty else { break }  // paused for good
            var next = (clockMs / tickMs + 1) * tickMs
            if let due = pending.first?.clockMs { next = min(next, due) }
            if playing { next = min(next, clockMs + (durationMs - playheadMs)) }
            if playing { playheadMs = min(durationMs, playheadMs + (next - clockMs)) }
            clockMs = next
            if playing { _ = sendVideo(.progressed(positionMs: playheadMs, durationMs: durationMs)) }
            applyInputs(due: &pending)
        }
        for input in pending {
            note(describe(input.kind), .ignored("the ad had already ended (\(video.phase.rawValue))"),
                 clockMs: input.clockMs)
        }
    }

    private mutating func applyInputs(due pending: inout ArraySlice<ScheduledInput>) {
        while let input = pending.first, input.clockMs <= clockMs {
            pending.removeFirst()
            if video.phase.isTerminal {
                note(describe(input.kind), .ignored("the ad had already ended (\(video.phase.rawValue))"))
                continue
            }
            apply(input.kind)
        }
    }

    private mutating func apply(_ kind: ScheduledInput.Kind) {
        let name = describe(kind)
        let first = timeline.count
        let playheadBefore = playheadMs
        let result: Result<Int, LifecycleError>
        var detail: String?
        switch kind {
        case .seek(let target):
            let position = min(max(0, target), durationMs)
            let before = playheadMs
            playheadMs = position
            result = sendVideo(.progressed(positionMs: position, durationMs: durationMs))
            if case .failure = result { playheadMs = before }
        case .pause: result = sendVideo(.paused)
        case .resume: result = sendVideo(.resumed)
        case .mute: result = sendVideo(.muted)
        case .fullscreen: result = sendVideo(.playerExpanded)
        case .click:
            let actions = sendUnitActions(.clicked(position: nil, playheadMs: playheadMs))
            result = actions.map(\.count)
            if case .success(let actions) = actions {
                for case .callback(.clicked(let url?)) in actions { detail = "opens \(url)" }
            }
        case .skip: result = sendVideo(.skipRequested)
        case .fail: result = sendVideo(.playbackInterrupted(errorCode: Simulation.failureCode))
        }
        switch result {
        case .success(let count) where count == 0:
            note(name, .ignored(ignoredReason(kind)), entryIndex: first, playheadMs: playheadBefore)
        case .success:
            note(name, .applied, entryIndex: first, detail: detail, playheadMs: playheadBefore)
        case .failure(let error):
            note(name, .refused(error), entryIndex: first, playheadMs: playheadBefore)
        }
    }

    private func ignoredReason(_ kind: ScheduledInput.Kind) -> String {
        switch kind {
        case .pause: "not playing"
        case .resume: "not paused"
        case .mute: "already muted"
        case .fullscreen: "already fullscreen"
        default: "no change"
        }
    }

    private func describe(_ kind: ScheduledInput.Kind) -> String {
        switch kind {
        case .seek(let target): "seek to \(SimulationFormat.seconds(min(max(0, target), durationMs)))s"
        case .pause: "pause"
        case .resume: "resume"
        case .mute: "mute"
        case .fullscreen: "fullscreen"
        case .click: "click"
        case .skip: "skip"
        case .fail: "fail (error \(Simulation.failureCode))"
        }
    }

    private mutating func note(_ input: String, _ outcome: SimulationNote.Outcome, entryIndex: Int? = nil,
                               detail: String? = nil, clockMs: Int? = nil, playheadMs: Int? = nil) {
        notes.append(SimulationNote(
            clock: Double(clockMs ?? self.clockMs) / 1000, at: Double(playheadMs ?? self.playheadMs) / 1000, input: input,
            entryIndex: entryIndex ?? timeline.count, outcome: outcome, detail: detail))
    }

    private var now: Date { start.addingTimeInterval(Double(clockMs) / 1000) }

    /// Sends a video input; returns how many actions it produced.
    private mutating func sendVideo(_ input: VideoInput) -> Result<Int, LifecycleError> {
        do {
            let actions = try video.send(input, at: now)
            record(actions)
            return .success(actions.count)
        } catch {
            return .failure(error)
        }
    }

    private mutating func sendUnit(_ input: UnitInput) -> Result<Int, LifecycleError> {
        sendUnitActions(input).map(\.count)
    }

    private mutating func sendUnitActions(_ input: UnitInput) -> Result<[UnitAction], LifecycleError> {
        do {
            let actions = try unit.send(input, at: now)
            record(actions)
            return .success(actions)
        } catch {
            return .failure(error)
        }
    }

    private mutating func record<Callback>(_ actions: [LifecycleAction<Callback>]) {
        for case .beacon(let beacon) in actions {
            timeline.append(TimelineEntry(at: Double(playheadMs) / 1000, event: beacon.event, url: beacon.url,
                                          hop: beacon.hop, offset: beacon.offset))
        }
    }
}

/// Number formats shared by the simulation's outputs.
enum SimulationFormat {
    /// Seconds from milliseconds, with only the decimals needed: `0`, `7.5`, `5.25`, `1.001`.
    static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// Seconds from a `Double` of seconds, as ``seconds(_:)-(Int)`` writes them.
    static func seconds(_ value: Double) -> String { seconds(Simulation.milliseconds(value)) }
}

public import AdErrors
public import AdLifecycle
public import VAST

/// One beacon of a simulated playback, in firing order.
public struct TimelineEntry: Sendable, Hashable {
    /// The playhead when it fired, in seconds.
    public var at: Double
    /// The event as VAST spells it (`impression`, `start`, `firstQuartile`, `progress`, `clickTracking`, `error`...).
    public var event: String
    /// The URL with its macros expanded (once, when the input that fired it was handled).
    public var url: String
    /// The hop of the wrapper chain the URL came from.
    public var hop: Int
    /// The offset of a `progress` event (`00:00:05.250`, `75%`); `nil` for every other event.
    public var offset: String?

    /// Creates an entry.
    public init(at: Double, event: String, url: String, hop: Int, offset: String? = nil) {
        self.at = at
        self.event = event
        self.url = url
        self.hop = hop
        self.offset = offset
    }
}

/// One input the simulation applied on the user's behalf (pause, seek, skip...), and what the session
/// made of it.
public struct SimulationNote: Sendable, Hashable {
    /// What became of the input.
    public enum Outcome: Sendable, Hashable {
        /// The session handled it (its beacons, if any, start at ``SimulationNote/entryIndex``).
        case applied
        /// The session ignored it (a documented no-op: resume while not paused, mute while muted...),
        /// or it came after the ad had ended.
        case ignored(String)
        /// The session refused it with a typed error; the state is unchanged and playback goes on.
        case refused(SessionError)
    }

    /// The simulation clock, in seconds.
    public var clock: Double
    /// The playhead when the input arrived (before a seek moved it), in seconds.
    public var at: Double
    /// The input, for a person (`pause`, `seek to 20s`, `skip`).
    public var input: String
    /// The index in the timeline of the first beacon the input fired (the timeline's count when it fired none).
    public var entryIndex: Int
    /// What the session did with it.
    public var outcome: Outcome
    /// More about it: the click-through a click opens.
    public var detail: String?

    /// The session's error, when the input was refused.
    public var error: SessionError? {
        if case .refused(let error) = outcome { return error }
        return nil
    }
}

/// The whole simulated playback.
public struct SimulationResult: Sendable {
    /// Every beacon, in firing order.
    public var timeline: [TimelineEntry]
    /// Every session event, in firing order (callbacks and beacons), for callers that want the callbacks too.
    public var events: [SessionEvent]
    /// The user's inputs in the order applied, with what the session did.
    public var notes: [SimulationNote]
    /// The duration played against, in seconds (an overlay's time on screen).
    public var duration: Double
    /// The media file whose URL fills `[ASSETURI]`, when the ad has a playable one.
    public var mediaFile: VASTMediaFile?
    /// Where the video ended (`completed`, `skipped`, `interrupted`, or `paused` when never resumed).
    public var finalPhase: VideoPhase
    /// How many inputs the simulated player sent the session: grows with the events that fire, not with
    /// the duration.
    public var inputCount: Int
    /// The creative played: the Linear, or the NonLinear overlay of an ad that has no Linear. For an overlay,
    /// ``duration`` is its time on screen, ``mediaFile`` is `nil` and every `at` is the time it has been shown.
    public var creative: SessionCreative

    /// The inputs the session refused.
    public var errors: [SimulationNote] { notes.filter { $0.error != nil } }
}

/// Why an ad cannot be simulated at all.
public struct SimulationError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == SimulationError` below.
    public typealias Code = ErrorCode<SimulationError>

    /// Which reason this is: ``Code`` `notSimulable` for every error today.
    public var code: Code { .notSimulable }
    /// What is wrong, for a person.
    public var message: String
    public var description: String { message }

    /// Creates an error.
    public init(message: String) { self.message = message }
}

/// Number formats shared by the simulation's outputs.
public enum SimulationFormat {
    /// Seconds from milliseconds, with only the decimals needed: `0`, `7.5`, `5.25`, `1.001`.
    public static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// Seconds from a `Double` of seconds, as ``seconds(_:)-(Int)`` writes them.
    public static func seconds(_ value: Double) -> String { seconds(Simulation.milliseconds(value)) }

    /// A number with no decimals when it is whole (`80`, `50.5`).
    static func number(_ value: Double) -> String {
        guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
        return String(Int(value))
    }
}

extension ErrorCode where Domain == SimulationError {
    /// The ad has nothing the virtual player can play (no usable duration, no supported media file).
    public static let notSimulable = Self("notSimulable")
}

public import AdLifecycle
public import FoundationEssentials
import VAST

/// A user or host input a ``VirtualPlayer`` applies at a time on its clock.
///
/// `at` is seconds on the player's clock since the player was made, paused time included (without a
/// pause or a seek it equals the playhead). Checked when played: finite, from 0 to
/// `SessionTime.maximumSeconds`.
public struct PlayerInput: Sendable, Hashable {
    /// When it happens, in seconds on the player's clock.
    public var at: TimeInterval
    /// What happens.
    public var action: PlayerAction

    /// An input at `at` seconds.
    public init(at: TimeInterval, _ action: PlayerAction) {
        self.at = at
        self.action = action
    }
}

/// What the user, the player or the app does during a virtual playback.
public enum PlayerAction: Sendable, Hashable {
    /// The user seeks to `seconds` (clamped to the duration): the playhead jumps, milestones passed fire once.
    case seek(to: TimeInterval)
    /// Playback pauses.
    case pause
    /// Playback resumes.
    case resume
    /// The player is muted.
    case mute
    /// The player is unmuted.
    case unmute
    /// An in-feed player grows to fullscreen by itself (playerExpand; VAST 2/3 fullscreen).
    case expandPlayer
    /// The in-feed player shrinks back (playerCollapse; VAST 2/3 exitFullscreen).
    case collapsePlayer
    /// The app presents the ad fullscreen through the unit: `fullscreenRequested`, then
    /// `fullscreenPresented` (a linear ad's player expands).
    case presentFullscreen
    /// The app leaves fullscreen: `fullscreenDismissRequested` (the player collapses), then
    /// `fullscreenDismissed`.
    case dismissFullscreen
    /// The user taps the ad at `position` (pixels, for `[CLICKPOS]`).
    case click(at: ClickPoint?)
    /// The user taps skip (refused with the session's error before the skip offset).
    case skip
    /// The user closes the ad.
    case close
    /// Playback stops for good with `error` (its code fills `[ERRORCODE]`).
    case fail(AdPlaybackError)
    /// The share of the player on screen changes, in percent (0 to 100).
    case exposure(percent: Double)
    /// The user acts on a NonLinear overlay: accepts its invitation, expands, collapses, minimizes or closes
    /// it (`SessionInput.nonLinear`; a tap is ``click(at:)``). Refused for any other creative.
    case overlay(NonLinearInput)

    /// The action for a person (`pause`, `seek to 20s`), as notes and `vastcheck simulate` show it.
    func describe(durationMs: Int?) -> String {
        switch self {
        case .seek(let seconds):
            let target = Simulation.milliseconds(seconds)
            return "seek to \(SimulationFormat.seconds(min(target, durationMs ?? target)))s"
        case .pause: return "pause"
        case .resume: return "resume"
        case .mute: return "mute"
        case .unmute: return "unmute"
        case .expandPlayer: return "fullscreen"
        case .collapsePlayer: return "exit fullscreen"
        case .presentFullscreen: return "fullscreen presentation"
        case .dismissFullscreen: return "fullscreen dismissal"
        case .click: return "click"
        case .skip: return "skip"
        case .close: return "close"
        case .fail(let error): return "fail (error \(error.code.rawValue))"
        case .exposure(let percent): return "exposure \(SimulationFormat.number(percent)) %"
        case .overlay(let input):
            switch input {
            case .acceptInvitation: return "accept invitation"
            case .expanded: return "expand overlay"
            case .collapsed: return "collapse overlay"
            case .minimized: return "minimize overlay"
            case .closed: return "close overlay"
            case .clicked: return "click"
            }
        }
    }

    /// Why the session ignoring it is no surprise.
    var ignoredReason: String {
        switch self {
        case .pause: "not playing"
        case .resume: "not paused"
        case .mute: "already muted"
        case .unmute: "not muted"
        case .expandPlayer, .presentFullscreen: "already fullscreen"
        case .collapsePlayer, .dismissFullscreen: "not fullscreen"
        case .overlay: "the overlay was closed"
        default: "no change"
        }
    }
}

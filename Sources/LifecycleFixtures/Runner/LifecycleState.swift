import AdLifecycle
import Foundation
import VAST

/// The lifecycles' observable states as fixtures see them: the keys `expectState` may name, and the
/// state encoded for comparison.
enum LifecycleState {
    /// The state fields a fixture may pin, per controller (sets of fired milestones are left out: their
    /// encoding has no order).
    static func keys(_ controller: FixtureController) -> [String] {
        switch controller {
        case .unit: ["phase", "impressionLogged", "rewarded", "companionViewed"]
        case .video: ["phase", "durationMs", "playheadMs", "isMuted", "isPlayerExpanded", "loadedFired", "iconViewed"]
        case .mraid: ["phase", "isViewable", "resizeProperties", "frame", "origin", "mraidState"]
        }
    }

    /// The state as a JSON object, through its Codable shape.
    static func json(_ state: some Encodable) -> [String: JSONValue] {
        guard let data = try? JSONEncoder().encode(state),
            case .object(let members) = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return [:] }
        return members
    }
}

/// A lifecycle the runner can drive with fixture inputs.
protocol DrivenLifecycle: Sendable {
    associatedtype State: Hashable & Encodable & Sendable
    /// The whole observable state, compared before and after a refused input.
    var observableState: State { get }
    /// The phase's name.
    var phaseName: String { get }
    /// Handles one input; `nil` when the input belongs to another controller.
    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome?
}

extension UnitLifecycle: DrivenLifecycle {
    var observableState: UnitState { state }
    var phaseName: String { phase.rawValue }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        guard case .unit(let input) = input else { return nil }
        do {
            return .outputs(try send(input, at: now).map(FixtureOutput.unit))
        } catch {
            return .error(code: error.code.description, action: nil, message: error.message)
        }
    }
}

extension VideoLifecycle: DrivenLifecycle {
    var observableState: VideoState { state }
    var phaseName: String { phase.rawValue }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        guard case .video(let input) = input else { return nil }
        do {
            return .outputs(try send(input, at: now).map(FixtureOutput.video))
        } catch {
            return .error(code: error.code.description, action: nil, message: error.message)
        }
    }
}

extension MRAIDLifecycle: DrivenLifecycle {
    var observableState: MRAIDLifecycleState { state }
    var phaseName: String { phase.rawValue }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        guard case .mraid(let input) = input else { return nil }
        do {
            return .outputs(try send(input).map(FixtureOutput.mraid))
        } catch {
            return .error(code: error.code.description, action: error.action, message: error.message)
        }
    }
}

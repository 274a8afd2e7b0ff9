import AdErrors
import AdLifecycle
import FoundationEssentials
import VAST

/// The lifecycles' observable states as fixtures see them: the keys `expectState` may name, and the
/// state encoded for comparison.
enum LifecycleState {
    /// The state fields a fixture may pin, per controller (sets of fired milestones are left out: their
    /// encoding has no order).
    static func keys(_ controller: FixtureController) -> [String] {
        switch controller {
        case .unit: ["phase", "impressionLogged", "rewarded", "shownCompanions"]
        case .video: ["phase", "durationMs", "playheadMs", "isMuted", "isPlayerExpanded", "loadedFired", "shownIcons"]
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

/// What the one fixture runner drives: a part's pure lifecycle, or a session (``SessionSubject``).
///
/// The runner's loop (``FixtureRunner``'s `drive`) is the same for every kind: prepare the step, apply its
/// input at its time, compare the outcome, check that a refused input left the snapshot as it was and that
/// the phase is the one the step names, and at the end the subject's own final checks.
protocol FixtureSubject {
    associatedtype Snapshot: Hashable & Encodable
    /// The whole observable state, compared before and after a refused input.
    var snapshot: Snapshot { get }
    /// The phase's name.
    var phaseName: String { get }
    /// Gets ready for step `index`; a failure when the step cannot run as written.
    mutating func prepare(_ step: FixtureStep, index: Int) -> FixtureFailure?
    /// Handles one input; `nil` when the input belongs to another controller.
    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome?
}

/// A part's pure lifecycle as a fixture subject: its steps need no preparation.
protocol PartSubject: FixtureSubject {}

extension PartSubject {
    mutating func prepare(_ step: FixtureStep, index: Int) -> FixtureFailure? { nil }
}

extension StepOutcome {
    /// The outcome of a part's input: its actions as outputs, or its refusal.
    init<Callback>(
        _ body: () throws(LifecycleError) -> [LifecycleAction<Callback>],
        _ output: (LifecycleAction<Callback>) -> FixtureOutput
    ) {
        do {
            self = .outputs(try body().map(output))
        } catch {
            self = .error(code: error.code.description, action: nil, message: error.message)
        }
    }
}

extension UnitLifecycle: PartSubject {
    var snapshot: UnitState { state }
    var phaseName: String { phase.rawValue }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        guard case .unit(let input) = input else { return nil }
        return StepOutcome({ () throws(LifecycleError) in try send(input, at: now) }, FixtureOutput.unit)
    }
}

extension VideoLifecycle: PartSubject {
    var snapshot: VideoState { state }
    var phaseName: String { phase.rawValue }

    mutating func apply(_ input: FixtureInput, at now: Date) -> StepOutcome? {
        guard case .video(let input) = input else { return nil }
        return StepOutcome({ () throws(LifecycleError) in try send(input, at: now) }, FixtureOutput.video)
    }
}

extension MRAIDLifecycle: PartSubject {
    var snapshot: MRAIDLifecycleState { state }
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

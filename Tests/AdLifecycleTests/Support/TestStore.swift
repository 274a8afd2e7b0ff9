import AdLifecycle
import Foundation
import Testing

/// A lifecycle driven by data inputs at the fixed clock, for the TCA-style store below.
protocol DrivenLifecycle {
    associatedtype Input
    associatedtype Action: Equatable
    associatedtype Snapshot: Equatable
    associatedtype Failure: Error & Equatable
    mutating func drive(_ input: Input) throws(Failure) -> [Action]
    var snapshot: Snapshot { get }
    /// True while a will-callback waits for its did.
    var hasOpenTransition: Bool { get }
}

extension UnitLifecycle: DrivenLifecycle {
    mutating func drive(_ input: UnitInput) throws(LifecycleError) -> [UnitAction] { try send(input, at: Fixed.now) }
    var snapshot: UnitState { state }
    var hasOpenTransition: Bool { phase == .presenting || phase == .dismissing }
}

extension VideoLifecycle: DrivenLifecycle {
    mutating func drive(_ input: VideoInput) throws(LifecycleError) -> [VideoAction] { try send(input, at: Fixed.now) }
    var snapshot: VideoState { state }
    var hasOpenTransition: Bool { false }
}

extension MRAIDLifecycle: DrivenLifecycle {
    mutating func drive(_ input: MRAIDInput) throws(MRAIDError) -> [MRAIDAction] { try send(input) }
    var snapshot: MRAIDLifecycleState { state }
    var hasOpenTransition: Bool { phase.isTransition }
}

/// Exhaustive, ordered testing: every input's exact action list is asserted, every refusal's exact
/// error and unchanged state, and ``finish(sourceLocation:)`` asserts nothing is left open.
struct TestStore<Lifecycle: DrivenLifecycle> {
    var lifecycle: Lifecycle

    init(_ lifecycle: Lifecycle) { self.lifecycle = lifecycle }

    mutating func send(
        _ input: Lifecycle.Input, _ expected: [Lifecycle.Action], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let actions = try lifecycle.drive(input)
            #expect(actions == expected, "after \(input)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(input) was refused: \(error)", sourceLocation: sourceLocation)
        }
    }

    mutating func reject(
        _ input: Lifecycle.Input, _ expected: Lifecycle.Failure, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = lifecycle.snapshot
        do {
            let actions = try lifecycle.drive(input)
            Issue.record("\(input) was accepted with \(actions)", sourceLocation: sourceLocation)
        } catch {
            #expect(error == expected, "after \(input)", sourceLocation: sourceLocation)
            #expect(
                lifecycle.snapshot == before, "a refused \(input) changed the state", sourceLocation: sourceLocation)
        }
    }

    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!lifecycle.hasOpenTransition, "a will-callback is still open", sourceLocation: sourceLocation)
    }
}

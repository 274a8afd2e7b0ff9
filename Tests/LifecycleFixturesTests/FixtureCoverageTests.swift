import AdLifecycle
import Foundation
import LifecycleFixtures
import Testing

/// The fixtures cover the contract: every decision, callback, input, phase, legal transition and error
/// code, and every step agrees with the transition table. The lists come from AdLifecycle's own data
/// (`OrderingContract.rules`, the `contract` tables), so a new case fails here until a fixture shows it.
@Suite struct FixtureCoverageTests {
    static let all = Result { try FixtureFiles.runAll() }

    func runs(_ controller: FixtureController) throws -> [(fixture: LifecycleFixture, result: FixtureResult)] {
        try Self.all.get().filter { $0.fixture.controller == controller }
    }

    func expectedOutputs(_ controller: FixtureController) throws -> [FixtureOutput] {
        try runs(controller).flatMap { run in
            run.fixture.steps.flatMap { step -> [FixtureOutput] in
                if case .outputs(let outputs) = step.expectation { return outputs }
                return []
            }
        }
    }

    func expectedErrorCodes(_ controller: FixtureController) throws -> Set<String> {
        Set(
            try runs(controller).flatMap { run in
                run.fixture.steps.compactMap { step -> String? in
                    if case .error(let error) = step.expectation { return error.code }
                    return nil
                }
            })
    }

    @Test func thereAreAtLeastFortyFixturesAndAllPass() throws {
        let all = try Self.all.get()
        #expect(all.count >= 40)
        let failing = all.filter { !$0.result.passed }.map(\.fixture.name)
        #expect(failing.isEmpty, "failing fixtures: \(failing)")
    }

    @Test func everyOrderingDecisionIsCoveredByAFixture() throws {
        let covered = Set(try Self.all.get().flatMap(\.fixture.covers))
            .union(try SessionFixtureTests.all.get().flatMap(\.fixture.covers))
        // The `engine` rules are about the ads `getAd` returns, which fixtures do not make: AdEngineTests shows
        // them (AdEngineOnePlayTests for `one-play`).
        let missing = OrderingContract.rules.filter { $0.scope != "engine" }.map(\.id).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "no fixture covers \(missing)")
    }

    @Test(arguments: FixtureController.allCases)
    func everyCallbackIsExpectedByAFixture(_ controller: FixtureController) throws {
        let seen = Set(try expectedOutputs(controller).compactMap(\.callbackName))
        let missing = controller.callbackNames.filter { !seen.contains($0) }
        #expect(missing.isEmpty, "no \(controller) fixture expects \(missing)")
    }

    @Test(arguments: FixtureController.allCases)
    func everyInputIsSentByAFixture(_ controller: FixtureController) throws {
        let seen = Set(try runs(controller).flatMap { $0.fixture.steps.map(\.input.name) })
        let missing = controller.inputNames.filter { !seen.contains($0) }
        #expect(missing.isEmpty, "no \(controller) fixture sends \(missing)")
    }

    @Test(arguments: FixtureController.allCases)
    func everyPhaseIsReachedByAFixture(_ controller: FixtureController) throws {
        let seen = Set(try runs(controller).flatMap { $0.result.trace.flatMap { [$0.phaseBefore, $0.phaseAfter] } })
        let missing = controller.phaseNames.filter { !seen.contains($0) }
        #expect(missing.isEmpty, "no \(controller) fixture reaches \(missing)")
    }

    @Test func everyMRAIDStateIsAnnouncedOrInitial() throws {
        let announced = Set(
            try expectedOutputs(.mraid).compactMap { output -> MRAIDState? in
                if case .mraid(.callback(.stateChanged(let state))) = output { return state }
                return nil
            })
        let missing = MRAIDState.allCases.filter { $0 != MRAIDLifecycleState().mraidState && !announced.contains($0) }
        #expect(missing.isEmpty, "no fixture expects stateChanged to \(missing)")
    }

    @Test(arguments: FixtureController.allCases)
    func everyLegalTransitionIsTakenByAFixture(_ controller: FixtureController) throws {
        let taken = Set(
            try runs(controller).flatMap { run in
                run.result.trace.map { "\($0.phaseBefore) → \($0.phaseAfter)" }
            })
        let legal = Self.legalTransitions(controller)
        let missing = legal.filter { !taken.contains($0) }
        #expect(missing.isEmpty, "no \(controller) fixture takes \(missing)")
    }

    @Test(arguments: FixtureController.allCases)
    func everyErrorCodeTheTableNamesIsExpectedByAFixture(_ controller: FixtureController) throws {
        let named = Self.errorCodes(controller)
        let expected = try expectedErrorCodes(controller)
        let missing = named.filter { !expected.contains($0) }.sorted()
        #expect(missing.isEmpty, "no \(controller) fixture expects \(missing)")
        #expect(expected.isSubset(of: named), "a fixture expects a code the table never names")
    }

    @Test(arguments: FixtureController.allCases)
    func everyStepAgreesWithTheTransitionTable(_ controller: FixtureController) throws {
        for run in try runs(controller) {
            for step in run.result.trace {
                let verdict = Self.cell(controller, input: step.input.name, phase: step.phaseBefore)
                switch (verdict, step.outcome) {
                case (.ignored, .outputs(let outputs)):
                    #expect(
                        outputs.isEmpty && step.phaseAfter == step.phaseBefore, "\(run.fixture.name) step \(step.index)"
                    )
                case (.rejected(let code), .error(let actual, _, _)):
                    #expect(code == actual, "\(run.fixture.name) step \(step.index)")
                case (.moves(let phases, _), .outputs):
                    #expect(phases.contains(step.phaseAfter), "\(run.fixture.name) step \(step.index)")
                case (.moves(_, let guards), .error(let code, _, _)):
                    #expect(guards.contains(code), "\(run.fixture.name) step \(step.index): \(code) not in the note")
                default:
                    Issue.record("\(run.fixture.name) step \(step.index): \(step.outcome) against \(verdict)")
                }
            }
        }
    }

    /// A session fixture's `play` goes through the virtual player, not a table cell of its own: check that
    /// every video phase change it makes (outside pods, where the ad itself changes) is a legal transition
    /// of the video table.
    @Test func everyPlayStepMovesTheVideoAlongALegalTransition() throws {
        let legal = Set(Self.legalTransitions(.video))
        var checked = 0
        for run in try SessionFixtureTests.all.get() where !run.fixture.pod {
            for step in run.result.trace where step.input.name == FixturePlay.name {
                let before = step.phaseBefore.split(separator: "/").last.map(String.init) ?? ""
                let after = step.phaseAfter.split(separator: "/").last.map(String.init) ?? ""
                checked += 1
                guard before != after else { continue }
                #expect(
                    legal.contains("\(before) → \(after)"),
                    "\(run.fixture.name) step \(step.index): \(before) → \(after)")
            }
        }
        #expect(checked >= 8, "the play fixtures were not found")
    }

    // MARK: The contract tables, by name

    enum Verdict {
        case moves([String], guards: Set<String>)
        case ignored
        case rejected(String)
    }

    static func cell(_ controller: FixtureController, input: String, phase: String) -> Verdict {
        switch controller {
        case .unit:
            verdict(UnitLifecycle.contract.cell(UnitInput.Kind(rawValue: input)!, in: UnitPhase(rawValue: phase)!))
        case .video:
            verdict(VideoLifecycle.contract.cell(VideoInput.Kind(rawValue: input)!, in: VideoPhase(rawValue: phase)!))
        case .mraid:
            verdict(MRAIDLifecycle.contract.cell(MRAIDInput.Kind(rawValue: input)!, in: MRAIDPhase(rawValue: phase)!))
        }
    }

    static func verdict<P: RawRepresentable, C: CustomStringConvertible>(_ cell: TransitionCell<P, C>) -> Verdict
    where P.RawValue == String {
        switch cell.outcome {
        case .moves(let phases): .moves(phases.map(\.rawValue), guards: codes(inNote: cell.note))
        case .ignored: .ignored
        case .rejected(let code): .rejected(code.description)
        }
    }

    /// The codes a note names in backticks (`without a host: error `noPresentationHost``).
    static func codes(inNote note: String?) -> Set<String> {
        let parts = (note ?? "").split(separator: "`", omittingEmptySubsequences: false)
        return Set(parts.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    static func legalTransitions(_ controller: FixtureController) -> [String] {
        func edges<P, I, C>(_ table: TransitionTable<P, I, C>) -> [String] {
            P.allCases.flatMap { from in table.legalNextPhases(from: from).map { "\(from.rawValue) → \($0.rawValue)" } }
        }
        switch controller {
        case .unit: return edges(UnitLifecycle.contract)
        case .video: return edges(VideoLifecycle.contract)
        case .mraid: return edges(MRAIDLifecycle.contract)
        }
    }

    static func errorCodes(_ controller: FixtureController) -> Set<String> {
        func codes<P, I, C>(_ table: TransitionTable<P, I, C>) -> Set<String> {
            Set(
                I.allCases.flatMap { input in
                    P.allCases.flatMap { phase -> [String] in
                        let cell = table.cell(input, in: phase)
                        switch cell.outcome {
                        case .rejected(let code): return [code.description]
                        case .moves: return Array(Self.codes(inNote: cell.note))
                        case .ignored: return []
                        }
                    }
                })
        }
        switch controller {
        case .unit: return codes(UnitLifecycle.contract)
        case .video: return codes(VideoLifecycle.contract)
        case .mraid: return codes(MRAIDLifecycle.contract)
        }
    }
}

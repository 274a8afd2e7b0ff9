import AdLifecycle
import TestSupport
import Testing

@Suite struct MRAIDPropertyTests {
    static func randomInput(_ rng: inout SplitMix64) -> MRAIDInput {
        switch rng.int(0...12) {
        case 0: .containerReady
        case 1, 2: .viewabilityChanged(isViewable: rng.chance(75))
        case 3:
            .resizePropertiesSet(
                ResizeProperties(
                    width: Double(rng.int(30...450)), height: Double(rng.int(30...850)),
                    offsetX: Double(rng.int(-300...300)), offsetY: Double(rng.int(-800...100)),
                    customClosePosition: rng.pick(ClosePosition.allCases), allowOffscreen: rng.chance(50)))
        case 4: .resizeRequested
        case 5: .resizeFinished
        case 6: .expandRequested(frame: Rect(x: 0, y: 0, width: Double(rng.int(40...400)), height: 800))
        case 7: .expandFinished
        case 8: .closeRequested
        case 9: .collapseFinished
        case 10: rng.chance(25) ? .unloadRequested : .closeRequested
        default: rng.pick([.resizeRequested, .expandRequested(frame: MRAIDLifecycleTests.screen)])
        }
    }

    /// MRAID's legal state changes.
    static let legalChanges: Set<[MRAIDState]> = [
        [.loading, .default], [.default, .resized], [.default, .expanded], [.default, .hidden], [.resized, .expanded],
        [.resized, .default], [.expanded, .default],
    ]

    struct Invariants {
        var open: String?
        var mraidState = MRAIDState.loading
        var unloaded = false

        mutating func check(
            _ input: MRAIDInput, viewableBefore: Bool, _ actions: [MRAIDAction],
            after state: MRAIDLifecycleState
        ) -> String? {
            if unloaded && !actions.isEmpty { return "actions after unload" }
            let isCommand: Bool
            switch input {
            case .resizeRequested, .expandRequested, .closeRequested: isCommand = true
            default: isCommand = false
            }
            if isCommand && !actions.isEmpty && !viewableBefore { return "\(input) accepted while not viewable" }
            for action in actions {
                guard case .callback(let callback) = action else { return "MRAID fired a beacon" }
                switch callback {
                case .willResize, .willExpand, .willCollapse:
                    if let open { return "\(callback) while \(open) is open" }
                    open = "\(callback)".components(separatedBy: "(").first
                case .didResize:
                    guard open == "willResize" else { return "didResize with \(open ?? "nothing") open" }
                    open = nil
                case .didExpand:
                    guard open == "willExpand" else { return "didExpand with \(open ?? "nothing") open" }
                    open = nil
                case .didCollapse:
                    guard open == "willCollapse" else { return "didCollapse with \(open ?? "nothing") open" }
                    open = nil
                case .stateChanged(let next):
                    guard Self.isLegal(from: mraidState, to: next) else { return "state \(mraidState) -> \(next)" }
                    mraidState = next
                case .unloaded:
                    unloaded = true
                    open = nil  // unload abandons an open transition
                case .viewabilityChanged: break
                }
            }
            if state.mraidState != mraidState { return "state says \(state.mraidState), history \(mraidState)" }
            if state.phase.isTransition != (open != nil) {
                return "phase \(state.phase) with \(open ?? "nothing") open"
            }
            return nil
        }

        static func isLegal(from: MRAIDState, to: MRAIDState) -> Bool {
            MRAIDPropertyTests.legalChanges.contains([from, to])
        }
    }

    static func runOne(seed: UInt64) -> String? {
        var rng = SplitMix64(seed: seed)
        var mraid = MRAIDLifecycle(
            placement: rng.chance(80) ? .inline : .interstitial, geometry: MRAIDLifecycleTests.geometry)
        var invariants = Invariants()
        var history: [MRAIDInput] = []
        for _ in 0..<rng.int(1...30) {
            let input = randomInput(&rng)
            history.append(input)
            let before = mraid.state
            let result: Result<[MRAIDAction], MRAIDError>
            do throws(MRAIDError) { result = .success(try mraid.send(input)) } catch { result = .failure(error) }
            if case .failure(let error) = result, error.action != input.kind.commandName {
                return "error action \(error.action) for \(input)"
            }
            let failure =
                PropertyCheck.conforms(
                    MRAIDLifecycle.contract, input: input.kind, before: before.phase, after: mraid.phase,
                    changed: mraid.state != before, result: result.map(\.count), code: \.code)
                ?? invariants.check(
                    input, viewableBefore: before.isViewable, (try? result.get()) ?? [], after: mraid.state)
            if let failure { return "\(failure)\ninputs: \(history)" }
        }
        return nil
    }

    @Test func tenThousandRandomSequencesKeepTheMRAIDContract() {
        PropertyCheck.run("mraid", baseSeed: 0x5EED_0003, Self.runOne)
    }
}

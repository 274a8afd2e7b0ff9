import AdLifecycle
import Foundation
import TestSupport
import Testing

@Suite struct UnitPropertyTests {
    static func randomInput(_ rng: inout SplitMix64) -> UnitInput {
        switch rng.int(0...11) {
        case 0: .impressionRendered
        case 1:
            .clicked(
                position: rng.chance(50) ? ClickPoint(x: rng.int(0...400), y: rng.int(0...800)) : nil, playheadMs: nil)
        case 2: .fullscreenRequested(hostAvailable: rng.chance(85))
        case 3: .fullscreenPresented
        case 4: .fullscreenDismissRequested
        case 5: .fullscreenDismissed
        case 6: .externalAppOpening(url: "https://x.example")
        case 7: .rewardEarned
        case 8: rng.chance(30) ? .expired : .impressionRendered
        case 9: rng.chance(20) ? .renderFailed(errorCode: rng.pick([400, 405, 900])) : .fullscreenPresented
        case 10: .companionViewed(index: 0)
        default: .companionClicked(index: 0)
        }
    }

    /// The unit's invariants over a whole history of callbacks.
    struct Invariants {
        var impressions = 0
        var presentation = "none"  // none, presenting, presented, dismissing, dismissed
        var finished = false
        var rewards = 0

        mutating func check(_ actions: [UnitAction], after state: UnitState) -> String? {
            var loggedNow = false
            var finishing = false
            defer { finished = finished || finishing }
            for action in actions {
                switch action {
                case .beacon(let beacon):
                    if beacon.url.lowercased().hasPrefix("about:blank") { return "about:blank was sent" }
                    if beacon.event == "impression" && !loggedNow { return "impression beacon without its callback" }
                    if finished { return "beacon \(beacon) after the unit finished" }
                case .callback(let callback):
                    if finished && callback != .rewarded { return "\(callback) after the unit finished" }
                    switch callback {
                    case .impressionWillBeLogged:
                        impressions += 1
                        loggedNow = true
                        if impressions > 1 { return "impression logged twice" }
                    case .clicked: if impressions == 0 { return "click before the impression" }
                    case .willPresentFullscreen:
                        guard presentation == "none" else { return "willPresent in \(presentation)" }
                        presentation = "presenting"
                    case .didPresentFullscreen:
                        guard presentation == "presenting" else { return "didPresent in \(presentation)" }
                        presentation = "presented"
                    case .willDismissFullscreen:
                        guard presentation == "presented" else { return "willDismiss in \(presentation)" }
                        presentation = "dismissing"
                    case .didDismissFullscreen:
                        guard presentation == "dismissing" else { return "didDismiss in \(presentation)" }
                        presentation = "dismissed"
                        finishing = true
                    case .rewarded:
                        rewards += 1
                        if rewards > 1 || impressions == 0 { return "reward twice or before the impression" }
                    case .expired:
                        if impressions > 0 || presentation != "none" { return "expired after being shown" }
                        finishing = true
                    case .failed: finishing = true  // abandons an open will: the unit is gone
                    case .willOpenExternalApp, .companionClicked: break
                    }
                }
            }
            if state.phase.isTerminal != (finished || finishing) {
                return "phase \(state.phase) disagrees with the history"
            }
            if state.impressionLogged != (impressions == 1) { return "impression latch disagrees with the history" }
            return nil
        }
    }

    static let plan = TwoHopChain.plan()

    static func runOne(seed: UInt64) -> String? {
        var rng = SplitMix64(seed: seed)
        var unit = UnitLifecycle(plan: Self.plan)
        var invariants = Invariants()
        var history: [UnitInput] = []
        for _ in 0..<rng.int(1...30) {
            let input = randomInput(&rng)
            history.append(input)
            let before = unit.state
            let result: Result<[UnitAction], LifecycleError>
            do throws(LifecycleError) { result = .success(try unit.send(input, at: Fixed.now)) } catch {
                result = .failure(error)
            }
            let failure =
                PropertyCheck.conforms(
                    UnitLifecycle.contract, input: input.kind, before: before.phase, after: unit.phase,
                    changed: unit.state != before, result: result.map(\.count), code: \.code)
                ?? invariants.check((try? result.get()) ?? [], after: unit.state)
            if let failure { return "\(failure)\ninputs: \(history)" }
        }
        return nil
    }

    @Test func tenThousandRandomSequencesKeepTheUnitContract() {
        PropertyCheck.run("unit", baseSeed: 0x5EED_0001, Self.runOne)
    }
}

import AdEngine
import AdLifecycle
import AdPlacement
import FoundationEssentials

/// Runs a ``GetAdScenario`` step by step against one engine and records what each step did.
struct GetAdScenarioRun {
    /// What one step did.
    struct Outcome {
        let index: Int
        let step: GetAdScenario.Step
        /// Scenario seconds when the step ran.
        let at: Double
        /// The getAd result, for a request step.
        let result: GetAdResult?
        /// Whether a returned ad's impression was logged (`show`).
        let shown: Bool
        /// Why the engine refused an input step (a presentation not open, or already open).
        let refusal: PresentationError?

        /// True when the engine refused the step: an input on, or a request in, a presentation that is
        /// not open (or an open of one that is).
        var refused: Bool { refusal != nil || result?.error?.code == .presentationNotOpen }
    }

    let engine: AdEngine
    let clock: ScenarioClock
    /// The request every request step starts from (the `--request` file, or only a placement).
    let base: AdRequestInfo?

    func run(_ scenario: GetAdScenario) async -> [Outcome] {
        var outcomes: [Outcome] = []
        var collections: [PresentationHandle: String] = [:]
        for (index, step) in scenario.steps.enumerated() {
            var result: GetAdResult?
            var shown = false
            var refusal: PresentationError?
            do throws(PresentationError) {
                switch step {
                case .open(let handle, let kind, let collectionId, let configuration):
                    _ = try await engine.openPresentation(
                        kind, collectionId: collectionId, configuration: configuration, name: handle.id)
                    collections[handle] = collectionId
                case .itemsViewed(let handle, let count):
                    for _ in 0..<count { try await engine.itemViewed(in: handle) }
                case .request(let handle, let placement, let itemId, let maxHeight, let show):
                    var request = base ?? AdRequestInfo(placement: placement)
                    request.placement = placement
                    if let itemId { request.itemId = itemId }
                    if request.collectionId == nil { request.collectionId = collections[handle] }
                    let outcome: Result<Ad, AdEngineError>
                    do throws(AdEngineError) {
                        if let maxHeight {
                            outcome = .success(
                                try await engine.getBottomBannerAd(
                                    for: request, in: handle, maxHeight: .init(maxHeight)))
                        } else {
                            outcome = .success(try await engine.getAd(for: request, in: handle))
                        }
                    } catch {
                        outcome = .failure(error)
                    }
                    if show, case .success(let ad) = outcome {
                        shown = (try? ad.makeSession().send(.unit(.impressionRendered))) != nil
                    }
                    result = GetAdResult(outcome)
                case .wait(let seconds):
                    clock.advance(by: seconds)
                case .reload(let handle):
                    try await engine.reloadPresentation(handle)
                case .configure(let handle, let configuration):
                    try await engine.configure(handle, with: configuration)
                case .close(let handle):
                    try await engine.closePresentation(handle)
                    collections[handle] = nil
                }
            } catch {
                refusal = error
            }
            outcomes.append(
                Outcome(index: index, step: step, at: clock.seconds, result: result, shown: shown, refusal: refusal))
        }
        return outcomes
    }
}

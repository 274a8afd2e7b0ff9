extension MRAIDLifecycle {
    /// The MRAID container's transition table: what each input does in each phase.
    public static let contract = TransitionTable<MRAIDPhase, MRAIDInput.Kind, MRAIDError.Code> { input, phase in
        typealias Cell = TransitionCell<MRAIDPhase, MRAIDError.Code>
        if phase == .unloaded {
            switch input {
            case .resizePropertiesSet, .resizeRequested, .expandRequested, .closeRequested:
                return Cell(.rejected(.unloaded))
            case .unloadRequested: return Cell(.ignored, "duplicate")
            default: return Cell(.ignored, "late")
            }
        }
        /// A creative command in a phase where it has no meaning.
        func command(_ allowed: [MRAIDPhase: (MRAIDPhase, String?)]) -> Cell {
            if let (next, note) = allowed[phase] { return Cell(.moves(to: [next]), note) }
            return phase.isTransition ? Cell(.rejected(.commandInProgress)) : Cell(.rejected(.illegalState))
        }
        /// A host report that ends one transition.
        func report(ending transition: MRAIDPhase, to next: MRAIDPhase) -> Cell {
            phase == transition ? Cell(.moves(to: [next])) : Cell(.rejected(.noPendingTransition))
        }
        let gate = "not viewable: `notViewable`"
        switch input {
        case .containerReady:
            return phase == .loading ? Cell(.moves(to: [.default])) : Cell(.ignored, "duplicate")
        case .viewabilityChanged:
            return Cell(.moves(to: [phase]), "only on a change")
        case .resizePropertiesSet:
            return Cell(.moves(to: [phase]), "invalid: `tooSmall` / `tooLarge` / `closeRegionOffscreen`")
        case .resizeRequested:
            let note = "\(gate); interstitial: `notInline`; `noResizeProperties`"
            return command([.default: (.resizing, note), .resized: (.resizing, note)])
        case .resizeFinished:
            return report(ending: .resizing, to: .resized)
        case .expandRequested:
            let note = "\(gate); interstitial: `notInline`; frame below 50: `tooSmall`"
            return command([.default: (.expanding, note), .resized: (.expanding, note)])
        case .expandFinished:
            return report(ending: .expanding, to: .expanded)
        case .closeRequested:
            return command([.default: (.hidden, gate), .resized: (.collapsing, gate), .expanded: (.collapsing, gate)])
        case .collapseFinished:
            return report(ending: .collapsing, to: .default)
        case .unloadRequested:
            return Cell(.moves(to: [.unloaded]), phase.isTransition ? "abandons the open transition" : nil)
        case .defaultFrameChanged:
            return Cell(.moves(to: [phase]), "no callback; later resizes start from it")
        }
    }
}

extension UnitLifecycle {
    /// The unit's transition table: what each input does in each phase.
    public static let contract = TransitionTable<UnitPhase, UnitInput.Kind, LifecycleError.Code> { input, phase in
        typealias Cell = TransitionCell<UnitPhase, LifecycleError.Code>
        let live = !phase.isTerminal
        switch input {
        case .impressionRendered:
            return live ? Cell(.moves(to: [phase]), "once per ad instance") : Cell(.ignored)
        case .clicked:
            return live ? Cell(.moves(to: [phase]), "logs the impression first if it was not") : Cell(.ignored)
        case .fullscreenRequested:
            switch phase {
            case .inline: return Cell(.moves(to: [.presenting]), "without a host: error `noPresentationHost`")
            case .presenting, .presented, .dismissing: return Cell(.rejected(.presentationInProgress))
            case .dismissed, .failed: return Cell(.rejected(.adFinished))
            case .expired: return Cell(.rejected(.adExpired))
            }
        case .fullscreenPresented:
            if phase == .presenting { return Cell(.moves(to: [.presented])) }
            return live ? Cell(.rejected(.notPresenting)) : Cell(.ignored, "late")
        case .fullscreenDismissRequested:
            switch phase {
            case .presented: return Cell(.moves(to: [.dismissing]))
            case .presenting, .dismissing: return Cell(.rejected(.presentationInProgress))
            case .inline: return Cell(.rejected(.notPresenting))
            case .dismissed, .expired, .failed: return Cell(.ignored, "late")
            }
        case .fullscreenDismissed:
            if phase == .dismissing { return Cell(.moves(to: [.dismissed])) }
            return live ? Cell(.rejected(.notPresenting)) : Cell(.ignored, "late")
        case .externalAppOpening:
            return live ? Cell(.moves(to: [phase])) : Cell(.ignored)
        case .companionViewed:
            return live
                ? Cell(.moves(to: [phase]), "once per companion; an unknown index: error `noSuchCompanion`")
                : Cell(.ignored)
        case .companionClicked:
            return live
                ? Cell(.moves(to: [phase]), "before the companion was shown: error `companionNotShown`")
                : Cell(.ignored)
        case .rewardEarned:
            switch phase {
            case .inline, .presenting, .presented, .dismissing, .dismissed:
                return Cell(.moves(to: [phase]), "once; before the impression: error `notShown`")
            case .expired: return Cell(.rejected(.notShown))
            case .failed: return Cell(.ignored)
            }
        case .expired:
            return phase == .inline
                ? Cell(.moves(to: [.expired, .inline]), "ignored once the impression is logged")
                : Cell(.ignored, live ? "already shown" : nil)
        case .renderFailed:
            return live ? Cell(.moves(to: [.failed])) : Cell(.ignored)
        }
    }
}

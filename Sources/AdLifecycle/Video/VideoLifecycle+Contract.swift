extension VideoLifecycle {
    /// The video's transition table: what each input does in each phase.
    public static let contract = TransitionTable<VideoPhase, VideoInput.Kind, LifecycleError.Code> { input, phase in
        typealias Cell = TransitionCell<VideoPhase, LifecycleError.Code>
        guard !phase.isTerminal else {
            switch input {
            case .progressed, .resumed, .skipRequested, .closeRequested: return Cell(.ignored, "late")
            default: return Cell(.ignored)
            }
        }
        switch input {
        case .durationUpdated:
            return Cell(
                .moves(to: [phase]),
                "a repeated value is ignored; zero: error `invalidDuration`; not a time: error `invalidTime`")
        case .progressed:
            return Cell(
                .moves(to: [phase == .loading ? .playing : phase]),
                (phase == .paused ? "seek while paused; " : "") + "not a time: error `invalidTime`")
        case .paused:
            return phase == .playing
                ? Cell(.moves(to: [.paused])) : Cell(.ignored, phase == .paused ? "duplicate" : "not started")
        case .resumed:
            return phase == .paused ? Cell(.moves(to: [.playing])) : Cell(.ignored, "not paused")
        case .muted, .unmuted, .playerExpanded, .playerCollapsed:
            return Cell(.moves(to: [phase]), "only on a change")
        case .skipRequested:
            return Cell(
                .moves(to: [.skipped]), "no skip offset: error `notSkippable`; before it: error `skipOffsetNotReached`")
        case .closeRequested:
            return Cell(.moves(to: [.closed]))
        case .playbackCompleted:
            return Cell(.moves(to: [.completed]), "start and milestones not yet fired fire first")
        case .playbackInterrupted:
            return Cell(.moves(to: [.interrupted]))
        case .iconViewed:
            return Cell(.moves(to: [phase]), "once per icon; an unknown index: error `noSuchIcon`")
        case .iconClicked:
            return Cell(.moves(to: [phase]), "before the icon was shown: error `iconNotShown`")
        }
    }
}

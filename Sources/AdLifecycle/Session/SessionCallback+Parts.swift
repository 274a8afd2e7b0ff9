extension SessionCallback {
    /// The unit's callback, as the session reports it.
    public init(unit callback: UnitCallback) {
        switch callback {
        case .impressionWillBeLogged: self = .impressionWillBeLogged
        case .clicked(let url): self = .clicked(url: url)
        case .willPresentFullscreen: self = .willPresentFullscreen
        case .didPresentFullscreen: self = .didPresentFullscreen
        case .willDismissFullscreen: self = .willDismissFullscreen
        case .didDismissFullscreen: self = .didDismissFullscreen
        case .willOpenExternalApp(let url): self = .willOpenExternalApp(url: url)
        case .rewarded: self = .rewarded
        case .expired: self = .expired
        case .failed(let errorCode): self = .failed(errorCode: errorCode)
        }
    }

    /// The video's callback, as the session reports it: milliseconds become seconds.
    public init(video callback: VideoCallback) {
        switch callback {
        case .durationUpdated(let durationMs): self = .durationUpdated(SessionTime.seconds(durationMs))
        case .started: self = .started
        case .progressed(let positionMs, let durationMs):
            self = .progressed(position: SessionTime.seconds(positionMs), duration: durationMs.map(SessionTime.seconds))
        case .quartileReached(let quartile): self = .quartileReached(quartile)
        case .paused: self = .paused
        case .resumed: self = .resumed
        case .muted: self = .muted
        case .unmuted: self = .unmuted
        case .playerExpanded: self = .playerExpanded
        case .playerCollapsed: self = .playerCollapsed
        case .skipped: self = .skipped
        case .closed: self = .closed
        case .completed: self = .completed
        case .interrupted(let errorCode):
            self = .interrupted((try? AdPlaybackError(code: errorCode)) ?? .undefined)
        }
    }
}

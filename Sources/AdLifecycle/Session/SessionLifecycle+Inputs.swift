import FoundationEssentials
import VAST

extension SessionLifecycle {
    /// A unit input, with the rules that span parts: a click on a linear ad carries the session's playhead
    /// unless the host gave one; a banner's or overlay's click is its companion's or NonLinear's; the
    /// player expands with the fullscreen presentation and collapses with its dismissal.
    mutating func unitInput(_ input: UnitInput, now: Date) throws(SessionError) -> [SessionEvent] {
        switch input {
        case .impressionRendered:
            return impression(now: now)
        case .clicked(let position, let playheadMs):
            switch creative {
            case .linear:
                return try unitStep(.clicked(position: position, playheadMs: playheadMs ?? self.playheadMs), now: now)
            case .companion(let creativeIndex, let element):
                guard let index = companionIndex(creative: creativeIndex, element: element) else { return [] }
                // The banner is its companion: the tap is the companion's click, told to the host as the ad's.
                let events =
                    impression(now: now) + (try unitStep(.companionClicked(index: index, position: position), now: now))
                return events.map { event in
                    guard case .callback(.unit(.companionClicked(_, let url))) = event else { return event }
                    return .callback(.unit(.clicked(url: url)))
                }
            case .nonLinear:
                return try nonLinearInput(.clicked, now: now, position: position)
            }
        default:
            break
        }
        let events = try unitStep(input, now: now)
        // A linear ad presented fullscreen is its player expanded; leaving fullscreen collapses it
        // (VAST 4.3 section 3.14.1: playerExpand / playerCollapse; fullscreen / exitFullscreen in VAST 2 and 3).
        guard !events.isEmpty else { return events }
        switch input {
        case .fullscreenPresented: return events + videoToggle(.playerExpanded, now: now)
        case .fullscreenDismissRequested: return events + videoToggle(.playerCollapsed, now: now)
        case .fullscreenDismissed: return events + finish(now: now)
        default: return events
        }
    }

    private mutating func unitStep(_ input: UnitInput, now: Date) throws(SessionError) -> [SessionEvent] {
        do throws(LifecycleError) {
            return Self.events(try unit.send(input, at: now))
        } catch {
            throw SessionError(error)
        }
    }

    private mutating func videoToggle(_ input: VideoInput, now: Date) -> [SessionEvent] {
        guard var video else { return [] }
        let actions = (try? video.send(input, at: now)) ?? []
        self.video = video
        return Self.events(actions)
    }

    /// A video input, with the rules that span parts: the impression before playback starts, the
    /// viewability count, and the end of the instance when playback ends.
    mutating func videoInput(_ input: VideoInput, now: Date, clock: Int64) throws(SessionError) -> [SessionEvent] {
        guard var video else { throw SessionError(.notLinear) }
        // An ad that failed to render or expired is not on screen: what its player still reports is late
        // (ORDERING.md `unit-over`), so no start or quartile is counted for an ad that never showed.
        guard unit.phase != .failed, unit.phase != .expired else { return [] }
        let wasPlaying = video.phase == .playing
        var events: [SessionEvent] = []
        // The first frame on screen is the impression (VAST 4.3 section 3.4.4): a player that reports
        // progress, or completion, before the host reported the rendering gets the impression first, before
        // start. (A refused input changes nothing: ``send(_:at:)`` works on a copy.)
        switch input {
        case .progressed, .playbackCompleted:
            if video.phase == .loading, !unit.state.impressionLogged { events += impression(now: now) }
        default: break
        }
        do throws(LifecycleError) {
            events += Self.events(try video.send(input, at: now))
        } catch {
            throw SessionError(error)
        }
        self.video = video
        switch input {
        case .progressed:
            if let playhead = video.state.playheadMs, video.phase == .playing || wasPlaying,
                viewability.played(to: playhead, clockMs: clock)
            {
                events += decide(.viewable, now: now)
            }
        case .paused:
            viewability.interrupted()
        case .playbackCompleted:
            if wasPlaying, let playhead = video.state.playheadMs, viewability.played(to: playhead, clockMs: clock) {
                events += decide(.viewable, now: now)
            }
        default: break
        }
        if video.phase.isTerminal { events += finish(now: now) }
        return events
    }

    mutating func exposureChanged(_ percent: Double, now: Date, clock: Int64) throws(SessionError) -> [SessionEvent] {
        guard percent.isFinite, percent >= 0, percent <= 100 else {
            throw SessionError(.invalidExposure, message: "\(percent): " + SessionError(.invalidExposure).message)
        }
        let changed = viewability.exposurePercent != percent
        viewability.exposureChanged(percent, clockMs: clock)
        guard var container = mraid, changed else { return [] }
        // MRAID 3.0 exposureChange carries the percentage; isViewable is any exposure at all.
        var events: [SessionEvent] = [.callback(.exposureChanged(percent: percent))]
        if let actions = try? container.send(.viewabilityChanged(isViewable: percent > 0)) {
            events += actions.compactMap { $0.callback.map { SessionEvent.callback(.mraid($0)) } }
        }
        mraid = container
        return events
    }

    mutating func mraidInput(_ input: MRAIDInput, now: Date) throws(SessionError) -> [SessionEvent] {
        guard var container = mraid else { throw SessionError(.noMRAIDContainer) }
        switch input.kind {
        case .viewabilityChanged:
            throw SessionError(.viewabilityFromExposure, action: input.kind.commandName)
        case .resizeRequested, .expandRequested, .closeRequested:
            guard viewability.exposurePercent != nil else {
                throw SessionError(.exposureNotReported, action: input.kind.commandName)
            }
        default: break
        }
        let actions: [MRAIDAction]
        do throws(MRAIDError) {
            actions = try container.send(input)
        } catch {
            throw SessionError(error)
        }
        mraid = container
        var events = actions.compactMap { $0.callback.map { SessionEvent.callback(.mraid($0)) } }
        if container.phase == .unloaded { events += finish(now: now) }
        return events
    }

    mutating func verificationNotExecuted(_ index: Int, reason: VerificationFailureReason, now: Date)
        throws(SessionError) -> [SessionEvent]
    {
        guard parts.verifications.indices.contains(index) else { throw SessionError(.noSuchVerification) }
        guard state.unexecutedVerifications.insert(index).inserted else { return [] }
        var moment = moment(now)
        moment.reason = reason.macroValue
        return [.callback(.verificationNotExecuted(index: index, reason: reason))]
            + beacons(
                "verificationNotExecuted", parts.verifications[index].notExecuted,
                usage: .verificationNotExecuted, at: moment)
    }

    mutating func nonLinearInput(_ input: NonLinearInput, now: Date, position: ClickPoint? = nil)
        throws(SessionError) -> [SessionEvent]
    {
        guard let overlay = parts.nonLinear else { throw SessionError(.notNonLinear) }
        guard !state.nonLinearClosed else { return [] }
        var moment = moment(now)
        if input == .clicked {
            moment.clickPosition = position
            let url = overlay.nonLinear.clickThrough.map { plan.expand($0, usage: .clickThrough, at: moment) }
            return impression(now: now)
                + [.callback(.nonLinearClicked(url: url))]
                + beacons("nonLinearClickTracking", overlay.clicks, usage: .clickTracking, at: moment)
        }
        // Each overlay event under its VAST 4 name and the VAST 3 one where they differ, like the player
        // events (a chain may mix versions and each URL is written under one name).
        let names: [VASTTrackingEventName]
        switch input {
        case .acceptInvitation: names = [.acceptInvitation]
        case .expanded: names = [.adExpand, .expand]
        case .collapsed: names = [.adCollapse, .collapse]
        case .minimized: names = [.minimize]
        case .closed: names = [.close]
        case .clicked: names = []
        }
        var events: [SessionEvent] = [.callback(.nonLinear(input))]
        for tracked in overlay.tracking where names.contains(tracked.event) {
            events += beacons(tracked.event.rawValue, [tracked.trackedURL], usage: .tracking(tracked.event), at: moment)
        }
        if input == .closed {
            state.nonLinearClosed = true
            events += finish(now: now)
        }
        return events
    }
}

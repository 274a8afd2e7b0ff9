import Foundation
import VAST

extension SessionLifecycle {
    /// A tap on the ad: a linear ad's click carries the session's playhead (`[ADPLAYHEAD]`); a banner's
    /// or overlay's is the shown companion's or NonLinear's click, with its own click-through and tracking.
    mutating func click(position: ClickPoint?, now: Date) throws(SessionError) -> [SessionEvent] {
        switch creative {
        case .linear:
            do throws(LifecycleError) {
                return Self.map(try unit.send(.clicked(position: position, playheadMs: playheadMs), at: now))
            } catch {
                throw SessionError(error)
            }
        case .companion(let creativeIndex, let element):
            guard let index = parts.companionIndex(creative: creativeIndex, element: element) else { return [] }
            return impression(now: now) + companionClick(index, position: position, now: now)
        case .nonLinear:
            return try nonLinearInput(.clicked, now: now, position: position)
        }
    }

    mutating func unitInput(_ input: SessionInput, now: Date) throws(SessionError) -> [SessionEvent] {
        let unitInput: UnitInput
        switch input {
        case .fullscreenRequested(let hostAvailable): unitInput = .fullscreenRequested(hostAvailable: hostAvailable)
        case .fullscreenPresented: unitInput = .fullscreenPresented
        case .fullscreenDismissRequested: unitInput = .fullscreenDismissRequested
        case .fullscreenDismissed: unitInput = .fullscreenDismissed
        case .externalAppOpening(let url): unitInput = .externalAppOpening(url: url)
        case .rewardEarned: unitInput = .rewardEarned
        case .expired: unitInput = .expired
        case .renderFailed(let code): unitInput = .renderFailed(errorCode: code)
        default: return []
        }
        var events: [SessionEvent]
        do throws(LifecycleError) {
            events = Self.map(try unit.send(unitInput, at: now))
        } catch {
            throw SessionError(error)
        }
        // A linear ad presented fullscreen is its player expanded; leaving fullscreen collapses it
        // (VAST 4.3 section 3.14.1: playerExpand / playerCollapse; fullscreen / exitFullscreen in VAST 2 and 3).
        guard !events.isEmpty else { return events }
        switch input {
        case .fullscreenPresented: events += videoToggle(.playerExpanded, now: now)
        case .fullscreenDismissRequested: events += videoToggle(.playerCollapsed, now: now)
        case .fullscreenDismissed: events += finish(now: now)
        default: break
        }
        return events
    }

    private mutating func videoToggle(_ input: VideoInput, now: Date) -> [SessionEvent] {
        guard var video else { return [] }
        let actions = (try? video.send(input, at: now)) ?? []
        self.video = video
        return Self.map(actions)
    }

    mutating func videoInput(_ input: SessionInput, now: Date, clock: Int64) throws(SessionError) -> [SessionEvent] {
        guard var video else { throw SessionError(.notLinear) }
        let videoInput: VideoInput
        switch input {
        case .durationUpdated(let seconds):
            videoInput = .durationUpdated(durationMs: try SessionTime.milliseconds(seconds))
        case .progressed(let position, let duration):
            videoInput = .progressed(
                positionMs: try SessionTime.milliseconds(position),
                durationMs: try duration.map { seconds throws(SessionError) in try SessionTime.milliseconds(seconds) })
        case .paused: videoInput = .paused
        case .resumed: videoInput = .resumed
        case .muted: videoInput = .muted
        case .unmuted: videoInput = .unmuted
        case .playerExpanded: videoInput = .playerExpanded
        case .playerCollapsed: videoInput = .playerCollapsed
        case .skipRequested: videoInput = .skipRequested
        case .closeRequested: videoInput = .closeRequested
        case .playbackCompleted: videoInput = .playbackCompleted
        case .playbackInterrupted(let error): videoInput = .playbackInterrupted(errorCode: error.code.rawValue)
        default: return []
        }
        let wasPlaying = video.phase == .playing
        var events: [SessionEvent] = []
        // The first frame on screen is the impression (VAST 4.3 section 3.4.4): a player that reports
        // progress before the host reported the rendering gets the impression first, before start.
        if case .progressed = videoInput, video.phase == .loading, !unit.state.impressionLogged {
            events += impression(now: now)
        }
        do throws(LifecycleError) {
            events += Self.map(try video.send(videoInput, at: now))
        } catch {
            throw SessionError(error)
        }
        self.video = video
        if case .playbackInterrupted(let error) = input {
            events = events.map { event in
                if case .callback(.interrupted) = event { return .callback(.interrupted(error)) }
                return event
            }
        }
        switch videoInput {
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

    mutating func companionShown(_ index: Int, now: Date) throws(SessionError) -> [SessionEvent] {
        guard parts.companions.indices.contains(index) else { throw SessionError(.noSuchCompanion) }
        guard state.shownCompanions.insert(index).inserted else { return [] }
        return beacons("creativeView", parts.companions[index].views, usage: .tracking(.creativeView), at: moment(now))
    }

    mutating func companionClicked(_ index: Int, now: Date) throws(SessionError) -> [SessionEvent] {
        guard parts.companions.indices.contains(index) else { throw SessionError(.noSuchCompanion) }
        guard state.shownCompanions.contains(index) else { throw SessionError(.companionNotShown) }
        return companionClick(index, position: nil, now: now)
    }

    func companionClick(_ index: Int, position: ClickPoint?, now: Date) -> [SessionEvent] {
        var click = moment(now)
        click.clickPosition = position
        let companion = parts.companions[index]
        let url = companion.companion.clickThrough.map { expand($0, usage: .clickThrough, at: click) }
        let callback: SessionCallback =
            creative.isLinear
            ? .companionClicked(index: index, url: url) : .clicked(url: url)
        return [.callback(callback)]
            + beacons("companionClickTracking", companion.clicks, usage: .clickTracking, at: click)
    }

    mutating func iconShown(_ index: Int, now: Date) throws(SessionError) -> [SessionEvent] {
        guard parts.icons.indices.contains(index) else { throw SessionError(.noSuchIcon) }
        guard state.shownIcons.insert(index).inserted else { return [] }
        return beacons("iconViewTracking", parts.icons[index].views, usage: .other, at: moment(now))
    }

    mutating func iconClicked(_ index: Int, now: Date) throws(SessionError) -> [SessionEvent] {
        guard parts.icons.indices.contains(index) else { throw SessionError(.noSuchIcon) }
        guard state.shownIcons.contains(index) else { throw SessionError(.iconNotShown) }
        let icon = parts.icons[index]
        let moment = moment(now)
        let url = icon.icon.iconClicks?.clickThrough.map { expand($0, usage: .clickThrough, at: moment) }
        return [.callback(.iconClicked(index: index, url: url))]
            + beacons("iconClickTracking", icon.clicks, usage: .clickTracking, at: moment)
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
            let url = overlay.nonLinear.clickThrough.map { expand($0, usage: .clickThrough, at: moment) }
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

    func expand(_ url: String, usage: VASTMacroUsage, at moment: BeaconMoment) -> String {
        plan.beacons(event: "", urls: [TrackedURL(url: url, hop: 0)], usage: usage, at: moment).first?.url ?? url
    }
}

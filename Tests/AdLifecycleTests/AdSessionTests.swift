import AdLifecycle
import Foundation
import Testing
import VAST

/// The session's cross-part semantics, each test asserting the exact ordered events of every step
/// against the IAB text (VAST 4.3 sections 3.4.4, 3.5, 3.11, 3.13, 3.14.1, 3.17) and VAST-FACTS 7 and 10.
@Suite struct AdSessionTests {
    static let inline = "https://inline.example.com"
    static let exchange = "https://exchange.example.org"

    @Test func quartilesFireDuringPlayFromTheVASTDurationWhenThePlayerReportsNone() throws {
        let harness = try SessionHarness()
        #expect(
            try harness.at(0).progressed(to: 0) == [
                .callback(.impressionWillBeLogged),
                beacon("impression", 0, "\(Self.inline)/impression?ts=\(stamp(0))"),
                .callback(.started),
                beacon("creativeView", 0, "\(Self.inline)/t?e=creativeView"),
                beacon("start", 0, "\(Self.inline)/t?e=start&asset=https%3A%2F%2Fcdn.example.com%2Fa.mp4"),
                .callback(.progressed(position: 0, duration: nil)),
            ])
        #expect(try harness.at(4900).progressed(to: 4.9) == [.callback(.progressed(position: 4.9, duration: nil))])
        #expect(
            try harness.at(5000).progressed(to: 5) == [
                .callback(.progressed(position: 5, duration: nil)),
                .callback(.quartileReached(.firstQuartile)),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A05.000"),
            ])
        #expect(
            try harness.at(10000).progressed(to: 10) == [
                .callback(.progressed(position: 10, duration: nil)),
                .callback(.quartileReached(.midpoint)),
                beacon("midpoint", 0, "\(Self.inline)/t?e=mid&ph=00%3A00%3A10.000"),
                beacon("progress", 0, "\(Self.inline)/t?e=p50", offset: "50%"),
            ])
    }

    @Test func aSkipFiresWhatThePlayheadPassedAndNeverTheQuartilesItDidNotReach() throws {
        let harness = try SessionHarness()
        try harness.at(0).impressionRendered()
        try harness.at(0).progressed(to: 0)
        #expect(
            try harness.at(6000).progressed(to: 6) == [
                .callback(.progressed(position: 6, duration: nil)),
                .callback(.quartileReached(.firstQuartile)),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A06.000"),
            ])
        #expect(
            try harness.at(6500).skipRequested() == [
                .callback(.skipped),
                beacon("skip", 0, "\(Self.inline)/t?e=skip&ph=00%3A00%3A06.000"),
                .callback(.viewability(.undetermined)),
                beacon("viewUndetermined", 0, "\(Self.inline)/view-undetermined"),
            ])
        #expect(try harness.at(20000).playbackCompleted() == [])
    }

    @Test func thePlayersOwnDurationReplacesTheVASTDurationOnceReported() throws {
        let harness = try SessionHarness()
        try harness.at(0).progressed(to: 0)
        #expect(
            try harness.at(3000).progressed(to: 3, duration: 12) == [
                .callback(.durationUpdated(12)),
                beacon("loaded", 0, "\(Self.inline)/t?e=loaded"),
                .callback(.progressed(position: 3, duration: 12)),
                .callback(.quartileReached(.firstQuartile)),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A03.000"),
            ])
    }

    @Test func presentingALinearAdFullscreenExpandsAndCollapsesItsPlayer() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).impressionRendered()
        try harness.at(0).progressed(to: 0)
        try harness.at(2000).progressed(to: 2)
        #expect(try harness.at(2000).fullscreenRequested() == [.callback(.willPresentFullscreen)])
        #expect(
            try harness.at(2100).fullscreenPresented() == [
                .callback(.didPresentFullscreen),
                .callback(.playerExpanded),
                beacon("playerExpand", 0, "\(Self.exchange)/expand"),
                beacon("playerExpand", 1, "\(Self.inline)/t?e=playerExpand&ph=00%3A00%3A02.000"),
            ])
        try harness.at(4000).progressed(to: 4)
        #expect(
            try harness.at(4000).fullscreenDismissRequested() == [
                .callback(.willDismissFullscreen),
                .callback(.playerCollapsed),
                beacon("playerCollapse", 0, "\(Self.exchange)/collapse"),
                beacon("playerCollapse", 1, "\(Self.inline)/t?e=playerCollapse&ph=00%3A00%3A04.000"),
            ])
    }

    @Test func aClickCarriesTheSessionsPlayheadWithoutTheHostPassingIt() throws {
        let harness = try SessionHarness()
        try harness.at(0).progressed(to: 0)
        try harness.at(7250).progressed(to: 7.25)
        #expect(
            try harness.at(7300).clicked(at: ClickPoint(x: 10, y: 20)) == [
                .callback(.clicked(url: "https://advertiser.example.com/landing")),
                beacon("clickTracking", 0, "\(Self.inline)/click?pos=10,20&ph=00%3A00%3A07.250"),
            ])
    }

    @Test func onlyTheBottomBannerCompanionShownCountsAndItsClickThroughIsHanded() throws {
        let harness = try SessionHarness(
            wrappers: ["session-wrapper.xml"], creative: .companion(creative: 1, companion: 1))
        #expect(
            try harness.at(0).impressionRendered() == [
                .callback(.impressionWillBeLogged),
                beacon("impression", 0, "\(Self.exchange)/impression"),
                beacon("impression", 1, "\(Self.inline)/impression?ts=\(stamp(0))"),
                beacon("creativeView", 0, "\(Self.exchange)/companion-view?size=320x50"),
                beacon("creativeView", 1, "\(Self.inline)/companion-view?size=320x50&ts=\(stamp(0))"),
            ])
        #expect(
            try harness.at(1500).clicked(at: ClickPoint(x: 3, y: 4)) == [
                .callback(.clicked(url: "https://advertiser.example.com/companion-320x50?ts=\(stamp(1500))")),
                beacon("companionClickTracking", 0, "\(Self.exchange)/companion-click?size=320x50"),
                beacon("companionClickTracking", 1, "\(Self.inline)/companion-click?size=320x50&pos=3,4"),
            ])
        #expect(try harness.at(2000).impressionRendered() == [])
    }

    @Test func aCompanionBesideTheVideoCountsOnceAndOnlyAfterItWasShown() throws {
        let harness = try SessionHarness()
        #expect(
            harness.session.companions.map { "\($0.companion.width ?? 0)x\($0.companion.height ?? 0)" } == [
                "300x250", "320x50",
            ])
        #expect(throws: SessionError(.companionNotShown)) { try harness.at(0).companionClicked(0) }
        #expect(throws: SessionError(.noSuchCompanion)) { try harness.at(0).companionShown(2) }
        #expect(
            try harness.at(0).companionShown(0) == [
                beacon("creativeView", 0, "\(Self.inline)/companion-view?size=300x250")
            ])
        #expect(try harness.at(1).companionShown(0) == [])
        #expect(
            try harness.at(2).companionClicked(0) == [
                .callback(.companionClicked(index: 0, url: "https://advertiser.example.com/companion-300x250")),
                beacon("companionClickTracking", 0, "\(Self.inline)/companion-click?size=300x250"),
            ])
    }

    @Test func iconsCountOnceWhenShownWithTheirWrappersTrackersOfTheSameProgram() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).progressed(to: 0)
        try harness.at(1000).progressed(to: 1)
        #expect(throws: SessionError(.iconNotShown)) { try harness.at(1000).iconClicked(0) }
        #expect(
            try harness.at(1000).iconShown(0) == [
                beacon("iconViewTracking", 0, "\(Self.exchange)/icon-view"),
                beacon("iconViewTracking", 1, "\(Self.inline)/icon-view?ph=00%3A00%3A01.000"),
            ])
        #expect(try harness.at(1100).iconShown(0) == [])
        #expect(
            try harness.at(1200).iconClicked(0) == [
                .callback(.iconClicked(index: 0, url: "https://privacy.example.com/adchoices")),
                beacon("iconClickTracking", 0, "\(Self.exchange)/icon-click"),
                beacon("iconClickTracking", 1, "\(Self.inline)/icon-click"),
            ])
    }

    @Test func videoIsViewableAfterTwoSecondsOfExposedPlaybackOnce() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).impressionRendered()
        try harness.at(0).exposureChanged(percent: 80)
        try harness.at(0).progressed(to: 0)
        #expect(try harness.at(1000).progressed(to: 1) == [.callback(.progressed(position: 1, duration: nil))])
        try harness.at(1500).paused()
        try harness.at(9000).resumed()
        try harness.at(9000).progressed(to: 1.5)
        #expect(try harness.at(10000).progressed(to: 2.5) == [.callback(.progressed(position: 2.5, duration: nil))])
        #expect(
            try harness.at(11000).progressed(to: 3.5) == [
                .callback(.progressed(position: 3.5, duration: nil)),
                .callback(.viewability(.viewable)),
                beacon("viewable", 0, "\(Self.exchange)/viewable"),
                beacon("viewable", 1, "\(Self.inline)/viewable?ts=\(stamp(11000))"),
            ], "the pause broke the first run: 2 s counted from the resume")
        let end = try harness.at(30000).playbackCompleted()
        #expect(
            end.allSatisfy { event in
                if case .callback(.viewability) = event { return false }
                return event.beacon.map { !$0.event.lowercased().contains("view") || $0.event == "creativeView" }
                    ?? true
            }, "viewable already fired: completion fires no second verdict")
    }

    @Test func videoPlayedToTheEndBelowHalfExposureIsNotViewable() throws {
        let harness = try SessionHarness()
        try harness.at(0).exposureChanged(percent: 49.5)
        try harness.at(0).progressed(to: 0)
        try harness.at(10000).progressed(to: 10)
        let end = try harness.at(20000).playbackCompleted()
        #expect(
            Array(end.suffix(2)) == [
                .callback(.viewability(.notViewable)), beacon("notViewable", 0, "\(Self.inline)/not-viewable"),
            ])
    }

    @Test func aBannerIsViewableAfterOneSecondAtHalfExposure() throws {
        let harness = try SessionHarness(creative: .companion(creative: 1, companion: 1))
        try harness.at(0).impressionRendered()
        #expect(try harness.at(100).exposureChanged(percent: 60) == [])
        #expect(try harness.at(1099).timePassed() == [])
        #expect(
            try harness.at(1100).timePassed() == [
                .callback(.viewability(.viewable)), beacon("viewable", 0, "\(Self.inline)/viewable?ts=\(stamp(1100))"),
            ])
        #expect(try harness.at(5000).ended() == [])
    }

    @Test func aBannerRemovedWithoutAnyExposureReportIsUndetermined() throws {
        let harness = try SessionHarness(creative: .companion(creative: 1, companion: 1))
        try harness.at(0).impressionRendered()
        #expect(
            try harness.at(5000).ended() == [
                .callback(.viewability(.undetermined)),
                beacon("viewUndetermined", 0, "\(Self.inline)/view-undetermined"),
            ])
        #expect(try harness.at(6000).impressionRendered() == [], "inputs after ended are ignored")
    }

    @Test func exposureAndTimesFromTheHostAreBoundedAndARefusalChangesNothing() throws {
        let harness = try SessionHarness()
        try harness.at(0).progressed(to: 1)
        let before = harness.session.lifecycle.video?.state
        for percent in [Double.nan, -1, 100.5, .infinity] {
            #expect(
                refusal { () throws(SessionError) in try harness.at(10).exposureChanged(percent: percent) }
                    == .invalidExposure)
        }
        for seconds in [Double.nan, -0.5, .infinity, SessionTime.maximumSeconds + 1] {
            #expect(refusal { () throws(SessionError) in try harness.at(10).progressed(to: seconds) } == .invalidTime)
            #expect(
                refusal { () throws(SessionError) in try harness.at(10).progressed(to: 2, duration: seconds) }
                    == .invalidTime)
        }
        #expect(harness.session.lifecycle.video?.state == before)
        #expect(harness.session.lifecycle.viewability.exposurePercent == nil)
    }

    @Test func anInterruptionCarriesItsTypedErrorAndOnlyLinearCodes() throws {
        #expect(refusal { () throws(SessionError) in _ = try AdPlaybackError(code: 601) } == .invalidInterruptionCode)
        #expect(try AdPlaybackError(code: 404).code.rawValue == 404)
        let harness = try SessionHarness()
        try harness.at(0).progressed(to: 0)
        let events = try harness.at(3000).playbackInterrupted(.timedOut)
        #expect(
            Array(events.prefix(2)) == [
                .callback(.interrupted(.timedOut)), beacon("error", 0, "\(Self.inline)/error?code=402"),
            ])
    }

    @Test func mraidCommandsBeforeTheFirstExposureReportSaySoAndExposureDrivesViewability() throws {
        let geometry = MRAIDGeometry(
            screen: Rect(x: 0, y: 0, width: 375, height: 812), defaultFrame: Rect(x: 0, y: 762, width: 320, height: 50))
        let harness = try SessionHarness(
            creative: .companion(creative: 1, companion: 1),
            mraid: MRAIDContainer(placement: .inline, geometry: geometry))
        #expect(try harness.at(0).mraid(.containerReady) == [.callback(.mraid(.stateChanged(.default)))])
        let frame = Rect(x: 0, y: 0, width: 375, height: 812)
        #expect(throws: SessionError(.exposureNotReported, action: "expand")) {
            try harness.at(10).mraid(.expandRequested(frame: frame))
        }
        #expect(throws: SessionError(.viewabilityFromExposure, action: "viewabilityChanged")) {
            try harness.at(10).mraid(.viewabilityChanged(isViewable: true))
        }
        #expect(
            try harness.at(20).exposureChanged(percent: 100) == [
                .callback(.exposureChanged(percent: 100)), .callback(.mraid(.viewabilityChanged(isViewable: true))),
            ])
        #expect(
            try harness.at(30).mraid(.expandRequested(frame: frame)) == [.callback(.mraid(.willExpand(frame: frame)))])
        #expect(
            try harness.at(40).mraid(.expandFinished) == [
                .callback(.mraid(.didExpand(frame: frame))), .callback(.mraid(.stateChanged(.expanded))),
            ])
    }

    @Test func aVerificationTheHostCannotRunFiresItsReasonOnce() throws {
        let harness = try SessionHarness()
        #expect(harness.session.verifications.map(\.verification.vendor) == ["verifier.example.com-omid"])
        #expect(
            try harness.at(0).verificationNotExecuted(0, reason: .notSupported) == [
                .callback(.verificationNotExecuted(index: 0, reason: .notSupported)),
                beacon("verificationNotExecuted", 0, "https://verifier.example.com/not-executed?reason=2"),
            ])
        #expect(try harness.at(1).verificationNotExecuted(0, reason: .loadError) == [])
        #expect(throws: SessionError(.noSuchVerification)) {
            try harness.at(1).verificationNotExecuted(1, reason: .loadError)
        }
    }

    @Test func everyConsumerOfTheSessionStreamSeesEveryEventInOrder() async throws {
        let harness = try SessionHarness()
        let streams = (0..<3).map { _ in harness.session.events }
        var fired: [SessionEvent] = []
        fired += try harness.at(0).impressionRendered()
        fired += try harness.at(0).progressed(to: 0)
        fired += try harness.at(5000).progressed(to: 5)
        fired += try harness.at(6000).clicked()
        fired += try harness.at(20000).playbackCompleted()
        #expect(harness.batches.flatMap { $0 } == fired.compactMap(\.beacon))
        for stream in streams {
            var seen: [SessionEvent] = []
            for await event in stream {
                seen.append(event)
                if seen.count == fired.count { break }
            }
            #expect(seen == fired)
        }
    }
}

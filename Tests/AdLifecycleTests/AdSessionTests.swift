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
            try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil))) == [
                .callback(.unit(.impressionWillBeLogged)),
                beacon("impression", 0, "\(Self.inline)/impression?ts=\(stamp(0))"),
                .callback(.video(.started)),
                beacon("creativeView", 0, "\(Self.inline)/t?e=creativeView"),
                beacon("start", 0, "\(Self.inline)/t?e=start&asset=https%3A%2F%2Fcdn.example.com%2Fa.mp4"),
                .callback(.video(.progressed(positionMs: 0, durationMs: nil))),
            ])
        #expect(
            try harness.at(4900).send(.video(try .progressed(seconds: 4.9, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 4900, durationMs: nil)))
            ])
        #expect(
            try harness.at(5000).send(.video(try .progressed(seconds: 5, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 5000, durationMs: nil))),
                .callback(.video(.quartileReached(.firstQuartile))),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A05.000"),
            ])
        #expect(
            try harness.at(10000).send(.video(try .progressed(seconds: 10, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 10000, durationMs: nil))),
                .callback(.video(.quartileReached(.midpoint))),
                beacon("midpoint", 0, "\(Self.inline)/t?e=mid&ph=00%3A00%3A10.000"),
                beacon("progress", 0, "\(Self.inline)/t?e=p50", offset: "50%"),
            ])
    }

    @Test func aSkipFiresWhatThePlayheadPassedAndNeverTheQuartilesItDidNotReach() throws {
        let harness = try SessionHarness()
        try harness.at(0).send(.unit(.impressionRendered))
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        #expect(
            try harness.at(6000).send(.video(try .progressed(seconds: 6, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 6000, durationMs: nil))),
                .callback(.video(.quartileReached(.firstQuartile))),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A06.000"),
            ])
        #expect(
            try harness.at(6500).send(.video(.skipRequested)) == [
                .callback(.video(.skipped)),
                beacon("skip", 0, "\(Self.inline)/t?e=skip&ph=00%3A00%3A06.000"),
                .callback(.viewability(.undetermined)),
                beacon("viewUndetermined", 0, "\(Self.inline)/view-undetermined"),
            ])
        #expect(try harness.at(20000).send(.video(.playbackCompleted)) == [])
    }

    @Test func thePlayersOwnDurationReplacesTheVASTDurationOnceReported() throws {
        let harness = try SessionHarness()
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        #expect(
            try harness.at(3000).send(.video(try .progressed(seconds: 3, duration: 12))) == [
                .callback(.video(.durationUpdated(durationMs: 12000))),
                beacon("loaded", 0, "\(Self.inline)/t?e=loaded"),
                .callback(.video(.progressed(positionMs: 3000, durationMs: 12000))),
                .callback(.video(.quartileReached(.firstQuartile))),
                beacon("firstQuartile", 0, "\(Self.inline)/t?e=q1&ph=00%3A00%3A03.000"),
            ])
    }

    @Test func presentingALinearAdFullscreenExpandsAndCollapsesItsPlayer() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).send(.unit(.impressionRendered))
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        try harness.at(2000).send(.video(try .progressed(seconds: 2, duration: nil)))
        #expect(
            try harness.at(2000).send(.unit(.fullscreenRequested(hostAvailable: true))) == [
                .callback(.unit(.willPresentFullscreen))
            ])
        #expect(
            try harness.at(2100).send(.unit(.fullscreenPresented)) == [
                .callback(.unit(.didPresentFullscreen)),
                .callback(.video(.playerExpanded)),
                beacon("playerExpand", 0, "\(Self.exchange)/expand"),
                beacon("playerExpand", 1, "\(Self.inline)/t?e=playerExpand&ph=00%3A00%3A02.000"),
            ])
        try harness.at(4000).send(.video(try .progressed(seconds: 4, duration: nil)))
        #expect(
            try harness.at(4000).send(.unit(.fullscreenDismissRequested)) == [
                .callback(.unit(.willDismissFullscreen)),
                .callback(.video(.playerCollapsed)),
                beacon("playerCollapse", 0, "\(Self.exchange)/collapse"),
                beacon("playerCollapse", 1, "\(Self.inline)/t?e=playerCollapse&ph=00%3A00%3A04.000"),
            ])
    }

    @Test func aClickCarriesTheSessionsPlayheadWithoutTheHostPassingIt() throws {
        let harness = try SessionHarness()
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        try harness.at(7250).send(.video(try .progressed(seconds: 7.25, duration: nil)))
        #expect(
            try harness.at(7300).send(.unit(.clicked(position: ClickPoint(x: 10, y: 20), playheadMs: nil))) == [
                .callback(.unit(.clicked(url: "https://advertiser.example.com/landing"))),
                beacon("clickTracking", 0, "\(Self.inline)/click?pos=10,20&ph=00%3A00%3A07.250"),
            ])
    }

    @Test func onlyTheBottomBannerCompanionShownCountsAndItsClickThroughIsHanded() throws {
        let harness = try SessionHarness(
            wrappers: ["session-wrapper.xml"], creative: .companion(creative: 1, companion: 1))
        #expect(
            try harness.at(0).send(.unit(.impressionRendered)) == [
                .callback(.unit(.impressionWillBeLogged)),
                beacon("impression", 0, "\(Self.exchange)/impression"),
                beacon("impression", 1, "\(Self.inline)/impression?ts=\(stamp(0))"),
                beacon("creativeView", 0, "\(Self.exchange)/companion-view?size=320x50"),
                beacon("creativeView", 1, "\(Self.inline)/companion-view?size=320x50&ts=\(stamp(0))"),
            ])
        #expect(
            try harness.at(1500).send(.unit(.clicked(position: ClickPoint(x: 3, y: 4), playheadMs: nil))) == [
                .callback(.unit(.clicked(url: "https://advertiser.example.com/companion-320x50?ts=\(stamp(1500))"))),
                beacon("companionClickTracking", 0, "\(Self.exchange)/companion-click?size=320x50"),
                beacon("companionClickTracking", 1, "\(Self.inline)/companion-click?size=320x50&pos=3,4"),
            ])
        #expect(try harness.at(2000).send(.unit(.impressionRendered)) == [])
    }

    @Test func aCompanionBesideTheVideoCountsOnceAndOnlyAfterItWasShown() throws {
        let harness = try SessionHarness()
        #expect(
            harness.session.companions.map { "\($0.companion.width ?? 0)x\($0.companion.height ?? 0)" } == [
                "300x250", "320x50",
            ])
        #expect(throws: SessionError(LifecycleError(.companionNotShown))) {
            try harness.at(0).send(.unit(.companionClicked(index: 0)))
        }
        #expect(throws: SessionError(LifecycleError(.noSuchCompanion))) {
            try harness.at(0).send(.unit(.companionViewed(index: 2)))
        }
        #expect(
            try harness.at(0).send(.unit(.companionViewed(index: 0))) == [
                beacon("creativeView", 0, "\(Self.inline)/companion-view?size=300x250")
            ])
        #expect(try harness.at(1).send(.unit(.companionViewed(index: 0))) == [])
        #expect(
            try harness.at(2).send(.unit(.companionClicked(index: 0))) == [
                .callback(.unit(.companionClicked(index: 0, url: "https://advertiser.example.com/companion-300x250"))),
                beacon("companionClickTracking", 0, "\(Self.inline)/companion-click?size=300x250"),
            ])
    }

    @Test func iconsCountOnceWhenShownWithTheirWrappersTrackersOfTheSameProgram() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        try harness.at(1000).send(.video(try .progressed(seconds: 1, duration: nil)))
        #expect(throws: SessionError(LifecycleError(.iconNotShown))) {
            try harness.at(1000).send(.video(.iconClicked(index: 0)))
        }
        #expect(
            try harness.at(1000).send(.video(.iconViewed(index: 0))) == [
                beacon("iconViewTracking", 0, "\(Self.exchange)/icon-view"),
                beacon("iconViewTracking", 1, "\(Self.inline)/icon-view?ph=00%3A00%3A01.000"),
            ])
        #expect(try harness.at(1100).send(.video(.iconViewed(index: 0))) == [])
        #expect(
            try harness.at(1200).send(.video(.iconClicked(index: 0))) == [
                .callback(.video(.iconClicked(index: 0, url: "https://privacy.example.com/adchoices"))),
                beacon("iconClickTracking", 0, "\(Self.exchange)/icon-click"),
                beacon("iconClickTracking", 1, "\(Self.inline)/icon-click"),
            ])
    }

    @Test func videoIsViewableAfterTwoSecondsOfExposedPlaybackOnce() throws {
        let harness = try SessionHarness(wrappers: ["session-wrapper.xml"])
        try harness.at(0).send(.unit(.impressionRendered))
        try harness.at(0).send(.exposureChanged(percent: 80))
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        #expect(
            try harness.at(1000).send(.video(try .progressed(seconds: 1, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 1000, durationMs: nil)))
            ])
        try harness.at(1500).send(.video(.paused))
        try harness.at(9000).send(.video(.resumed))
        try harness.at(9000).send(.video(try .progressed(seconds: 1.5, duration: nil)))
        #expect(
            try harness.at(10000).send(.video(try .progressed(seconds: 2.5, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 2500, durationMs: nil)))
            ])
        #expect(
            try harness.at(11000).send(.video(try .progressed(seconds: 3.5, duration: nil))) == [
                .callback(.video(.progressed(positionMs: 3500, durationMs: nil))),
                .callback(.viewability(.viewable)),
                beacon("viewable", 0, "\(Self.exchange)/viewable"),
                beacon("viewable", 1, "\(Self.inline)/viewable?ts=\(stamp(11000))"),
            ], "the pause broke the first run: 2 s counted from the resume")
        let end = try harness.at(30000).send(.video(.playbackCompleted))
        #expect(
            end.allSatisfy { event in
                if case .callback(.viewability) = event { return false }
                return event.beacon.map { !$0.event.lowercased().contains("view") || $0.event == "creativeView" }
                    ?? true
            }, "viewable already fired: completion fires no second verdict")
    }

    @Test func videoPlayedToTheEndBelowHalfExposureIsNotViewable() throws {
        let harness = try SessionHarness()
        try harness.at(0).send(.exposureChanged(percent: 49.5))
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        try harness.at(10000).send(.video(try .progressed(seconds: 10, duration: nil)))
        let end = try harness.at(20000).send(.video(.playbackCompleted))
        #expect(
            Array(end.suffix(2)) == [
                .callback(.viewability(.notViewable)), beacon("notViewable", 0, "\(Self.inline)/not-viewable"),
            ])
    }

    @Test func aBannerIsViewableAfterOneSecondAtHalfExposure() throws {
        let harness = try SessionHarness(creative: .companion(creative: 1, companion: 1))
        try harness.at(0).send(.unit(.impressionRendered))
        #expect(try harness.at(100).send(.exposureChanged(percent: 60)) == [])
        #expect(try harness.at(1099).send(.timePassed) == [])
        #expect(
            try harness.at(1100).send(.timePassed) == [
                .callback(.viewability(.viewable)), beacon("viewable", 0, "\(Self.inline)/viewable?ts=\(stamp(1100))"),
            ])
        #expect(try harness.at(5000).send(.ended) == [])
    }

    @Test func aBannerRemovedWithoutAnyExposureReportIsUndetermined() throws {
        let harness = try SessionHarness(creative: .companion(creative: 1, companion: 1))
        try harness.at(0).send(.unit(.impressionRendered))
        #expect(
            try harness.at(5000).send(.ended) == [
                .callback(.viewability(.undetermined)),
                beacon("viewUndetermined", 0, "\(Self.inline)/view-undetermined"),
            ])
        #expect(try harness.at(6000).send(.unit(.impressionRendered)) == [], "inputs after ended are ignored")
    }

    @Test func exposureAndTimesFromTheHostAreBoundedAndARefusalChangesNothing() throws {
        let harness = try SessionHarness()
        try harness.at(0).send(.video(try .progressed(seconds: 1, duration: nil)))
        let before = harness.session.lifecycle.video?.state
        for percent in [Double.nan, -1, 100.5, .infinity] {
            #expect(
                refusal { () throws(SessionError) in try harness.at(10).send(.exposureChanged(percent: percent)) }
                    == .invalidExposure)
        }
        // Seconds from the player become an input only when they are a time: the input is refused before it
        // reaches the session, so the session never sees NaN.
        for seconds in [Double.nan, -0.5, .infinity, SessionTime.maximumSeconds + 1] {
            #expect(
                refusal { () throws(LifecycleError) in _ = try VideoInput.progressed(seconds: seconds, duration: nil) }
                    == .some(.invalidTime))
            #expect(
                refusal { () throws(LifecycleError) in _ = try VideoInput.progressed(seconds: 2, duration: seconds) }
                    == .some(.invalidTime))
            #expect(
                refusal { () throws(LifecycleError) in _ = try VideoInput.durationUpdated(seconds: seconds) }
                    == .some(.invalidTime))
        }
        #expect(harness.session.lifecycle.video?.state == before)
        #expect(harness.session.lifecycle.viewability.exposurePercent == nil)
    }

    @Test func anInterruptionCarriesItsTypedErrorAndOnlyLinearCodes() throws {
        #expect(
            refusal { () throws(LifecycleError) in _ = try AdPlaybackError(code: 601) }
                == .some(.invalidInterruptionCode))
        #expect(try AdPlaybackError(code: 404).code.rawValue == 404)
        let harness = try SessionHarness()
        try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        let events = try harness.at(3000).send(.video(.playbackInterrupted(.timedOut)))
        #expect(
            Array(events.prefix(2)) == [
                .callback(.video(.interrupted(.timedOut))), beacon("error", 0, "\(Self.inline)/error?code=402"),
            ])
    }

    @Test func mraidCommandsBeforeTheFirstExposureReportSaySoAndExposureDrivesViewability() throws {
        let geometry = MRAIDGeometry(
            screen: Rect(x: 0, y: 0, width: 375, height: 812), defaultFrame: Rect(x: 0, y: 762, width: 320, height: 50))
        let harness = try SessionHarness(
            creative: .companion(creative: 1, companion: 1),
            mraid: MRAIDContainer(placement: .inline, geometry: geometry))
        #expect(try harness.at(0).send(.mraid(.containerReady)) == [.callback(.mraid(.stateChanged(.default)))])
        let frame = Rect(x: 0, y: 0, width: 375, height: 812)
        #expect(throws: SessionError(.exposureNotReported, action: "expand")) {
            try harness.at(10).send(.mraid(.expandRequested(frame: frame)))
        }
        #expect(throws: SessionError(.viewabilityFromExposure, action: "viewabilityChanged")) {
            try harness.at(10).send(.mraid(.viewabilityChanged(isViewable: true)))
        }
        #expect(
            try harness.at(20).send(.exposureChanged(percent: 100)) == [
                .callback(.exposureChanged(percent: 100)), .callback(.mraid(.viewabilityChanged(isViewable: true))),
            ])
        #expect(
            try harness.at(30).send(.mraid(.expandRequested(frame: frame))) == [
                .callback(.mraid(.willExpand(frame: frame)))
            ])
        #expect(
            try harness.at(40).send(.mraid(.expandFinished)) == [
                .callback(.mraid(.didExpand(frame: frame))), .callback(.mraid(.stateChanged(.expanded))),
            ])
    }

    @Test func aVerificationTheHostCannotRunFiresItsReasonOnce() throws {
        let harness = try SessionHarness()
        #expect(harness.session.verifications.map(\.verification.vendor) == ["verifier.example.com-omid"])
        #expect(
            try harness.at(0).send(.verificationNotExecuted(index: 0, reason: .notSupported)) == [
                .callback(.verificationNotExecuted(index: 0, reason: .notSupported)),
                beacon("verificationNotExecuted", 0, "https://verifier.example.com/not-executed?reason=2"),
            ])
        #expect(try harness.at(1).send(.verificationNotExecuted(index: 0, reason: .loadError)) == [])
        #expect(throws: SessionError(.noSuchVerification)) {
            try harness.at(1).send(.verificationNotExecuted(index: 1, reason: .loadError))
        }
    }

    @Test func everyConsumerOfTheSessionStreamSeesEveryEventInOrder() async throws {
        let harness = try SessionHarness()
        let streams = (0..<3).map { _ in harness.session.events }
        var fired: [SessionEvent] = []
        fired += try harness.at(0).send(.unit(.impressionRendered))
        fired += try harness.at(0).send(.video(try .progressed(seconds: 0, duration: nil)))
        fired += try harness.at(5000).send(.video(try .progressed(seconds: 5, duration: nil)))
        fired += try harness.at(6000).send(.unit(.clicked(position: nil, playheadMs: nil)))
        fired += try harness.at(20000).send(.video(.playbackCompleted))
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

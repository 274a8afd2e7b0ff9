import AdPlacement
import Foundation
import Testing

/// Frequency and pacing, as exact sequences of decisions. Time is an input: seconds from a fixed origin.
@Suite struct PlacementPacingTests {
    enum Step {
        case sessionStarted, presentationStarted, itemViewed
        /// Decide at a time; when allowed, report the ad shown at that same time.
        case slot(Placement, at: Double)
        /// Decide at a time and show nothing, whatever the decision.
        case decide(Placement, at: Double)
        case adShown(Placement, at: Double)
    }

    static let optedIn = ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)

    static func policy(_ caps: [Placement: PlacementCaps]) -> PlacementPolicy { PacingFixtures.policy(caps) }
    static func time(_ seconds: Double) -> Date { PacingFixtures.time(seconds) }

    /// Runs the steps and returns one entry per decision: its reason's raw value.
    static func run(_ policy: inout PlacementPolicy, _ steps: [Step]) -> [String] {
        var log: [String] = []
        for step in steps {
            switch step {
            case .sessionStarted: policy.sessionStarted()
            case .presentationStarted: policy.presentationStarted()
            case .itemViewed: policy.itemViewed()
            case .adShown(let placement, let at): policy.adShown(placement: placement, at: time(at))
            case .slot(let placement, let at), .decide(let placement, let at):
                let decision = policy.decide(placement, presentation: optedIn, now: time(at))
                log.append(decision.reason.rawValue)
                if case .slot = step, decision.allowed { policy.adShown(placement: placement, at: time(at)) }
            }
        }
        return log
    }

    /// A slot after each of `count` items, one second apart.
    static func itemsWithSlots(_ count: Int, _ placement: Placement, from start: Double = 0) -> [Step] {
        (0..<count).flatMap { [Step.itemViewed, .slot(placement, at: start + Double($0))] }
    }

    @Test func firstAdAfterNItemsThenEveryMItems() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(firstAfterItems: 2, everyItems: 3)])
        let log = Self.run(&policy, [.slot(.clipsBetweenItems, at: 0)] + Self.itemsWithSlots(9, .clipsBetweenItems))
        #expect(
            log == [
                "tooEarly",  // 0 items
                "tooEarly", "allowed",  // items 1, 2: the first ad after 2
                "notOnCadence", "notOnCadence", "allowed",  // items 3, 4, 5: every 3
                "notOnCadence", "notOnCadence", "allowed",  // items 6, 7, 8
                "notOnCadence",  // item 9
            ])
        #expect(policy.state.adsShownThisSession(.clipsBetweenItems) == 3)
        #expect(policy.state.itemsViewedSinceLastAd(.clipsBetweenItems) == 1)
    }

    @Test func aSkippedSlotStaysEligibleUntilAnAdIsShown() {
        var policy = Self.policy([.storiesBetweenPages: PlacementCaps(firstAfterItems: 1, everyItems: 2)])
        let log = Self.run(
            &policy,
            [
                .itemViewed, .decide(.storiesBetweenPages, at: 0),  // allowed, but the ad failed to load
                .itemViewed, .slot(.storiesBetweenPages, at: 1),  // still allowed: nothing was shown
                .itemViewed, .slot(.storiesBetweenPages, at: 2),
                .itemViewed, .slot(.storiesBetweenPages, at: 3),
            ])
        #expect(log == ["allowed", "allowed", "notOnCadence", "allowed"])
    }

    @Test func cadenceStartsOverWithEachPresentation() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(firstAfterItems: 2, everyItems: 2)])
        let first = Self.run(&policy, Self.itemsWithSlots(3, .clipsBetweenItems))
        let second = Self.run(&policy, [.presentationStarted] + Self.itemsWithSlots(3, .clipsBetweenItems, from: 10))
        #expect(first == ["tooEarly", "allowed", "notOnCadence"])
        #expect(second == ["tooEarly", "allowed", "notOnCadence"])
    }

    @Test func atMostKAdsPerSession() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(maxPerSession: 2)])
        let log = Self.run(
            &policy,
            Self.itemsWithSlots(3, .clipsBetweenItems)
                + [.presentationStarted] + Self.itemsWithSlots(1, .clipsBetweenItems, from: 10)
                + [.sessionStarted] + Self.itemsWithSlots(3, .clipsBetweenItems, from: 20))
        #expect(
            log == [
                "allowed", "allowed", "sessionCapReached",
                "sessionCapReached",
                "allowed", "allowed", "sessionCapReached",
            ])
        let decision = policy.decide(.clipsBetweenItems, presentation: nil, now: Self.time(30))
        #expect(decision.message == "clipsBetweenItems: 2 ads shown this session; the cap is 2")
    }

    @Test func minimumIntervalUsesTheTimeGiven() {
        var policy = Self.policy([.clipsBottomBanner: PlacementCaps(minimumIntervalSeconds: 60)])
        let log = Self.run(
            &policy,
            [
                .slot(.clipsBottomBanner, at: 0),
                .slot(.clipsBottomBanner, at: 30),
                .slot(.clipsBottomBanner, at: 59.999),
                .slot(.clipsBottomBanner, at: 60),  // shown: the clock restarts at 60
                .slot(.clipsBottomBanner, at: 100),
                .adShown(.clipsBottomBanner, at: 30),  // a late report does not move the clock back
                .slot(.clipsBottomBanner, at: 119),
                .slot(.clipsBottomBanner, at: 120),
            ])
        #expect(
            log == [
                "allowed", "minimumIntervalNotElapsed", "minimumIntervalNotElapsed", "allowed",
                "minimumIntervalNotElapsed", "minimumIntervalNotElapsed", "allowed",
            ])
        let decision = policy.decide(.clipsBottomBanner, presentation: Self.optedIn, now: Self.time(120.5))
        #expect(decision.message == "clipsBottomBanner: 0.5 s since the last ad; the minimum interval is 60 s")
    }

    @Test func aClockSetBackDoesNotStopAds() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(minimumIntervalSeconds: 60)])
        let log = Self.run(&policy, [.slot(.clipsBetweenItems, at: 1000), .decide(.clipsBetweenItems, at: 10)])
        #expect(log == ["allowed", "allowed"])
    }

    @Test func onePreRollPerPresentation() {
        var policy = Self.policy([.clipsPreRoll: PlacementCaps(maxPerSession: 2)])
        let log = Self.run(
            &policy,
            [
                .slot(.clipsPreRoll, at: 0),
                .itemViewed, .slot(.clipsPreRoll, at: 1),
                .presentationStarted, .slot(.clipsPreRoll, at: 10),
                .slot(.clipsPreRoll, at: 11),
                .presentationStarted, .slot(.clipsPreRoll, at: 20),  // two this session: the cap
                .sessionStarted, .slot(.clipsPreRoll, at: 30),
            ])
        #expect(
            log == [
                "allowed", "preRollAlreadyShown", "allowed", "preRollAlreadyShown", "sessionCapReached", "allowed",
            ])
    }

    @Test func placementsArePacedIndependently() {
        var policy = Self.policy([
            .clipsPreRoll: PlacementCaps(minimumIntervalSeconds: 600),
            .clipsBetweenItems: PlacementCaps(firstAfterItems: 1, everyItems: 2, minimumIntervalSeconds: 600),
        ])
        let log = Self.run(
            &policy,
            [
                .slot(.clipsPreRoll, at: 0),
                .itemViewed, .slot(.clipsBetweenItems, at: 1),  // the pre-roll neither delays nor starts the cadence
                .slot(.clipsBottomBanner, at: 2),
            ])
        #expect(log == ["allowed", "allowed", "allowed"])
    }

    @Test func longerLastingRefusalsComeFirst() {
        var policy = Self.policy([
            .clipsBetweenItems: PlacementCaps(everyItems: 5, maxPerSession: 1, minimumIntervalSeconds: 60)
        ])
        let log = Self.run(
            &policy,
            [
                .itemViewed, .slot(.clipsBetweenItems, at: 0),
                .itemViewed, .decide(.clipsBetweenItems, at: 1),  // cap, interval and cadence all refuse
            ])
        #expect(log == ["allowed", "sessionCapReached"])

        var uncapped = Self.policy([.clipsBetweenItems: PlacementCaps(everyItems: 5, minimumIntervalSeconds: 60)])
        let second = Self.run(
            &uncapped,
            [
                .itemViewed, .slot(.clipsBetweenItems, at: 0),
                .itemViewed, .decide(.clipsBetweenItems, at: 1),  // interval and cadence refuse
                .decide(.clipsBetweenItems, at: 61),  // cadence alone refuses
            ])
        #expect(second == ["allowed", "minimumIntervalNotElapsed", "notOnCadence"])
    }

    @Test func decidingChangesNothing() {
        let policy = Self.policy([.clipsBetweenItems: PlacementCaps(maxPerSession: 1)])
        let before = policy.state
        _ = policy.decide(.clipsBetweenItems, presentation: nil, now: Self.time(0))
        #expect(policy.state == before)
    }

    @Test func tooEarlyMessageCarriesTheCounts() {
        var policy = Self.policy([.storiesBetweenPages: PlacementCaps(firstAfterItems: 3)])
        policy.itemViewed()
        let decision = policy.decide(.storiesBetweenPages, presentation: nil, now: Self.time(0))
        #expect(decision.message == "storiesBetweenPages: 1 items viewed; the first ad comes after 3")
    }

    @Test func reasonsHaveStableRawValues() {
        #expect(
            PlacementDecision.Reason.allCases.map(\.rawValue) == [
                "allowed", "placementUnknown", "wrongProduct", "placementNotConfigured", "tenantDisabled",
                "noPresentationConfiguration", "notOptedIn", "preRollAlreadyShown", "sessionCapReached",
                "minimumIntervalNotElapsed", "tooEarly", "notOnCadence",
            ])
    }

    @Test func decisionEncodesAsJSON() throws {
        let policy = Self.policy([:])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let refused = policy.decide(.clipsPreRoll, presentation: ClipsAdConfiguration(), now: Self.time(0))
        #expect(
            String(decoding: try encoder.encode(refused), as: UTF8.self)
                == #"{"allowed":false,"message":"clipsPreRoll: the presentation's ClipsAdConfiguration leaves this placement off","placement":"clipsPreRoll","reason":"notOptedIn"}"#
        )
        let allowed = policy.decide(.clipsBetweenItems, presentation: nil, now: Self.time(0))
        let decoded = try JSONDecoder().decode(PlacementDecision.self, from: try encoder.encode(allowed))
        #expect(decoded == allowed)
        #expect(decoded.sources == [PacingFixtures.source])
    }
}

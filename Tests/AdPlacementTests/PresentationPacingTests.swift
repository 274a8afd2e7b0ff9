import AdPlacement
import Foundation
import Testing

/// Pacing with two presentations open at once, as exact sequences of decisions: items, the pre-roll
/// latch and the cadence are per presentation; the session cap and the minimum interval count every
/// presentation's ads. Time is an input: seconds from a fixed origin.
@Suite struct PresentationPacingTests {
    enum Step {
        case open(PresentationHandle, ClipsAdConfiguration?)
        case item(PresentationHandle)
        case reload(PresentationHandle)
        case configure(PresentationHandle, ClipsAdConfiguration?)
        case close(PresentationHandle)
        case sessionStarted
        /// Decide at a time; when allowed, report the ad shown there at that same time.
        case slot(Placement, PresentationHandle, at: Double)
        /// Report an ad shown without deciding (an ad that plays on after its presentation closed).
        case shown(Placement, PresentationHandle, at: Double)
    }

    static let both = ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)
    static let a = PresentationHandle(id: "A")
    static let b = PresentationHandle(id: "B")

    static func policy(_ caps: [Placement: PlacementCaps]) -> PlacementPolicy { PacingFixtures.policy(caps) }
    static func time(_ seconds: Double) -> Date { PacingFixtures.time(seconds) }

    /// Runs the steps; one entry per decision, `handle:reason`, and per refused input, `handle:error`.
    static func run(_ policy: inout PlacementPolicy, _ steps: [Step]) -> [String] {
        var log: [String] = []
        for step in steps {
            do throws(PresentationError) {
                switch step {
                case .open(let handle, let configuration):
                    try policy.presentationOpened(handle, kind: .clips, configuration: configuration)
                case .item(let handle): try policy.itemViewed(in: handle)
                case .reload(let handle): try policy.presentationReloaded(handle)
                case .configure(let handle, let configuration):
                    try policy.presentationConfigured(handle, with: configuration)
                case .close(let handle): try policy.presentationClosed(handle)
                case .sessionStarted: policy.sessionStarted()
                case .shown(let placement, let handle, let at):
                    policy.adShown(placement: placement, in: handle, at: time(at))
                case .slot(let placement, let handle, let at):
                    let decision = try policy.decide(placement, in: handle, now: time(at))
                    log.append("\(decision.presentation?.id ?? "?"):\(decision.reason.rawValue)")
                    if decision.allowed { policy.adShown(placement: placement, in: handle, at: time(at)) }
                }
            } catch {
                log.append("\(error.handle.id):error")
            }
        }
        return log
    }

    @Test func itemsAndCadenceArePerPresentationWhenTheyInterleave() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(firstAfterItems: 2, everyItems: 2)])
        let log = Self.run(
            &policy,
            [
                .open(Self.a, nil), .open(Self.b, nil),
                .item(Self.a), .slot(.clipsBetweenItems, Self.a, at: 0), .slot(.clipsBetweenItems, Self.b, at: 0),
                .item(Self.b), .item(Self.a), .slot(.clipsBetweenItems, Self.a, at: 1),
                .slot(.clipsBetweenItems, Self.b, at: 1),
                .item(Self.b), .slot(.clipsBetweenItems, Self.b, at: 2), .slot(.clipsBetweenItems, Self.a, at: 2),
                .item(Self.a), .slot(.clipsBetweenItems, Self.a, at: 3), .item(Self.a),
                .slot(.clipsBetweenItems, Self.a, at: 4), .slot(.clipsBetweenItems, Self.b, at: 4),
            ])
        #expect(
            log == [
                "A:tooEarly", "B:tooEarly",  // A 1 item, B 0
                "A:allowed", "B:tooEarly",  // A 2 items: its first; B's 1 item is its own
                "B:allowed", "A:notOnCadence",  // B 2 items: its first, A's ad does not delay it
                "A:notOnCadence", "A:allowed", "B:notOnCadence",  // A 3, 4 items: every 2 since its own last
            ])
        #expect(policy.state.presentation(Self.a)?.itemsViewed == 4)
        #expect(policy.state.presentation(Self.b)?.itemsViewed == 2)
    }

    @Test func theSessionCapCountsTheAdsOfEveryPresentation() {
        var policy = Self.policy([.clipsPreRoll: PlacementCaps(maxPerSession: 2)])
        let c = PresentationHandle(id: "C")
        let log = Self.run(
            &policy,
            [
                .open(Self.a, Self.both), .open(Self.b, Self.both), .open(c, Self.both),
                .slot(.clipsPreRoll, Self.a, at: 0), .slot(.clipsPreRoll, Self.b, at: 1),
                .slot(.clipsPreRoll, c, at: 2), .slot(.clipsPreRoll, Self.a, at: 3),
                .sessionStarted, .slot(.clipsPreRoll, c, at: 4), .slot(.clipsPreRoll, Self.a, at: 5),
            ])
        #expect(
            log == [
                "A:allowed", "B:allowed",  // one pre-roll each
                "C:sessionCapReached",  // C never showed one, but the session showed 2
                "A:preRollAlreadyShown",  // the per-presentation latch comes before the session cap
                "C:allowed", "A:allowed",  // a new session: counts start over, the presentations stay open
            ])
        #expect(policy.state.adsShownThisSession(.clipsPreRoll) == 2)
    }

    @Test func theMinimumIntervalRunsAcrossPresentations() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(minimumIntervalSeconds: 30)])
        let log = Self.run(
            &policy,
            [
                .open(Self.a, nil), .open(Self.b, nil),
                .slot(.clipsBetweenItems, Self.a, at: 0), .slot(.clipsBetweenItems, Self.b, at: 29.5),
                .slot(.clipsBetweenItems, Self.b, at: 30), .slot(.clipsBetweenItems, Self.a, at: 45),
                .slot(.clipsBetweenItems, Self.a, at: 60),
            ])
        #expect(
            log == [
                "A:allowed", "B:minimumIntervalNotElapsed", "B:allowed", "A:minimumIntervalNotElapsed", "A:allowed",
            ])
    }

    @Test func aReloadStartsItemsOverButKeepsThePreRollLatch() {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(firstAfterItems: 1, everyItems: 3)])
        let log = Self.run(
            &policy,
            [
                .open(Self.a, Self.both), .slot(.clipsPreRoll, Self.a, at: 0),
                .item(Self.a), .slot(.clipsBetweenItems, Self.a, at: 1), .item(Self.a),
                .reload(Self.a), .slot(.clipsPreRoll, Self.a, at: 2), .slot(.clipsBetweenItems, Self.a, at: 2),
                .item(Self.a), .slot(.clipsBetweenItems, Self.a, at: 3),
            ])
        #expect(
            log == [
                "A:allowed", "A:allowed",
                "A:preRollAlreadyShown",  // the same presentation: its opening pre-roll does not come again
                "A:tooEarly",  // items start over: the first ad after 1 item again, no cadence carried over
                "A:allowed",
            ])
        #expect(policy.state.presentation(Self.a)?.itemsViewed == 1)
    }

    @Test func aNewConfigurationAppliesFromTheNextDecisionAndKeepsTheCounts() {
        var policy = Self.policy([:])
        let log = Self.run(
            &policy,
            [
                .open(Self.a, ClipsAdConfiguration(bottomBannerEnabled: true)), .item(Self.a),
                .slot(.clipsPreRoll, Self.a, at: 0), .slot(.clipsBottomBanner, Self.a, at: 0),
                .configure(Self.a, ClipsAdConfiguration(preRollEnabled: true)),
                .slot(.clipsPreRoll, Self.a, at: 1), .slot(.clipsBottomBanner, Self.a, at: 1),
                .slot(.clipsPreRoll, Self.a, at: 2), .configure(Self.a, nil), .slot(.clipsBottomBanner, Self.a, at: 3),
            ])
        #expect(
            log == [
                "A:notOptedIn", "A:allowed", "A:allowed", "A:notOptedIn", "A:preRollAlreadyShown",
                "A:noPresentationConfiguration",
            ])
        #expect(policy.state.presentation(Self.a)?.itemsViewed == 1)
    }

    @Test func inputsOnAHandleThatIsNotOpenAreRefusedAndChangeNothing() {
        var policy = Self.policy([.clipsPreRoll: PlacementCaps(maxPerSession: 2)])
        let log = Self.run(
            &policy,
            [
                .item(Self.a), .reload(Self.a), .configure(Self.a, Self.both), .close(Self.a),
                .slot(.clipsPreRoll, Self.a, at: 0),
                .open(Self.a, Self.both), .open(Self.a, nil), .slot(.clipsPreRoll, Self.a, at: 1),
                .close(Self.a), .close(Self.a), .item(Self.a), .slot(.clipsPreRoll, Self.a, at: 2),
            ])
        #expect(
            log == [
                "A:error", "A:error", "A:error", "A:error", "A:error",  // never opened
                "A:error",  // opened twice: the first stays, with its opt-in
                "A:allowed",
                "A:error", "A:error", "A:error",  // closed
            ])
        #expect(policy.state.openPresentations == [.default])
        #expect(policy.state.adsShownThisSession(.clipsPreRoll) == 1)
    }

    @Test func anAdShownAfterItsPresentationClosedStillCountsForTheSession() {
        var policy = Self.policy([.clipsPreRoll: PlacementCaps(maxPerSession: 1)])
        let log = Self.run(
            &policy,
            [
                .open(Self.a, Self.both), .close(Self.a), .shown(.clipsPreRoll, Self.a, at: 0),
                .open(Self.b, Self.both), .slot(.clipsPreRoll, Self.b, at: 1),
                .open(Self.a, Self.both), .slot(.clipsPreRoll, Self.a, at: 2),
            ])
        #expect(log == ["B:sessionCapReached", "A:sessionCapReached"])
    }

    @Test func theSinglePresentationInputsLeaveNamedPresentationsAlone() throws {
        var policy = Self.policy([.clipsBetweenItems: PlacementCaps(firstAfterItems: 1)])
        try policy.presentationOpened(Self.a, kind: .clips, configuration: nil)
        policy.itemViewed()
        policy.presentationStarted()
        policy.itemViewed()
        policy.adShown(placement: .clipsBetweenItems, at: Self.time(0))
        #expect(policy.state.itemsViewed == 1)
        #expect(policy.state.adsShownThisPresentation(.clipsBetweenItems) == 1)
        #expect(policy.state.presentation(Self.a)?.itemsViewed == 0)
        #expect(policy.state.presentation(Self.a)?.adsShown(.clipsBetweenItems) == 0)
        #expect(try policy.decide(.clipsBetweenItems, in: Self.a, now: Self.time(1)).reason == .tooEarly)
    }

    /// Handles an app forgets to close cannot grow the state without bound: 64 presentations at most (the
    /// default one included), and a collection id of at most 1 KiB; a refused open changes nothing.
    @Test func openPresentationsAndTheirCollectionIdsAreBounded() throws {
        var state = PlacementState()
        for index in 1..<PlacementState.maximumOpenPresentations {
            try state.presentationOpened(PresentationHandle(id: "p\(index)"), kind: .clips, configuration: nil)
        }
        let extra = PresentationHandle(id: "one-too-many")
        #expect(throws: PresentationError.tooManyOpen(extra)) {
            try state.presentationOpened(extra, kind: .clips, configuration: nil)
        }
        #expect(state.presentation(extra) == nil)
        try state.presentationClosed(PresentationHandle(id: "p1"))
        try state.presentationOpened(extra, kind: .clips, configuration: nil)

        try state.presentationClosed(extra)
        let long = String(repeating: "x", count: PlacementState.maximumCollectionIdBytes + 1)
        #expect(throws: PresentationError.collectionIdTooLong(extra, bytes: long.utf8.count)) {
            try state.presentationOpened(extra, kind: .clips, collectionId: long, configuration: nil)
        }
        let longest = String(repeating: "x", count: PlacementState.maximumCollectionIdBytes)
        try state.presentationOpened(extra, kind: .clips, collectionId: longest, configuration: nil)
    }
}

import AdEngine
import AdPlacement
import Foundation
import TestSupport
import Testing

/// Presentations as handles through the engine: each player's opt-in and counts, the decision, report
/// and events naming the handle, session caps across handles, and typed errors for handles that are not
/// open, with document sources whose beacons go to the loopback server.
@Suite(.serialized) struct AdEnginePresentationTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-presentations")
    }

    private func engine(_ caps: [Placement: PlacementCaps] = [:]) throws -> AdEngine {
        let document = MediationDocuments.inLine("house").replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL)
        let source = PlacementSourceSettings(name: "house", kind: .document(document), timeoutMilliseconds: 2_000)
        let placements = Dictionary(
            uniqueKeysWithValues: [Placement.clipsPreRoll, .clipsBetweenItems, .storiesBetweenPages].map {
                ($0, PlacementSettings(enabled: true, sources: [source], caps: caps[$0] ?? PlacementCaps()))
            })
        return try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(tenantId: "test", placements: placements),
                beaconStorePath: scratch.url.appendingPathComponent("beacons-\(UUID().uuidString).sqlite").path))
    }

    private func request(_ placement: Placement) -> AdRequestInfo {
        AdRequestInfo(placement: placement, itemId: "clip-1", playerSize: AdSize(width: 640, height: 360))
    }

    /// The reason, or the error kind, of one getAd in `presentation`.
    private func outcome(_ engine: AdEngine, _ placement: Placement, in presentation: PresentationHandle) async
        -> String
    {
        do {
            let ad = try await engine.getAd(for: request(placement), in: presentation)
            return "\(ad.decision.presentation?.id ?? "?"):\(ad.decision.reason.rawValue)"
        } catch {
            guard let decision = error.decision else { return "error:\(error.code.description)" }
            return "\(decision.presentation?.id ?? "?"):\(decision.reason.rawValue)"
        }
    }

    @Test func twoPlayersOpenAtOnceKeepTheirOwnOptIn() async throws {
        let engine = try engine()
        let embedded = try await engine.openPresentation(
            .clips, collectionId: "home", configuration: ClipsAdConfiguration(bottomBannerEnabled: true))
        let search = try await engine.openPresentation(
            .clips, collectionId: "search", configuration: ClipsAdConfiguration(preRollEnabled: true))
        #expect(embedded.id == "presentation-1" && search.id == "presentation-2")

        #expect(await outcome(engine, .clipsPreRoll, in: embedded) == "presentation-1:notOptedIn")
        #expect(await outcome(engine, .clipsPreRoll, in: search) == "presentation-2:allowed")
        // The single-presentation call asks in the default presentation, which opted in to nothing.
        do throws(AdEngineError) {
            let ad = try await engine.getAd(for: request(.clipsPreRoll))
            Issue.record("expected no ad in the default presentation, got \(ad.id ?? "?")")
        } catch {
            #expect(error.decision?.reason == .noPresentationConfiguration)
            #expect(error.decision?.presentation == .default)
        }
    }

    @Test func theAdItsReportAndItsEventsNameThePresentation() async throws {
        let engine = try engine()
        let stories = try await engine.openPresentation(.stories, configuration: nil, name: "stories-over-home")
        var events = engine.events.makeAsyncIterator()
        let ad = try await engine.getAd(for: request(.storiesBetweenPages), in: stories)
        #expect(ad.decision.presentation == stories)
        #expect(ad.report.presentation == stories)
        #expect(ad.context.presentation == stories)
        let requested = await events.next()
        let loaded = await events.next()
        #expect(requested?.context?.presentation == stories)
        #expect(loaded?.context?.presentation == stories)
        guard case .loaded(let source) = loaded?.kind else {
            Issue.record("expected the loaded event, got \(String(describing: loaded?.kind))")
            return
        }
        #expect(source == "house")
    }

    @Test func anImpressionInOnePresentationCountsTowardTheSessionCapOfTheOther() async throws {
        let engine = try engine([.clipsPreRoll: PlacementCaps(maxPerSession: 1)])
        let opted = ClipsAdConfiguration(preRollEnabled: true)
        let first = try await engine.openPresentation(.clips, configuration: opted)
        let second = try await engine.openPresentation(.clips, configuration: opted)
        let ad = try await engine.getAd(for: request(.clipsPreRoll), in: first)
        // Allowed is not shown: until the impression, the other presentation may still have its pre-roll.
        #expect(await outcome(engine, .clipsPreRoll, in: second) == "presentation-2:allowed")
        _ = try ad.makeSession().send(.unit(.impressionRendered))
        #expect(await outcome(engine, .clipsPreRoll, in: first) == "presentation-1:preRollAlreadyShown")
        #expect(await outcome(engine, .clipsPreRoll, in: second) == "presentation-2:sessionCapReached")
        try await engine.reloadPresentation(first)
        #expect(await outcome(engine, .clipsPreRoll, in: first) == "presentation-1:preRollAlreadyShown")
        await engine.sessionStarted()
        #expect(await outcome(engine, .clipsPreRoll, in: second) == "presentation-2:allowed")
    }

    @Test func itemsCountInThePresentationThatViewedThem() async throws {
        let engine = try engine([.clipsBetweenItems: PlacementCaps(firstAfterItems: 2)])
        let first = try await engine.openPresentation(.clips, configuration: nil)
        let second = try await engine.openPresentation(.clips, configuration: nil)
        try await engine.itemViewed(in: first)
        try await engine.itemViewed(in: second)
        #expect(await outcome(engine, .clipsBetweenItems, in: first) == "presentation-1:tooEarly")
        try await engine.itemViewed(in: first)
        #expect(await outcome(engine, .clipsBetweenItems, in: first) == "presentation-1:allowed")
        #expect(await outcome(engine, .clipsBetweenItems, in: second) == "presentation-2:tooEarly")
        await engine.itemViewed()
        await engine.itemViewed()
        #expect(await outcome(engine, .clipsBetweenItems, in: .default) == "default:allowed")
    }

    @Test func aNewConfigurationAppliesFromTheNextRequest() async throws {
        let engine = try engine()
        let player = try await engine.openPresentation(.clips, configuration: nil)
        #expect(await outcome(engine, .clipsPreRoll, in: player) == "presentation-1:noPresentationConfiguration")
        try await engine.configure(player, with: ClipsAdConfiguration(preRollEnabled: true))
        #expect(await outcome(engine, .clipsPreRoll, in: player) == "presentation-1:allowed")
    }

    @Test func aClosedOrUnknownHandleIsATypedErrorNeverAnotherPresentation() async throws {
        let engine = try engine()
        let open = try await engine.openPresentation(.clips, configuration: ClipsAdConfiguration(preRollEnabled: true))
        let closed = try await engine.openPresentation(
            .clips, configuration: ClipsAdConfiguration(preRollEnabled: true))
        try await engine.closePresentation(closed)
        var events = engine.events.makeAsyncIterator()
        #expect(await outcome(engine, .clipsPreRoll, in: closed) == "error:presentationNotOpen")
        let unknown = PresentationHandle(id: "never-opened")
        #expect(await outcome(engine, .clipsPreRoll, in: unknown) == "error:presentationNotOpen")
        let requested = await events.next()
        let failed = await events.next()
        #expect(requested?.context?.presentation == closed)
        guard case .failed(let kind, let message) = failed?.kind else {
            Issue.record("expected the failed event, got \(String(describing: failed?.kind))")
            return
        }
        #expect(kind == .presentationNotOpen)
        #expect(
            message
                == "presentation presentation-2 is not open (never opened, or closed): open a presentation and use "
                + "the handle it returns")
        await #expect(throws: PresentationError.notOpen(closed)) { try await engine.itemViewed(in: closed) }
        await #expect(throws: PresentationError.notOpen(closed)) { try await engine.closePresentation(closed) }
        await #expect(throws: PresentationError.notOpen(unknown)) { try await engine.reloadPresentation(unknown) }
        await #expect(throws: PresentationError.notOpen(unknown)) { try await engine.configure(unknown, with: nil) }
        #expect(await outcome(engine, .clipsPreRoll, in: open) == "presentation-1:allowed")
    }

    @Test func callerNamesAreCheckedAndNeverReused() async throws {
        let engine = try engine()
        let named = try await engine.openPresentation(.clips, configuration: nil, name: "presentation-1")
        #expect(named.id == "presentation-1")
        #expect(try await engine.openPresentation(.clips, configuration: nil).id == "presentation-2")
        await #expect(throws: PresentationError.alreadyOpen(named)) {
            try await engine.openPresentation(.stories, configuration: nil, name: "presentation-1")
        }
        await #expect(throws: PresentationError.alreadyOpen(.default)) {
            try await engine.openPresentation(.stories, configuration: nil, name: "default")
        }
        for bad in ["", "with space", String(repeating: "x", count: 65), "naïve"] {
            await #expect(throws: PresentationError.invalidName(bad)) {
                try await engine.openPresentation(.clips, configuration: nil, name: bad)
            }
        }
        #expect(
            PresentationError.invalidName("with space").message
                == "the presentation name \"with space\" must be 1 to 64 letters, digits, '-', '_' or '.'")
        #expect(
            try await engine.openPresentation(.clips, configuration: nil, name: String(repeating: "x", count: 64))
                .id.count == 64)
    }
}

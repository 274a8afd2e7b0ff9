import AdEngine
import AdPlacement

/// The README's "library in twenty lines", compiled with the example so that it cannot go stale: a test
/// checks that the README holds this function's body as it is here.
func readmeSnippet(cms: String, path: String) async throws {
    // Once: an engine from the tenant's settings JSON and a file for the durable beacon store.
    let engine = try AdEngine(configuration: .init(settings: try TenantSettings(json: cms), beaconStorePath: path))

    // A Clips player opens, opted in to the opening pre-roll (nil: not opted in to any ad); each player on
    // screen opens its own presentation, with its own opt-in and counts.
    let player = try await engine.openPresentation(.clips, configuration: ClipsAdConfiguration(preRollEnabled: true))
    do {
        let ad = try await engine.getAd(for: AdRequestInfo(placement: .clipsPreRoll, itemId: "clip-1"), in: player)
        let session = try ad.makeSession()  // its one play: feed it the player's callbacks
        _ = try session.send(.unit(.impressionRendered))  // each input returns its callbacks; beacons go out in order
        _ = try session.send(.video(try .progressed(seconds: 5, duration: 20)))  // quartiles, offsets, completion
    } catch let error as AdEngineError {
        print(error)  // why no ad: the decision, each source's outcome, the IAB code
    }
    let analytics = Task { for await event in engine.events { print(event) } }  // every ad and beacon event
    try await engine.closePresentation(player)
    _ = await engine.flush()  // the app goes to the background: deliver what is stored
    analytics.cancel()
}

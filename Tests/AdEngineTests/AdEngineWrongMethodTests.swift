import AdEngine
import AdPlacement
import Foundation
import TestSupport
import Testing

/// Asking for a placement with the wrong call (issue 24, item 4) is the caller's mistake: a typed
/// `wrongMethod` that names the right call, before any fetch, so no error pixel tells a partner its ad
/// failed. Every placement and every entry point, against sources whose ads carry Error URLs.
@Suite(.serialized) struct AdEngineWrongMethodTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-wrong-method")
    }

    /// Every placement enabled: the full-screen ones with a video ad, the banner with a banner ad, each
    /// a tag on the loopback server whose Error URLs go to `/beacon/error/...`.
    private func engine() throws -> AdEngine {
        try server.register("video", body: MediationDocuments.inLine("video"))
        try server.register("banner", body: BannerDocuments.phone("banner"))
        func settings(_ document: String) -> PlacementSettings {
            PlacementSettings(
                enabled: true,
                sources: [
                    PlacementSourceSettings(
                        name: document, kind: .tag(urlTemplate: server.docURL(document)), timeoutMilliseconds: 2_000)
                ])
        }
        return try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [
                        .clipsPreRoll: settings("video"), .clipsBetweenItems: settings("video"),
                        .storiesBetweenPages: settings("video"), .clipsBottomBanner: settings("banner"),
                    ]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path))
    }

    private func refusal(_ work: () async throws(AdEngineError) -> Ad) async -> String {
        do {
            let ad = try await work()
            return "an ad: \(ad.id ?? "?")"
        } catch {
            #expect(error.decision == nil && error.report == nil && error.vastErrorCode == nil)
            return "\(error.code): \(error.message)"
        }
    }

    @Test func aBannerAskedWithGetAdIsAUsageErrorBeforeAnyFetch() async throws {
        let engine = try engine()
        await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true))
        let player = try await engine.openPresentation(
            .clips, configuration: ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true))
        let banner = AdRequestInfo(placement: .clipsBottomBanner)
        #expect(
            await refusal { () throws(AdEngineError) in try await engine.getAd(for: banner) }
                == "wrongMethod: clipsBottomBanner is a bottom banner: ask for it with "
                + "getBottomBannerAd(for:maxHeight:), not getAd(for:)")
        #expect(
            await refusal { () throws(AdEngineError) in try await engine.getAd(for: banner, in: player) }
                == "wrongMethod: clipsBottomBanner is a bottom banner: ask for it with "
                + "getBottomBannerAd(for:in:maxHeight:), not getAd(for:in:)")
        #expect(try server.stats().requests == 0)
        // Asked the right way, the same placement fills from the same source.
        let ad = try await engine.getBottomBannerAd(for: banner, in: player, maxHeight: 50)
        #expect(ad.banner?.size == AdSize(width: 320, height: 50))
        #expect(try server.stats().byPath == ["/doc/banner": 1])
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().isEmpty)
    }

    @Test(arguments: [Placement.clipsPreRoll, .clipsBetweenItems, .storiesBetweenPages])
    func aFullScreenPlacementAskedWithGetBottomBannerAdIsAUsageErrorBeforeAnyFetch(_ placement: Placement)
        async throws
    {
        let engine = try engine()
        await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true))
        let kind: AdProduct = placement == .storiesBetweenPages ? .stories : .clips
        let player = try await engine.openPresentation(
            kind, configuration: ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true))
        let request = AdRequestInfo(placement: placement)
        #expect(
            await refusal { () throws(AdEngineError) in try await engine.getBottomBannerAd(for: request, maxHeight: 50)
            }
                == "wrongMethod: \(placement) is a full-screen placement: ask for it with getAd(for:), not "
                + "getBottomBannerAd(for:maxHeight:)")
        #expect(
            await refusal { () throws(AdEngineError) in
                try await engine.getBottomBannerAd(for: request, in: player, maxHeight: 50)
            }
                == "wrongMethod: \(placement) is a full-screen placement: ask for it with getAd(for:in:), not "
                + "getBottomBannerAd(for:in:maxHeight:)")
        // Even with a height that is no height: the call is wrong before its arguments are.
        #expect(
            await refusal { () throws(AdEngineError) in
                try await engine.getBottomBannerAd(for: request, maxHeight: .nan)
            }.hasPrefix("wrongMethod: "))
        #expect(try server.stats().requests == 0)
        let ad = try await engine.getAd(for: request, in: player)
        #expect(ad.mediaFile?.url == server.baseURL + "/media/video.mp4")
        #expect(try server.stats().byPath == ["/doc/video": 1])
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().isEmpty)
    }

    @Test func aPlacementThisSDKDoesNotKnowIsLeftToThePolicy() async throws {
        let engine = try engine()
        let unknown = AdRequestInfo(placement: Placement(rawValue: "clipsMidRoll"))
        let asked = [
            await decision { () throws(AdEngineError) in try await engine.getAd(for: unknown) },
            await decision { () throws(AdEngineError) in try await engine.getBottomBannerAd(for: unknown, maxHeight: 50)
            },
        ]
        #expect(asked == ["placementDisabled placementUnknown", "placementDisabled placementUnknown"])
        #expect(try server.stats().requests == 0)
    }

    /// The error code and the decision's reason of a call that must fail.
    private func decision(_ work: () async throws(AdEngineError) -> Ad) async -> String {
        do {
            let ad = try await work()
            return "an ad: \(ad.id ?? "?")"
        } catch {
            return "\(error.code) \(error.decision?.reason.rawValue ?? "-")"
        }
    }
}

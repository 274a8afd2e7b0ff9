import AdEngine
import AdLifecycle
import AdPlacement
import Foundation
import TestSupport
import Testing

/// docs/library.md's table of the seed SDKs' callbacks (DT Exchange's `IA…` delegates, Storyteller's hooks)
/// names, for each, what does its job here. The names below are the table's rows, each next to code that
/// uses that very API, so a rename fails the build of this test; the test checks the document holds exactly
/// these rows.
@Suite struct SessionCallbackNamesTests {
    /// The table's rows: the seed callback, the controller delegate (or engine) API, the session callback.
    static let rows: [(seed: String, delegate: String, session: String)] = [
        (
            "IAParentViewControllerForUnitController", "UnitControllerDelegate.presentationHost(for:)",
            "UnitInput.fullscreenRequested(hostAvailable:)"
        ),
        (
            "IAAdDidReceiveClick", "UnitControllerDelegate.unitController(_:didClickOpening:)",
            "UnitCallback.clicked(url:)"
        ),
        (
            "IAAdWillLogImpression", "UnitControllerDelegate.unitControllerWillLogImpression(_:)",
            "UnitCallback.impressionWillBeLogged"
        ),
        ("IAAdDidReward", "UnitControllerDelegate.unitControllerDidReward(_:)", "UnitCallback.rewarded"),
        (
            "IAUnitControllerWillPresentFullscreen", "UnitControllerDelegate.unitControllerWillPresentFullscreen(_:)",
            "UnitCallback.willPresentFullscreen"
        ),
        (
            "IAUnitControllerDidPresentFullscreen", "UnitControllerDelegate.unitControllerDidPresentFullscreen(_:)",
            "UnitCallback.didPresentFullscreen"
        ),
        (
            "IAUnitControllerWillDismissFullscreen", "UnitControllerDelegate.unitControllerWillDismissFullscreen(_:)",
            "UnitCallback.willDismissFullscreen"
        ),
        (
            "IAUnitControllerDidDismissFullscreen", "UnitControllerDelegate.unitControllerDidDismissFullscreen(_:)",
            "UnitCallback.didDismissFullscreen"
        ),
        (
            "IAUnitControllerWillOpenExternalApp", "UnitControllerDelegate.unitController(_:willOpenExternalApp:)",
            "UnitCallback.willOpenExternalApp(url:)"
        ),
        ("IAAdDidExpire", "UnitControllerDelegate.unitControllerDidExpire(_:)", "UnitCallback.expired"),
        (
            "IAVideoCompleted", "VideoContentControllerDelegate.videoControllerDidComplete(_:)",
            "VideoCallback.completed"
        ),
        (
            "IAVideoContentController:videoInterruptedWithError:",
            "VideoContentControllerDelegate.videoController(_:wasInterruptedWithErrorCode:)",
            "VideoCallback.interrupted(_:)"
        ),
        (
            "IAVideoContentController:videoDurationUpdated:",
            "VideoContentControllerDelegate.videoController(_:didUpdateDurationMs:)",
            "VideoCallback.durationUpdated(durationMs:)"
        ),
        (
            "IAVideoContentController:videoProgressUpdatedWithCurrentTime:totalTime:",
            "VideoContentControllerDelegate.videoController(_:didProgressToMs:ofMs:)",
            "VideoCallback.progressed(positionMs:durationMs:)"
        ),
        (
            "IAMRAIDContentController:MRAIDAdWillResizeToFrame:",
            "MRAIDContentControllerDelegate.mraidController(_:willResizeTo:)",
            "MRAIDCallback.willResize(frame:)"
        ),
        (
            "IAMRAIDContentController:MRAIDAdDidResizeToFrame:",
            "MRAIDContentControllerDelegate.mraidController(_:didResizeTo:)",
            "MRAIDCallback.didResize(frame:)"
        ),
        (
            "IAMRAIDContentController:MRAIDAdWillExpandToFrame:",
            "MRAIDContentControllerDelegate.mraidController(_:willExpandTo:)",
            "MRAIDCallback.willExpand(frame:)"
        ),
        (
            "IAMRAIDContentController:MRAIDAdDidExpandToFrame:",
            "MRAIDContentControllerDelegate.mraidController(_:didExpandTo:)",
            "MRAIDCallback.didExpand(frame:)"
        ),
        (
            "IAMRAIDContentControllerMRAIDAdWillCollapse",
            "MRAIDContentControllerDelegate.mraidController(_:willCollapseFrom:)",
            "MRAIDCallback.willCollapse(from:)"
        ),
        (
            "IAMRAIDContentControllerMRAIDAdDidCollapse",
            "MRAIDContentControllerDelegate.mraidController(_:didCollapseFrom:)",
            "MRAIDCallback.didCollapse(from:)"
        ),
        (
            "IAMRAIDContentController:videoInterruptedWithError:",
            "UnitControllerDelegate.unitController(_:didFailWithErrorCode:)",
            "UnitCallback.failed(errorCode:)"
        ),
        ("getAd", "AdEngine.getAd(for:in:)", "Ad.makeSession(startsMuted:mraid:clock:observer:)"),
        (
            "getBottomBannerAd", "AdEngine.getBottomBannerAd(for:in:maxHeight:)",
            "Ad.makeSession(startsMuted:mraid:clock:observer:)"
        ),
        ("onPlayerPresented", "AdEngine.openPresentation(_:collectionId:configuration:name:)", "PresentationHandle"),
        ("onUserActivityOccurred", "AdEngine.events", "AdEngineEvent"),
        ("onPlayerDismissed", "AdEngine.closePresentation(_:)", "SessionInput.ended"),
    ]

    /// Uses every API the rows name, in the order of the rows: it is compiled, never run.
    @MainActor
    static func references(
        unit: any UnitControllerDelegate, unitController: UnitController, video: any VideoContentControllerDelegate,
        videoController: VideoContentController, mraid: any MRAIDContentControllerDelegate,
        mraidController: MRAIDContentController, engine: AdEngine, ad: Ad, request: AdRequestInfo,
        handle: PresentationHandle, frame: Rect
    ) async throws {
        _ = unit.presentationHost(for: unitController)
        _ = UnitInput.fullscreenRequested(hostAvailable: true)
        unit.unitController(unitController, didClickOpening: nil)
        _ = UnitCallback.clicked(url: nil)
        unit.unitControllerWillLogImpression(unitController)
        _ = UnitCallback.impressionWillBeLogged
        unit.unitControllerDidReward(unitController)
        _ = UnitCallback.rewarded
        unit.unitControllerWillPresentFullscreen(unitController)
        _ = UnitCallback.willPresentFullscreen
        unit.unitControllerDidPresentFullscreen(unitController)
        _ = UnitCallback.didPresentFullscreen
        unit.unitControllerWillDismissFullscreen(unitController)
        _ = UnitCallback.willDismissFullscreen
        unit.unitControllerDidDismissFullscreen(unitController)
        _ = UnitCallback.didDismissFullscreen
        unit.unitController(unitController, willOpenExternalApp: "")
        _ = UnitCallback.willOpenExternalApp(url: "")
        unit.unitControllerDidExpire(unitController)
        _ = UnitCallback.expired
        video.videoControllerDidComplete(videoController)
        _ = VideoCallback.completed
        video.videoController(videoController, wasInterruptedWithErrorCode: 405)
        _ = VideoCallback.interrupted(.displayProblem)
        video.videoController(videoController, didUpdateDurationMs: 1)
        _ = VideoCallback.durationUpdated(durationMs: 1)
        video.videoController(videoController, didProgressToMs: 0, ofMs: nil)
        _ = VideoCallback.progressed(positionMs: 0, durationMs: nil)
        mraid.mraidController(mraidController, willResizeTo: frame)
        _ = MRAIDCallback.willResize(frame: frame)
        mraid.mraidController(mraidController, didResizeTo: frame)
        _ = MRAIDCallback.didResize(frame: frame)
        mraid.mraidController(mraidController, willExpandTo: frame)
        _ = MRAIDCallback.willExpand(frame: frame)
        mraid.mraidController(mraidController, didExpandTo: frame)
        _ = MRAIDCallback.didExpand(frame: frame)
        mraid.mraidController(mraidController, willCollapseFrom: .expand)
        _ = MRAIDCallback.willCollapse(from: .expand)
        mraid.mraidController(mraidController, didCollapseFrom: .expand)
        _ = MRAIDCallback.didCollapse(from: .expand)
        unit.unitController(unitController, didFailWithErrorCode: 405)
        _ = UnitCallback.failed(errorCode: 405)
        _ = try await engine.getAd(for: request, in: handle)
        _ = try ad.makeSession(startsMuted: false, mraid: nil, clock: nil, observer: nil)
        _ = try await engine.getBottomBannerAd(for: request, in: handle, maxHeight: 50)
        let presentation: PresentationHandle = try await engine.openPresentation(
            .clips, collectionId: nil, configuration: nil, name: nil)
        _ = engine.events
        let _: AdEngineEvent? = nil
        try await engine.closePresentation(presentation)
        _ = SessionInput.ended
    }

    @Test func theDocumentsCallbackTableHoldsExactlyTheseRows() throws {
        let text = try String(
            contentsOf: TestServer.repositoryRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Callbacks of the SDKs this replaces"))
        let documented = text[section.upperBound...].split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            // The first backticked name of each cell: the seed callback, the delegate API, the session API.
            line.split(separator: "|").prefix(3).map { cell in
                String(cell.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first ?? "")
            }
        }
        let expected = Self.rows.map { [$0.seed, $0.delegate, $0.session] }
        #expect(documented == expected)
        #expect(documented.count == 26)
    }
}

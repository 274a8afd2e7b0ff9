import Foundation
import TestSupport
import Testing
import VASTCheck

/// `vastcheck simulate` plays what the library plays: a pod as one `AdBreak` (every ad in sequence, an ad that
/// cannot play skipped with its IAB code, `[PODSEQUENCE]` and `[ADCOUNT]` filled) and an ad whose only creative
/// is a NonLinear as an overlay (its events and clicks). On the base commit the pod played its first ad only,
/// with `[PODSEQUENCE]` sent as written, and the overlay was refused ("the ad has no Linear creative").
///
/// The goldens were written by hand from the VAST text before the code ran, and the code then checked against
/// them (see each test for how every line follows from the document).
struct SimulateLibraryPlayTests {
    static let pod = Repository.path("Tests/VASTCheckTests/Golden/simulate-pod-input.xml")
    static let overlay = Repository.path("Tests/VASTCheckTests/Golden/simulate-nonlinear-input.xml")

    private func simulate(_ arguments: [String]) async -> (CapturedConsole, ExitCode) {
        let captured = CapturedConsole()
        let code = await captured.run(["simulate"] + InspectGolden.profile + arguments)
        return (captured, code)
    }

    private func entries(_ captured: CapturedConsole) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [[String: Any]])
    }

    /// How the golden follows from `simulate-pod-input.xml`, played with no input:
    /// - Ad 1 (`pod-1`, sequence 1, 10 s, an mp4): its Impression at 0 with `[PODSEQUENCE]` 1 and `[ADCOUNT]` 3
    ///   (three ads in the pod), `start` at 0 with `seq=1`, the quartiles at 2.5, 5 and 7.5 s (a quarter of 10 s
    ///   each), `complete` at 10 s. It has no creativeView or ViewableImpression URL, so nothing else fires.
    /// - Ad 2 (`pod-2`): its only MediaFile is `video/x-flv`, not one the player plays, so the break skips it as ad 1
    ///   completes: its Error URL fires with `[ERRORCODE]` 403 (VAST 4.3 2.3.6.3, no supported MediaFile) and
    ///   `[PODSEQUENCE]` 2, at ad 1's playhead (10 s); its Impression and `start` never fire.
    /// - Ad 3 (`pod-3`, 6 s, a webm): the same as ad 1 with `seq=3`, quartiles at 1.5, 3 and 4.5 s, `complete` at 6 s.
    /// 6 + 1 + 6 = 13 beacons. Exit 1: an ad of the response will not play.
    @Test func aThreeAdPodWithAFailingMiddleAdPlaysAsOneBreak() async throws {
        let (text, textCode) = await simulate([Self.pod])
        let (json, jsonCode) = await simulate(["--json", Self.pod])
        #expect(textCode == .invalid && jsonCode == .invalid)
        try InspectGolden.check(text.out, "simulate-pod-failing-middle-ad.txt")
        try InspectGolden.check(json.out, "simulate-pod-failing-middle-ad.json")
        let timeline = try entries(json)
        let positions: [Int?] = [1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3]
        #expect(timeline.map { $0["position"] as? Int } == positions)
        #expect(
            !json.out.contains("[PODSEQUENCE]") && !json.out.contains("[ADCOUNT]") && !json.out.contains("[ERRORCODE]"))
        #expect(
            timeline.filter { $0["event"] as? String == "error" }.map { $0["url"] as? String }
                == ["https://pod.example.com/error?ad=pod-2&code=403&seq=2"])
        let said =
            "vastcheck: ad 2 of 3 \"pod-2\" (InLine at hop 0) will not play: the break skipped it with VAST error 403 "
            + "(no supported MediaFile)\n"
        #expect(text.err == said && json.err == said)
    }

    /// The same inputs reach every ad, their times counted from that ad's start: a skip at 3 s is refused by ad 1,
    /// whose skip offset is not reached (it has none), and by ad 3 too; a failure at 4 s ends each ad with 405
    /// (its Error URL) and the break goes on.
    @Test func everyAdOfTheBreakGetsTheInputsFromItsOwnStart() async throws {
        let (captured, code) = await simulate(["--json", "--fail-at", "4", Self.pod])
        #expect(code == .invalid, "ad 2 still will not play")
        let timeline = try entries(captured)
        #expect(
            timeline.map {
                "\($0["position"] as? Int ?? 0) \($0["at"] as? Double ?? -1) \($0["event"] as? String ?? "")"
            }
                == [
                    "1 0.0 impression", "1 0.0 start", "1 2.5 firstQuartile", "1 4.0 error", "2 4.0 error",
                    "3 0.0 impression", "3 0.0 start", "3 1.5 firstQuartile", "3 3.0 midpoint", "3 4.0 error",
                ])
        #expect(
            timeline.filter { $0["event"] as? String == "error" }.map { $0["url"] as? String } == [
                "https://pod.example.com/error?ad=pod-1&code=405&seq=1",
                "https://pod.example.com/error?ad=pod-2&code=403&seq=2",
                "https://pod.example.com/error?ad=pod-3&code=405&seq=3",
            ])
    }

    /// How the golden follows from `simulate-nonlinear-input.xml` with `--exposure 100 --click-at 2 --expand-at 3
    /// --collapse-at 5 --close-at 8`:
    /// - At 0 the overlay is shown: its Impression, then its NonLinearAds creativeView (a NonLinear counts its view
    ///   with the impression); the exposure of 100 % is reported, which fires nothing yet.
    /// - At 2 s the click: the session first judges the time passed (2 s at 100 %, over the display rule's 1 s at
    ///   50 %), so `viewable` fires, then NonLinearClickTracking; the click-through is shown, not opened.
    /// - At 3 s adExpand, at 5 s adCollapse (the document's names; it has no VAST 3 `expand`).
    /// - At 8 s close, its `[TIMESTAMP]` the start plus 8 s. The overlay is removed at 12 s (its
    ///   minSuggestedDuration), which fires nothing more: the verdict is in.
    @Test func aNonLinearOverlayPlaysItsEventsAndClicks() async throws {
        let inputs = [
            "--exposure", "100", "--click-at", "2", "--expand-at", "3", "--collapse-at", "5", "--close-at", "8",
        ]
        let (text, textCode) = await simulate(inputs + [Self.overlay])
        let (json, jsonCode) = await simulate(inputs + ["--json", Self.overlay])
        #expect(textCode == .success && jsonCode == .success)
        try InspectGolden.check(text.out, "simulate-nonlinear.txt")
        try InspectGolden.check(json.out, "simulate-nonlinear.json")
        #expect(text.err.isEmpty && json.err.isEmpty)
    }

    /// Without inputs or exposure the overlay is shown for its minSuggestedDuration and removed: the verdict is
    /// undetermined at 12 s. `--duration` sets the time on screen instead.
    @Test func anOverlayLeftAloneIsRemovedAtTheEndOfItsTime() async throws {
        let (plain, code) = await simulate(["--json", Self.overlay])
        #expect(code == .success)
        #expect(
            try entries(plain).map { "\($0["at"] as? Double ?? -1) \($0["event"] as? String ?? "")" } == [
                "0.0 impression", "0.0 creativeView", "12.0 viewUndetermined",
            ])
        let (short, _) = await simulate(["--json", "--duration", "3", Self.overlay])
        #expect(try entries(short).last?["at"] as? Double == 3)
    }

    /// Inputs a NonLinear session refuses are refused, as the library refuses them: a video input on an overlay,
    /// an overlay input on a linear ad.
    @Test func inputsForTheOtherKindOfCreativeAreRefusedWithTheSessionsError() async throws {
        let (overlay, overlayCode) = await simulate(["--pause-at", "1", Self.overlay])
        #expect(overlayCode == .invalid)
        #expect(overlay.out.contains("✗ pause refused: notLinear"), Comment(rawValue: overlay.out))
        let (linear, linearCode) = await simulate([
            "--close-at", "1", Repository.path("vast-samples/v20-inline-linear.xml"),
        ])
        #expect(linearCode == .invalid)
        #expect(linear.out.contains("✗ close overlay refused: notNonLinear"), Comment(rawValue: linear.out))
    }

    /// The HTML report draws the same break: a timeline per ad of the pod, the skipped ad with its code and its
    /// Error URL, `[PODSEQUENCE]` filled; and the overlay's timeline.
    @Test func theReportsTimelineIsTheBreakAndTheOverlay() async throws {
        let folder = try ScratchFolder("simulate-report")
        let page = folder.url.appendingPathComponent("pod.html").path
        _ = await CapturedConsole().run(["report", Self.pod, "-o", page])
        let whole = try String(contentsOfFile: page, encoding: .utf8)
        // The timeline section only: the tracking table below it lists the URLs as written.
        let start = try #require(whole.range(of: "<section id=\"timeline\">"))
        let end = try #require(whole.range(of: "</section>", range: start.upperBound..<whole.endIndex))
        let html = String(whole[start.lowerBound..<end.upperBound])
        #expect(
            html.contains("1 of 3: Ad &quot;pod-1&quot;: First") && html.contains("3 of 3: Ad &quot;pod-3&quot;: Third")
        )
        #expect(html.contains("Skipped by the break with error 403 (no supported MediaFile) when ad 1 ended"))
        #expect(html.contains("https://pod.example.com/error?ad=pod-2&amp;code=403&amp;seq=2"))
        #expect(html.contains("https://pod.example.com/t?ad=pod-3&amp;e=start&amp;seq=3"))
        #expect(!html.contains("[PODSEQUENCE]"))
        let overlayPage = folder.url.appendingPathComponent("overlay.html").path
        #expect(await CapturedConsole().run(["report", Self.overlay, "-o", overlayPage]) == .success)
        let overlayHTML = try String(contentsOfFile: overlayPage, encoding: .utf8)
        #expect(overlayHTML.contains("https://ov.example.com/t?e=creativeView"))
        #expect(overlayHTML.contains("viewUndetermined"))
    }
}

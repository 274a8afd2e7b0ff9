import Foundation
import Testing
import VASTCheck

/// An ad whose Linear holds only media files the player cannot play (a VPAID script, Flash) does not play:
/// a player fires 403 (VAST 4.3 section 2.3.6.3: "Couldn't find MediaFile that is supported by this media
/// player") and `getAd` refuses it. `simulate` and `inspect` say so and exit 1 instead of playing it.
struct UnsupportedMediaTests {
    static let vpaidOnly = Data(
        """
        <VAST version="3.0"><Ad id="vpaid"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example.com/imp</Impression><Creatives><Creative><Linear>
        <Duration>00:00:30</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="640" height="360">https://cdn.example.com/vpaid.js</MediaFile>
        <MediaFile delivery="progressive" type="video/x-flv" width="640" height="360">https://cdn.example.com/a.flv</MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """.utf8)

    @Test func simulateRefusesItWith403InWords() async {
        let captured = CapturedConsole(stdin: Self.vpaidOnly)
        let code = await captured.run(["simulate", "-"])
        #expect(code == .invalid)
        #expect(captured.out.isEmpty)
        #expect(
            captured.err.contains("no media file of a supported type (video/mp4, application/x-mpegURL, video/webm)"))
        #expect(captured.err.contains("403"))
    }

    @Test func inspectExits1AndItsJSONCarries403ForTheAd() async throws {
        let captured = CapturedConsole(stdin: Self.vpaidOnly)
        let code = await captured.run(["inspect", "--json", "-"])
        #expect(code == .invalid)
        let ad = try #require(try captured.json()["ad"] as? [String: Any])
        #expect(ad["errorCode"] as? Int == 403)
        #expect(ad["mediaFile"] == nil)
    }

    @Test func inspectsHumanOutputSaysNoFileIsOfASupportedType() async {
        let captured = CapturedConsole(stdin: Self.vpaidOnly)
        let code = await captured.run(["inspect", "-"])
        #expect(code == .invalid)
        #expect(
            captured.out.contains("chosen: none of a supported type (video/mp4, application/x-mpegURL, video/webm)"))
        #expect(
            captured.out.hasSuffix(
                "\nAds that will not play:\n  hop 0 ad \"vpaid\"  error 403 (no supported MediaFile): its Linear has no "
                    + "media file of a supported type (video/mp4, application/x-mpegURL, video/webm)\n"))
    }
}

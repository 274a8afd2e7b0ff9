import AdLifecycle
import AdSimulation
import Foundation
import Testing
import VAST

/// The virtual player showing a NonLinear overlay (`show(_:until:)`): inputs at their times on the clock, beacons
/// placed at the time shown, the ad removed at the end, and what comes after it ignored.
struct VirtualPlayerOverlayTests {
    static let overlay = "Tests/VASTCheckTests/Golden/simulate-nonlinear-input.xml"

    @Test func anOverlayIsShownClickedClosedAndRemovedWithEachBeaconAtItsTime() throws {
        let clock = VirtualClock(VirtualPlayerTests.start)
        let session = try VirtualPlayerTests.session(
            Self.overlay, creative: .nonLinear(creative: 0, nonLinear: 0), clock: clock)
        var player = VirtualPlayer(playing: session, clock: clock)
        try player.begin(exposure: 100)
        try player.show(
            [
                PlayerInput(at: 2, .click(at: nil)), PlayerInput(at: 8, .overlay(.closed)),
                PlayerInput(at: 9, .overlay(.expanded)), PlayerInput(at: 20, .overlay(.minimized)),
            ], until: 12)
        #expect(
            player.timeline.map { "\($0.event)@\($0.at)" } == [
                "impression@0.0", "creativeView@0.0", "viewable@2.0", "nonLinearClickTracking@2.0", "close@8.0",
            ])
        #expect(
            player.notes.map { "\($0.input)@\($0.at) \($0.outcome)" } == [
                "click@2.0 applied", "close overlay@8.0 applied",
                "expand overlay@9.0 ignored(\"the overlay was closed\")",
                "minimize overlay@20.0 ignored(\"the ad had already been removed\")",
            ])
        #expect(player.notes.first?.detail == "opens https://www.example.com/landing")
        #expect(clock.now == VirtualPlayerTests.start.addingTimeInterval(12), "removed at the end of its time")
    }

    @Test func aLinearAdIsPlayedNotShownAndAnOverlayInputOnItIsRefused() throws {
        let clock = VirtualClock(VirtualPlayerTests.start)
        var player = VirtualPlayer(playing: try VirtualPlayerTests.session(clock: clock), clock: clock)
        #expect(throws: VirtualPlayerError.self) { try player.show([], until: 1) }
        #expect(player.events.isEmpty)
        try player.begin()
        try player.play([PlayerInput(at: 1, .overlay(.closed))])
        #expect(player.notes.first?.error?.code == .notNonLinear)
    }
}

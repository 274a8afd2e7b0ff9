import AdLifecycle
import AdSimulation
import Foundation
import Testing
import VAST

/// The virtual player: its cost follows the events that fire, not the duration, and its numbers are bounded.
@Suite struct SimulationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let start = Date(timeIntervalSince1970: 1_704_067_200)

    static func ad(_ path: String, duration: String? = nil) throws -> ResolvedAd {
        var text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        if let duration {
            text = text.replacingOccurrences(
                of: "<Duration>00:00:20.000</Duration>", with: "<Duration>\(duration)</Duration>")
        }
        let parsed = try VASTParser().parse(text).document
        let first = try #require(parsed.ads.first)
        return try #require(ResolvedAd(ad: first, hop: 0, chain: []))
    }

    static let macros = VASTMacroContext(now: { Date(timeIntervalSince1970: 0) }, random: { 42 })

    /// The parser reads a `<Duration>` past 24 h as unknown (`value.range`); a host's own model may still hold one,
    /// and the simulation's cost must not grow with it.
    @Test func aDurationOfNinetyNineMillionHoursSimulatesInAFewInputs() throws {
        var ad = try Self.ad("Tests/Fixtures/lifecycle/ads/session-every-part.xml")
        let index = try #require(ad.inLine.creatives.firstIndex { $0.linear != nil })
        var linear = try #require(ad.inLine.creatives[index].linear)
        linear.duration = VASTTime(milliseconds: 99_999_999 * 3_600_000)
        ad.inLine.creatives[index].kind = .linear(linear)
        let result = try Simulation.simulate(ad, options: SimulationOptions(), macros: Self.macros, start: Self.start)
        #expect(result.finalPhase == .completed)
        #expect(result.inputCount < 20, "the stepping simulation needed 1.44e12 steps for this document")
        #expect(
            result.timeline.map(\.event) == [
                "impression", "loaded", "creativeView", "start", "firstQuartile", "midpoint", "progress",
                "thirdQuartile",
                "complete", "viewUndetermined",
            ])
        #expect(
            result.timeline.map(\.at) == [
                0, 0, 0, 0, 89_999_999_100, 179_999_998_200, 179_999_998_200, 269_999_997_300, 359_999_996_400,
                359_999_996_400,
            ])
    }

    @Test func milestonesFireAtTheirExactPlayheadNotAtATick() throws {
        let ad = try Self.ad("Tests/Fixtures/lifecycle/ads/session-every-part.xml", duration: "00:00:10.001")
        let result = try Simulation.simulate(ad, options: SimulationOptions(), macros: Self.macros, start: Self.start)
        #expect(
            result.timeline.filter { $0.event.hasSuffix("Quartile") || $0.event == "midpoint" }.map(\.at) == [
                2.5, 5.001, 7.501,
            ])
    }

    @Test func anExposedPlaybackIsViewableTwoSecondsIn() throws {
        let ad = try Self.ad("Tests/Fixtures/lifecycle/ads/session-every-part.xml")
        let result = try Simulation.simulate(
            ad, options: SimulationOptions(exposure: 100), macros: Self.macros, start: Self.start)
        #expect(result.timeline.filter { $0.event == "viewable" }.map(\.at) == [2])
        #expect(!result.timeline.contains { $0.event == "notViewable" || $0.event == "viewUndetermined" })
    }

    @Test(arguments: [
        SimulationOptions(pauseAt: .nan), SimulationOptions(skipAt: -1), SimulationOptions(clickAt: 86_401),
        SimulationOptions(duration: 0), SimulationOptions(duration: .infinity), SimulationOptions(exposure: 101),
        SimulationOptions(exposure: .nan),
    ])
    func outOfBoundsOptionsAreRefusedWithAMessage(_ options: SimulationOptions) throws {
        let ad = try Self.ad("Tests/Fixtures/lifecycle/ads/session-every-part.xml")
        #expect(throws: SimulationError.self) {
            try Simulation.simulate(ad, options: options, macros: Self.macros, start: Self.start)
        }
    }
}

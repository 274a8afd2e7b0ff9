import Foundation
import TestSupport
import Testing

/// A fixture's `timeZone` naming a tz database zone, replayed by the real `vastcheck`: the libraries are built on
/// FoundationEssentials, which knows `GMT` and `UTC` alone, and named zones come from ICU through
/// FoundationInternationalization, which `LifecycleFixtures` links for them. Without it `Europe/Paris` would be
/// refused as an unknown zone.
@Suite struct NamedZoneProcessTests {
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("named-zone") }

    /// `unit-impression-once` with its clock's zone set to `zone`, expecting `timestamp` in the InLine's beacon.
    private func fixture(zone: String, timestamp: String) throws -> String {
        let original = try String(
            contentsOfFile: Repository.path("Tests/Fixtures/lifecycle/unit-impression-once.json"), encoding: .utf8)
        let edited =
            original
            .replacingOccurrences(
                of: #""clock": "2024-05-01T12:00:00.000Z","#,
                with: #""clock": "2024-05-01T12:00:00.000Z", "timeZone": "\#(zone)","#
            )
            .replacingOccurrences(of: "ts=2024-05-01T12%3A00%3A00.000Z", with: "ts=\(timestamp)")
        #expect(edited != original)
        let path = scratch.url.appendingPathComponent("zone.json").path
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aNamedZoneWritesTheTimestampInItsSummerOffset() async throws {
        let path = try fixture(zone: "Europe/Paris", timestamp: "2024-05-01T14%3A00%3A00.000%2B02%3A00")
        let run = try await ChildProcess.running(["replay", "--root", Repository.root.path, path])
        #expect(run.status == 0, "\(run.outputText)\(run.errorText)")
        #expect(run.outputText == "PASS unit-impression-once\n1 fixture: 1 passed, 0 failed\n")
    }

    @Test func anUnknownZoneIsRefusedNamingTheField() async throws {
        let path = try fixture(zone: "Europe/Nowhere", timestamp: "2024-05-01T12%3A00%3A00.000Z")
        let run = try await ChildProcess.running(["replay", "--root", Repository.root.path, path])
        #expect(run.status != 0)
        #expect((run.outputText + run.errorText).contains("timeZone"), "\(run.outputText)\(run.errorText)")
    }
}

import Foundation
import Testing
import VASTCheck

/// `vastcheck replay`: the real lifecycle fixtures pass; a broken copy fails with the runner's diff; a
/// malformed one stops with the typed error naming the field.
@Suite struct ReplayCommandTests {
    static let fixtures = Repository.path("Tests/Fixtures/lifecycle")

    /// A temporary directory holding copies of fixtures, edited.
    private func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    private func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: Self.fixtures + "/" + name, encoding: .utf8)
    }

    @Test func everyBundledFixturePasses() async throws {
        let captured = CapturedConsole()
        #expect(await captured.run(["replay", Self.fixtures]) == .success)
        let lines = captured.out.split(separator: "\n").map(String.init)
        let lifecycle = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter {
            $0.hasSuffix(".json")
        }
        let sessions = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/session")
            .filter { $0.hasSuffix(".json") }
        #expect(lifecycle.count > 50)
        #expect(sessions.count >= 30)
        let count = lifecycle.count + sessions.count
        #expect(lines.contains("PASS session-fullscreen-player-expand"), "replay runs session fixtures too")
        #expect(lines.filter { $0.hasPrefix("PASS ") }.count == count)
        #expect(lines.contains("PASS video-full-play"))
        #expect(!captured.out.contains("FAIL"))
        #expect(lines.last == "\(count) fixtures: \(count) passed, 0 failed")
        #expect(captured.err.isEmpty)
    }

    @Test func aSingleFixtureFileRuns() async {
        let captured = CapturedConsole()
        #expect(await captured.run(["replay", Self.fixtures + "/video-mute-toggles.json"]) == .success)
        #expect(captured.out == "PASS video-mute-toggles\n1 fixture: 1 passed, 0 failed\n")
    }

    @Test func aBrokenCopyFailsWithTheDiff() async throws {
        let broken = try fixture("video-mute-toggles.json")
            .replacingOccurrences(of: "t?e=unmute\"", with: "t?e=unmuted\"")
        let directory = try folder(["video-mute-toggles.json": broken])
        defer { try? FileManager.default.removeItem(at: directory) }

        let captured = CapturedConsole()
        let code = await captured.run([
            "replay", "--root", Repository.root.path, directory.path,
            Self.fixtures + "/video-full-play.json",
        ])
        #expect(code == .invalid)
        let expected = """
            FAIL video-mute-toggles  (\(directory.path)/video-mute-toggles.json)
                step 2: "unmuted"
                outputs differ (- expected, + actual):
                  {"callback":"unmuted"}
                - {"beacon":"unmute","url":"https://inline.example.com/t?e=unmuted","hop":1}
                + {"beacon":"unmute","url":"https://inline.example.com/t?e=unmute","hop":1}
            PASS video-full-play
            2 fixtures: 1 passed, 1 failed

            """
        #expect(captured.out == expected)
    }

    @Test func aMalformedFixtureExitsTwoNamingTheField() async throws {
        let malformed = try fixture("video-mute-toggles.json")
            .replacingOccurrences(of: "\"input\": \"unmuted\"", with: "\"input\": \"unmutted\"")
        let directory = try folder(["video-typo.json": malformed])
        defer { try? FileManager.default.removeItem(at: directory) }

        let captured = CapturedConsole()
        let code = await captured.run([
            "replay", "--root", Repository.root.path, directory.path,
            Self.fixtures + "/video-mute-toggles.json",
        ])
        #expect(code == .unreadable)
        #expect(captured.out.contains("ERROR \(directory.path)/video-typo.json\n"))
        #expect(captured.out.contains("    invalidValue: steps[2].input: unknown video input \"unmutted\""))
        #expect(captured.out.contains("PASS video-mute-toggles\n"))
        #expect(captured.out.hasSuffix("2 fixtures: 1 passed, 0 failed, 1 could not run\n"))
    }

    @Test func notJSONIsAnInvalidJSONError() async throws {
        let directory = try folder(["broken.json": "{\"name\": "])
        defer { try? FileManager.default.removeItem(at: directory) }
        let captured = CapturedConsole()
        #expect(await captured.run(["replay", "--json", directory.path]) == .unreadable)
        let fixtures = try #require(try captured.json()["fixtures"] as? [[String: Any]])
        let error = try #require(fixtures.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalidJSON")
    }

    @Test func jsonReportsEachFixtureAndTheSummary() async throws {
        let broken = try fixture("video-mute-toggles.json")
            .replacingOccurrences(of: "t?e=unmute\"", with: "t?e=unmuted\"")
        let directory = try folder(["video-mute-toggles.json": broken])
        defer { try? FileManager.default.removeItem(at: directory) }

        let captured = CapturedConsole()
        let code = await captured.run([
            "replay", "--json", "--root", Repository.root.path, directory.path,
            Self.fixtures + "/video-skip-at-start.json",
        ])
        #expect(code == .invalid)
        let json = try captured.json()
        #expect(json["summary"] as? [String: Int] == ["fixtures": 2, "passed": 1, "failed": 1, "unreadable": 0])
        let fixtures = try #require(json["fixtures"] as? [[String: Any]])
        #expect(fixtures.map { $0["name"] as? String } == ["video-mute-toggles", "video-skip-at-start"])
        #expect(fixtures.map { $0["passed"] as? Bool } == [false, true])
        let failure = try #require(fixtures[0]["failure"] as? [String: Any])
        #expect(failure["step"] as? Int == 2)
        #expect(failure["summary"] as? String == "outputs differ")
        #expect(
            (failure["diff"] as? [String])?.contains {
                $0 == "- {\"beacon\":\"unmute\",\"url\":\"https://inline.example.com/t?e=unmuted\",\"hop\":1}"
            } == true)
    }

    @Test func missingPathsAndEmptyDirectoriesExitTwo() async throws {
        let empty = try folder([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let captured = CapturedConsole()
        #expect(await captured.run(["replay", "/no/such/fixture.json", empty.path]) == .unreadable)
        #expect(captured.out.contains("ERROR /no/such/fixture.json\n    unreadable: no such file or directory\n"))
        #expect(captured.out.contains("no *.json fixture in the directory"))
    }

    @Test(arguments: [
        (["replay"], "replay needs at least one FIXTURE"),
        (["replay", "--root"], "--root needs a value"),
        (["replay", "--root", "/no/such/dir", "x.json"], "--root takes a directory"),
        (["replay", "--verbose", "x.json"], "unknown option --verbose"),
        (["replay", "-"], "replay reads fixture files, not standard input"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(arguments) == .usage)
        #expect(captured.err.contains(message))
        #expect(captured.err.contains("See 'vastcheck replay --help' for more information."))
        #expect(captured.out.isEmpty)
    }
}

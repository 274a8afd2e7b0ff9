import Foundation
import TestSupport
import Testing

/// A write to standard output or standard error that fails ends the command with exit 2, as a `-o FILE` that
/// cannot be written does: the real `vastcheck` run as a child with its standard output on `/dev/full`
/// (ENOSPC) or on a pipe whose reader is gone (EPIPE: the executable ignores SIGPIPE), for every command that
/// prints. On the base commit each of these exited with the command's own code (0 or 1), the output lost.
@Suite(.serialized) final class WriteFailureTests: Sendable {
    let folder: ScratchFolder
    let settings: String
    let request: String

    init() throws {
        folder = try ScratchFolder("write-failures")
        settings = folder.url.appendingPathComponent("settings.json").path
        request = folder.url.appendingPathComponent("request.json").path
        try Data(#"{"tenantId": "t", "placements": {"clipsPreRoll": {"enabled": false}}}"#.utf8)
            .write(to: URL(fileURLWithPath: settings))
        try Data(#"{"placement": "clipsPreRoll", "itemId": "clip-1"}"#.utf8).write(to: URL(fileURLWithPath: request))
    }

    static let sample = Repository.path("vast-samples/v20-inline-linear.xml")
    static let fixture = Repository.path("Tests/Fixtures/lifecycle/session/session-pod-three-ads.json")

    /// Every command that prints to standard output, and the code it exits with when the output is read.
    func commands() -> [(arguments: [String], code: Int32)] {
        [
            (["validate", Self.sample], 0),
            (["validate", "--json", Self.sample], 0),
            (["validate", "--format", "sarif", Self.sample], 0),
            (["inspect", Self.sample], 0),
            (["inspect", "--json", "--model", Self.sample], 0),
            (["simulate", Self.sample], 0),
            (["simulate", "--json", Self.sample], 0),
            (["report", Self.sample, "-o", "-"], 0),
            (["flatten", Self.sample], 0),
            (["rules"], 0),
            (["rules", "--json"], 0),
            (["replay", Self.fixture], 0),
            (["getad", "--settings", settings, "--request", request], 1),
            (["getad", "--json", "--settings", settings, "--request", request], 1),
            (["validate", "--help"], 0),
            (["--version"], 0),
        ]
    }

    @Test(.timeLimit(.minutes(3)))
    func aFullDeviceOnStandardOutputExitsTwoAndSaysSo() async throws {
        for (arguments, code) in commands() {
            let read = try await ChildProcess.running(arguments)
            #expect(read.status == code, "\(arguments): \(read.errorText)")
            #expect(!read.output.isEmpty, "\(arguments) prints")
            let full = try await ChildProcess.running(arguments, output: .full)
            #expect(full.status == 2, "\(arguments)")
            #expect(
                full.errorText.hasSuffix("vastcheck: cannot write standard output: No space left on device\n"),
                "\(arguments): \(full.errorText)")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aPipeWithNoReaderOnStandardOutputExitsTwoAndSaysSo() async throws {
        for (arguments, _) in commands() {
            let closed = try await ChildProcess.running(arguments, output: .closedPipe)
            #expect(closed.signal == nil && closed.status == 2, "\(arguments): \(closed)")
            #expect(
                closed.errorText.hasSuffix("vastcheck: cannot write standard output: Broken pipe\n"),
                "\(arguments): \(closed.errorText)")
        }
    }

    /// `vastcheck validate --list big.txt | head -c 100`: the reader goes away after the first bytes, while the
    /// run has far more to write than a pipe holds (so it cannot have written everything before).
    @Test(.timeLimit(.minutes(2)))
    func aReaderThatLeavesEarlyEndsTheRunWithExitTwo() async throws {
        let list = folder.url.appendingPathComponent("list.txt")
        try Data(String(repeating: Self.sample + "\n", count: 2_000).utf8).write(to: list)
        let early = try await ChildProcess.running(["validate", "--list", list.path], output: .closedAfter(bytes: 100))
        #expect(early.signal == nil && early.status == 2)
        #expect(early.errorText.hasSuffix("vastcheck: cannot write standard output: Broken pipe\n"))
        #expect(early.output.count >= 100 && early.output.count < 1 << 20)
    }

    /// Standard error itself failing: exit 2 and nothing more said (there is nowhere to say it); standard
    /// output still gets everything.
    @Test(.timeLimit(.minutes(2)))
    func aFailingStandardErrorExitsTwoSilently() async throws {
        // A refused skip goes to stderr beside the JSON timeline; read, the run exits 1.
        let arguments = ["simulate", "--json", "--skip-at", "1", Self.sample]
        let read = try await ChildProcess.running(arguments)
        #expect(read.status == 1 && read.errorText.contains("skip at 1 s refused"))
        for stream in [ChildProcess.Stream.full, .closedPipe] {
            let failed = try await ChildProcess.running(arguments, error: stream)
            #expect(failed.status == 2, "\(stream)")
            #expect(failed.output == read.output, "standard output is whole")
        }
        // A usage error, said only on stderr: its exit code would be 64.
        let usage = try await ChildProcess.running(["simulate", "--frobnicate", Self.sample], error: .full)
        #expect(usage.status == 2)
        // Both streams gone.
        let both = try await ChildProcess.running(arguments, output: .closedPipe, error: .full)
        #expect(both.status == 2)
    }
}

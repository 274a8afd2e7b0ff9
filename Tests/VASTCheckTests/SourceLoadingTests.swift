import Foundation
import Testing
import VASTCheck

/// Every subcommand loads its sources through the engine's one loader: the same limits, the same
/// error for a source that cannot be read, and standard input never read past its cap.
@Suite final class SourceLoadingTests: Sendable {
    let valid = Repository.path("vast-samples/v42-inline-linear-full.xml")
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vastcheck-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `arguments` for each single-source subcommand, with `source` in its place.
    static func singleSource(_ source: String) -> [[String]] {
        [["inspect", source], ["simulate", source], ["report", source, "--html", "-"]]
    }

    @Test func aMissingSourceIsTheSameErrorInEverySubcommand() async throws {
        let missing = "/no/such/tag.xml"
        let message = "vastcheck: cannot read /no/such/tag.xml: no such file or directory (check the path)\n"
        for arguments in Self.singleSource(missing) {
            let captured = CapturedConsole()
            #expect(await captured.run(arguments) == .unreadable, "\(arguments)")
            #expect(captured.err == message, "\(arguments)")
            #expect(captured.out.isEmpty, "\(arguments)")
        }
        // validate says the same on stderr, and keeps the source in its report in its place.
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", valid, missing]) == .unreadable)
        #expect(captured.err == message)
        let documents = try #require(try captured.json()["documents"] as? [[String: Any]])
        #expect(documents.map { $0["source"] as? String } == [valid, missing])
        #expect(documents[1]["readError"] as? String == "no such file or directory (check the path)")
        let human = CapturedConsole()
        #expect(await human.run(["validate", missing]) == .unreadable)
        #expect(human.out.hasPrefix("? \(missing)  unreadable: no such file or directory (check the path)\n"))
        #expect(human.err == message)
    }

    @Test func aFolderWhereOneFileIsNeededIsRefusedEverywhere() async {
        for arguments in Self.singleSource(folder.path) {
            let captured = CapturedConsole()
            #expect(await captured.run(arguments) == .unreadable, "\(arguments)")
            #expect(
                captured.err == "vastcheck: cannot read \(folder.path): is a folder, not a file: name one file in it\n")
        }
    }

    @Test func aFolderWithoutXMLFilesIsAnErrorNotAnEmptySuccess() async throws {
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", folder.path]) == .unreadable)
        #expect(captured.err == "vastcheck: cannot read \(folder.path): holds no *.xml file (subfolders included)\n")
        #expect(captured.out.hasSuffix("1 document: 0 valid, 1 invalid (1 unreadable)\n"))
    }

    @Test(arguments: [
        ("ftp://ads.example/tag.xml", "ftp: URLs are not fetched: give an http(s) tag URL or a file path"),
        ("http://", "is not a usable URL"),
    ])
    func aNameThatIsNotAUsableURLIsRefusedBeforeAnyFetch(_ name: String, _ message: String) async {
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", name]) == .unreadable)
        #expect(captured.err.hasPrefix("vastcheck: cannot read \(name): "))
        #expect(captured.err.contains(message), "\(captured.err)")
    }

    @Test func standardInputIsReadOnlyToTheByteCapPlusOneByte() async throws {
        let oversized = Data(repeating: UInt8(ascii: " "), count: 3 << 20)
        let validate = CapturedConsole(stdin: oversized)
        #expect(await validate.run(["validate", "--json", "-"]) == .invalid)
        #expect(validate.standardInputRequests == [(2 << 20) + 1])
        let document = try #require((try validate.json()["documents"] as? [[String: Any]])?.first)
        #expect(document["errorCode"] as? Int == 100)
        #expect(
            document["parseError"] as? [String: String] == [
                "kind": "tooLarge",
                "message": "holds more than the 2097152-byte limit for a VAST document; reading stopped there",
            ])
        let capped = CapturedConsole(stdin: oversized)
        #expect(await capped.run(["validate", "--max-bytes", "100", "-"]) == .invalid)
        #expect(capped.standardInputRequests == [101])
        // The single-source commands see the same refusal as hop 0 failing with 100: no ad, exit 1.
        let inspect = CapturedConsole(stdin: oversized)
        #expect(await inspect.run(["inspect", "--json", "-"]) == .invalid)
        #expect(inspect.standardInputRequests == [(2 << 20) + 1])
        #expect(try inspect.json()["errorCode"] as? Int == 100)
        let report = CapturedConsole(stdin: oversized)
        #expect(await report.run(["report", "-", "--html", "-"]) == .invalid)
        #expect(
            report.out.contains(
                "The document could not be read as VAST (error 100): holds more than the 2097152-byte limit"))
    }

    @Test func aListFromStandardInputIsCappedToo() async throws {
        let list = CapturedConsole(stdin: Data("\(valid)\n".utf8))
        #expect(await list.run(["validate", "--list", "-"]) == .success)
        #expect(list.standardInputRequests == [(64 << 20) + 1])
    }

    @Test func aListWithALineLongerThanAURLIsRefused() async throws {
        let path = folder.appendingPathComponent("tags.txt")
        try Data(("\(valid)\n" + String(repeating: "x", count: 100_000) + "\n").utf8).write(to: path)
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--list", path.path]) == .unreadable)
        #expect(
            captured.err == "vastcheck: cannot read the list \(path.path): line 2 is longer than 65536 bytes: "
                + "a list holds one source per line\n")
        #expect(captured.out.isEmpty)
    }

    @Test func anOversizedFileIsRefusedWithItsSizeUnread() async throws {
        let path = folder.appendingPathComponent("huge.xml").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 1_500_000_000) == 0)
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", path]) == .invalid)
        #expect(
            captured.out.hasPrefix(
                "✗ \(path)  invalid  error 100 (XML parsing error)\n\(path): error: is 1500000000 bytes, "
                    + "over the 2097152-byte limit for a VAST document; nothing was read [hop.document]\n"))
    }
}

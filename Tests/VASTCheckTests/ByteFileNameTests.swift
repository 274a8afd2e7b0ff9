import AdResolution
import Foundation
import TestSupport
import Testing
import VASTCheck

/// File names are bytes: real files whose names are not UTF-8, made in a scratch folder, named on the real
/// `vastcheck`'s command line (as bytes), found in a folder walk and in a `--list`, written with `-o`, and shown
/// with each such byte as `\xHH` in human output, JSON, JUnit and SARIF messages (SARIF's artifact URI
/// percent-encodes the byte, `%FF`, as a URI does). On the base commit every one of them was "no such file":
/// the bytes became U+FFFD on the way in.
@Suite(.serialized) final class ByteFileNameTests: Sendable {
    let scratch: ScratchFolder
    var folder: [UInt8] { Array(scratch.url.path.utf8) }

    /// `café.xml` in Latin-1: 0xE9 is not UTF-8.
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".xml".utf8)
    /// A lone 0xFF, which no UTF-8 holds.
    static let invalid: [UInt8] = Array("tag-".utf8) + [0xFF] + Array(".xml".utf8)
    /// A folder whose name is not UTF-8 either.
    static let folderName: [UInt8] = Array("dir-".utf8) + [0xC3, 0x28]
    static let valid = Repository.path("vast-samples/v20-inline-linear.xml")
    static let invalidDocument = Repository.path("vast-samples/v41-invalid-attribute-values.xml")

    init() throws {
        scratch = try ScratchFolder("byte-names")
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.valid))
        try Self.write(document, to: folder + Array("/".utf8) + Self.latin1)
        try Self.write(
            try Data(contentsOf: URL(fileURLWithPath: Self.invalidDocument)),
            to: folder + Array("/".utf8) + Self.invalid)
        let subfolder = folder + Array("/".utf8) + Self.folderName
        #expect(Self.withPath(subfolder) { mkdir($0, 0o755) } == 0)
        try Self.write(document, to: subfolder + Array("/".utf8) + Self.latin1)
    }

    static func withPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    static func write(_ data: Data, to path: [UInt8]) throws {
        let descriptor = withPath(path) { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        #expect(written == data.count)
    }

    static func read(_ path: [UInt8]) -> Data {
        let descriptor = withPath(path) { open($0, O_RDONLY) }
        guard descriptor >= 0 else { return Data() }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return Data(bytes.prefix(max(0, count)))
    }

    static func exists(_ path: [UInt8]) -> Bool {
        var status = stat()
        return withPath(path) { stat($0, &status) } == 0
    }

    /// The folder as output shows it (its own name is UTF-8).
    var shownFolder: String { scratch.url.path }

    @Test func aFileNamedInBytesOnTheCommandLineIsReadAndShownEscaped() async throws {
        let path = folder + Array("/".utf8) + Self.latin1
        let human = try await ChildProcess.running([Array("validate".utf8), path])
        #expect(human.status == 0, "\(human.errorText)")
        #expect(human.outputText.hasPrefix("✓ \(shownFolder)/caf\\xe9.xml  VAST 2.0  valid"), "\(human.outputText)")
        let json = try await ChildProcess.running([Array("validate".utf8), Array("--json".utf8), path])
        let document = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any])?["documents"]
                as? [[String: Any]])
        #expect(document.first?["source"] as? String == "\(shownFolder)/caf\\xe9.xml")
        #expect(document.first?["valid"] as? Bool == true)
        for command in ["inspect", "simulate"] {
            let run = try await ChildProcess.running([Array(command.utf8), path])
            #expect(run.status == 0, "\(command): \(run.errorText)")
            #expect(run.outputText.contains("caf\\xe9.xml"), "\(command)")
        }
        let missing = try await ChildProcess.running([Array("inspect".utf8), folder + Array("/nope-".utf8) + [0xFF]])
        #expect(missing.status == 2)
        #expect(
            missing.errorText
                == "vastcheck: cannot read \(shownFolder)/nope-\\xff: no such file or directory (check the path)\n")
    }

    @Test func aFolderWalkFindsEveryNameAndShowsItTheSameWayInEveryFormat() async throws {
        let human = try await ChildProcess.running(["validate", shownFolder])
        #expect(human.status == 1, "one document is invalid")
        let lines = human.outputText.split(separator: "\n").filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
        // Name order of the paths relative to the folder: `caf`, `dir-`, `tag-`.
        #expect(
            lines.map { $0.split(separator: " ")[1] } == [
                "\(shownFolder)/caf\\xe9.xml", "\(shownFolder)/dir-\\xc3(/caf\\xe9.xml",
                "\(shownFolder)/tag-\\xff.xml",
            ])
        #expect(human.outputText.contains("\n\(shownFolder)/tag-\\xff.xml:18:15: error: delivery=\"download\""))
        let junit = try await ChildProcess.running(["validate", "--format", "junit", shownFolder])
        #expect(junit.outputText.contains("name=\"\(shownFolder)/tag-\\xff.xml\""), "\(junit.outputText)")
        let sarif = try await ChildProcess.running(["validate", "--format", "sarif", shownFolder])
        let encodedFolder = try #require(
            shownFolder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        #expect(sarif.outputText.contains("\"uri\": \"\(encodedFolder)/tag-%FF.xml\""), "\(sarif.outputText)")
        #expect(!sarif.outputText.contains("\u{FFFD}"))
        let json = try await ChildProcess.running(["validate", "--json", shownFolder])
        #expect(json.outputText.contains("\"source\": \"\(shownFolder)/tag-\\\\xff.xml\""))
    }

    @Test func aListNamesFilesInBytesAndAnOutputFileIsWrittenUnderItsBytes() async throws {
        let list = folder + Array("/list-".utf8) + [0xFE] + Array(".txt".utf8)
        let lines = Self.latin1 + [0x0A] + Self.folderName + Array("/".utf8) + Self.latin1 + [0x0A]
        try Self.write(Data(lines), to: list)
        let output = folder + Array("/out-".utf8) + [0xFF] + Array(".json".utf8)
        let run = try await ChildProcess.running(
            [Array("validate".utf8), Array("--json".utf8), Array("--list".utf8), list, Array("-o".utf8), output])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(Self.exists(output))
        let data = Self.read(output)
        let documents = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["documents"] as? [[String: Any]])
        #expect(
            documents.map { $0["source"] as? String } == [
                "\(shownFolder)/caf\\xe9.xml", "\(shownFolder)/dir-\\xc3(/caf\\xe9.xml",
            ])
        let unreadable = try await ChildProcess.running([Array("validate".utf8), Array("--list".utf8), list + [0x41]])
        #expect(unreadable.status == 2)
        #expect(unreadable.errorText.contains("cannot read the list \(shownFolder)/list-\\xfe.txtA: no such file"))
    }

    /// `.vastcheck.json` in a folder whose name is not UTF-8 is found from that folder (the search looks under
    /// the folder's own bytes), and a broken one is named with the byte shown as `\xHH`.
    @Test func aSettingsFileInAFolderNamedInBytesIsFoundAndNamedEscaped() async throws {
        let subfolder = folder + Array("/".utf8) + Self.folderName
        let settings = subfolder + Array("/.vastcheck.json".utf8)
        try Self.write(
            Data(#"{"severity": {"attribute.enumeration": "info", "attribute.value": "info"}}"#.utf8), to: settings)
        defer { _ = Self.withPath(settings) { unlink($0) } }
        let captured = CapturedConsole()
        var console = captured.console
        console.workingDirectory = FileName.string(subfolder)
        #expect(
            await VASTCheck.run(["validate", Self.invalidDocument], console: console) == .success, "\(captured.err)")
        try Self.write(Data(#"{"disabled": []}"#.utf8), to: settings)
        let broken = CapturedConsole()
        var brokenConsole = broken.console
        brokenConsole.workingDirectory = FileName.string(subfolder)
        #expect(await VASTCheck.run(["validate", Self.invalidDocument], console: brokenConsole) == .unreadable)
        #expect(
            broken.err.hasPrefix("vastcheck: cannot use \(shownFolder)/dir-\\xc3(/.vastcheck.json: "), "\(broken.err)")
    }
}

import AdTransport
import Foundation
import Synchronization
import Testing
import VAST

@testable import AdResolution

/// The source loader on real files, folders, pipes and lists: names sorted into kinds, one error
/// vocabulary, and reads that never go past a limit plus one byte.
@Suite final class SourceLoaderTests: Sendable {
    /// A fresh folder per test, removed when the test ends.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        chmod(folder.path + "/b", 0o700)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The error `body` throws, or `nil`.
    private func failure(_ body: () throws -> Void) -> SourceError? {
        do {
            try body()
            return nil
        } catch {
            return error as? SourceError
        }
    }

    @discardableResult
    private func makeFile(_ relative: String, _ text: String = "<VAST version=\"4.2\"/>") throws -> String {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func names(_ results: [Result<VASTSource, SourceError>]) -> [String] {
        results.map { result in
            switch result {
            case .success(let source): source.name
            case .failure(let error): "error \(error.code.description) \(error.source)"
            }
        }
    }

    // MARK: Names

    @Test func namesAreSortedIntoStandardInputTagURLsAndPaths() throws {
        let loader = SourceLoader()
        #expect(try loader.source(named: "-") == .standardInput)
        let tag = try loader.source(named: "HTTPS://Ads.Example/vast?pos=pre#f")
        #expect(tag.name == "HTTPS://Ads.Example/vast?pos=pre#f")
        guard case .tag(let url) = tag.kind else {
            Issue.record("not a tag: \(tag)")
            return
        }
        #expect(url.scheme == "https" && url.host == "ads.example" && url.query == "pos=pre")
        let file = try makeFile("tag.xml")
        #expect(try loader.source(named: "file://" + file).kind == .file(path: file))
        #expect(try loader.source(named: file).kind == .file(path: file))
    }

    @Test(arguments: [
        ("ftp://ads.example/tag.xml", SourceError.Code.notAURL, "ftp: URLs are not fetched"),
        ("http://", .notAURL, "is not a usable URL"),
        ("https://bad host/x", .notAURL, "is not a usable URL"),
        ("file://elsewhere.example/tag.xml", .notAURL, "is not a usable URL"),
        ("file://localhost/no/such.xml", .notFound, "no such file or directory"),
        ("notes:v2.xml", .notFound, "no such file or directory"),
        ("/no/such/folder/tag.xml", .notFound, "no such file or directory"),
    ])
    func namesThatCannotBeUsedAreTypedErrors(_ name: String, _ kind: SourceError.Code, _ message: String) {
        let error = failure { _ = try SourceLoader().source(named: name) }
        #expect(error?.code == kind && error?.source == name)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func aFileSourceCarriesItsAbsoluteFileURLAsTheBaseForRelativeWrappers() throws {
        let path = try makeFile("tags/my tag #1.xml")
        let source = try SourceLoader().source(named: path)
        let base = try #require(source.baseURL)
        let encodedFolder = folder.path.split(separator: "/").map { String($0) }.joined(separator: "/")
        #expect(base.string == "file:///\(encodedFolder)/tags/my%20tag%20%231.xml")
        // RFC 3986 resolution against it (AbsoluteURL's) lands in the file's folder.
        #expect(try base.resolving("wrapper-b.xml").string == "file:///\(encodedFolder)/tags/wrapper-b.xml")
        #expect(VASTSource.standardInput.baseURL == nil)
    }

    @Test func aRelativePathGetsTheCurrentDirectoryInItsBaseURL() throws {
        let source = VASTSource.file("vast-samples/x.xml")
        let expected = "file://" + FileManager.default.currentDirectoryPath + "/vast-samples/x.xml"
        #expect(source.baseURL?.string == expected)
    }

    // MARK: Files and standard input

    @Test func aFileIsReadWhole() throws {
        let path = try makeFile("a.xml", "<VAST version=\"4.2\"></VAST>")
        let loaded = try SourceLoader().load(.file(path))
        #expect(loaded.bytes == Array("<VAST version=\"4.2\"></VAST>".utf8))
        #expect(try SourceLoader().load(.tag(AbsoluteURL(parsing: "https://a.example/t"))).bytes == nil)
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSizeBeforeAnythingIsRead() throws {
        let path = folder.appendingPathComponent("huge.xml").path
        // 1.5 GB, sparse: reading it whole would take seconds and 1.5 GB of memory.
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(descriptor, 1_500_000_000) == 0)
        close(descriptor)
        let error = failure { _ = try SourceLoader().load(.file(path)) }
        #expect(error?.code == .tooLarge && error?.vastErrorCode == .xmlParsing)
        #expect(
            error?.message == "is 1500000000 bytes, over the 2097152-byte limit for a VAST document; nothing was read")
    }

    @Test func aFileExactlyAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let loader = SourceLoader(limits: SourceLimits(maxDocumentBytes: 10))
        #expect(try loader.load(.file(try makeFile("ten.xml", "0123456789"))).bytes?.count == 10)
        let eleven = try makeFile("eleven.xml", "0123456789A")
        #expect(failure { _ = try loader.load(.file(eleven)) }?.code == .tooLarge)
    }

    @Test func aFolderOrAMissingFileIsATypedErrorWhenReading() throws {
        let loader = SourceLoader()
        #expect(failure { _ = try loader.load(.file(folder.path)) }?.code == .isDirectory)
        #expect(failure { _ = try loader.load(.file(folder.path + "/gone.xml")) }?.code == .notFound)
        #expect(failure { _ = try loader.source(named: folder.path) }?.code == .isDirectory)
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every file whatever its mode"))
    func anUnreadableFileIsPermissionDenied() throws {
        let path = try makeFile("secret.xml")
        #expect(chmod(path, 0) == 0)
        #expect(failure { _ = try SourceLoader().load(.file(path)) }?.code == .permissionDenied)
    }

    /// A pipe with a thread writing `total` bytes into it; counts what got in so far.
    private final class PipeWriter: Sendable {
        let readEnd: Int32
        private let written = Atomic<Int>(0)

        init(total: Int) {
            var ends: [Int32] = [0, 0]
            _ = pipe(&ends)
            readEnd = ends[0]
            let writeEnd = ends[1]
            Thread.detachNewThread { [self] in
                let chunk = [UInt8](repeating: UInt8(ascii: "<"), count: 64 << 10)
                while written.load(ordering: .relaxed) < total {
                    let count = chunk.withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    written.add(count, ordering: .relaxed)
                }
                close(writeEnd)
            }
        }

        var bytesWritten: Int { written.load(ordering: .relaxed) }

        /// Reads the rest, so the writer finishes and closes its end, then closes the read end.
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while buffer.withUnsafeMutableBytes({ Foundation.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            close(readEnd)
        }
    }

    @Test func standardInputIsReadOnlyToTheLimitPlusOneByte() throws {
        let writer = PipeWriter(total: 32 << 20)
        defer { writer.drain() }
        let loader = SourceLoader(
            limits: SourceLimits(maxDocumentBytes: 1 << 20),
            standardInput: .fileDescriptor(writer.readEnd))
        let error = failure { _ = try loader.load(.standardInput) }
        #expect(error?.code == .tooLarge && error?.source == "-" && error?.vastErrorCode == .xmlParsing)
        #expect(error?.message == "holds more than the 1048576-byte limit for a VAST document; reading stopped there")
        // The writer is blocked on a full pipe: what it got in is the limit, a pipe buffer and a chunk.
        #expect(writer.bytesWritten < 4 << 20, "the loader read \(writer.bytesWritten) bytes of 32 MiB")
    }

    @Test func standardInputWithinTheLimitIsReadToItsEnd() throws {
        let writer = PipeWriter(total: 3 << 16)
        defer { writer.drain() }
        let loaded = try SourceLoader(standardInput: .fileDescriptor(writer.readEnd)).load(.standardInput)
        #expect(loaded.bytes?.count == 3 << 16)
    }

    // MARK: Folders

    /// Makes `names` below the folder, with `b/loop` a link to the folder itself and `link.xml` a link to `a.xml`.
    private func makeTreeWithLinks(_ names: [String]) throws {
        for name in names { try makeFile(name) }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/b/loop", withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/link.xml", withDestinationPath: folder.path + "/a.xml")
    }

    @Test func aFolderYieldsEveryXMLFileBelowItInNameOrderWithoutFollowingLinkedFolders() throws {
        try makeTreeWithLinks(["b/c/z.xml", "a.xml", "b/m.XML", "notes.txt", ".hidden.xml", "b/c/d/deep.xml"])
        let results = SourceLoader().sources(named: folder.path)
        #expect(
            names(results)
                == [".hidden.xml", "a.xml", "b/c/d/deep.xml", "b/c/z.xml", "b/m.XML", "link.xml"]
                .map { folder.path + "/" + $0 })
        if case .success(let source) = results[1] { #expect(source.kind == .file(path: folder.path + "/a.xml")) }
    }

    @Test func theFileListingWalksTheSameTreeAndStopsAtItsLimit() throws {
        try makeTreeWithLinks(["b/c/z.xml", "a.xml", "b/m.XML", "notes.txt", "b/c/d/deep.json", "b/run.JSON"])
        #expect(
            SourceLoader.files(under: folder.path, suffix: ".xml")?.sorted()
                == ["a.xml", "b/c/z.xml", "b/m.XML", "link.xml"])
        #expect(
            SourceLoader.files(under: folder.path + "/", suffix: ".Json")?.sorted() == [
                "b/c/d/deep.json", "b/run.JSON",
            ])
        #expect(SourceLoader.files(under: folder.path, suffix: ".xml", limit: 2)?.count == 2)
        #expect(SourceLoader.files(under: folder.path + "/notes.txt", suffix: ".xml") == nil)
        #expect(SourceLoader.files(under: folder.path + "/missing", suffix: ".xml") == nil)
    }

    @Test func aFolderWithoutXMLFilesOrWithTooManyIsAnError() throws {
        try makeFile("empty/readme.txt")
        #expect(names(SourceLoader().sources(named: folder.path + "/empty")) == ["error empty \(folder.path)/empty"])
        for index in 0..<4 { try makeFile("many/\(index).xml") }
        let loader = SourceLoader(limits: SourceLimits(maxDirectoryFiles: 3))
        #expect(names(loader.sources(named: folder.path + "/many")) == ["error tooManyFiles \(folder.path)/many"])
        #expect(
            names(SourceLoader(limits: SourceLimits(maxDirectoryFiles: 4)).sources(named: folder.path + "/many")).count
                == 4)
    }

    @Test(.enabled(if: geteuid() != 0, "root opens every folder whatever its mode"))
    func aSubfolderThatCannotBeOpenedIsReportedInItsPlace() throws {
        for name in ["a.xml", "b/x.xml", "c.xml"] { try makeFile(name) }
        #expect(chmod(folder.path + "/b", 0) == 0)
        #expect(
            names(SourceLoader().sources(named: folder.path))
                == [folder.path + "/a.xml", "error permissionDenied \(folder.path)/b", folder.path + "/c.xml"])
    }

    // MARK: Lists

    @Test func listEntriesSkipBlankLinesAndCommentsAndKeepFragments() throws {
        let text =
            "\u{FEFF}# tags for the March campaign\r\n\n  https://a.example/vast?x=1#frag  \r\n\t\n"
            + "   # indented comment\nhttps://c.example/v?cb=[CACHEBUSTING]&ifa=%%IFA%%\n"
            + "https://d.example/v # not a comment: part of the line\n#last"
        let loader = SourceLoader(standardInput: .bytes(Array(text.utf8)))
        let list = try loader.list(atPath: "-")
        #expect(list.count == 3 && list.hasTags)
        // A URL with a space cannot be fetched: the whole line is refused in its place.
        #expect(
            names(Array(IteratorSequence(list.makeIterator()))) == [
                "https://a.example/vast?x=1#frag", "https://c.example/v?cb=[CACHEBUSTING]&ifa=%%IFA%%",
                "error notAURL https://d.example/v # not a comment: part of the line",
            ])
    }

    @Test func aListFileIsReadALineAtATimeWhateverItsLineEnds() throws {
        // Lines of every length up to 300, ending in \n, \r\n or \r in turn: many cross the
        // reader's 64 KiB chunk boundary, some with the \r\n split across it.
        var lines: [String] = []
        var text = ""
        for index in 0..<2_000 {
            let line = "https://ads.example/vast?i=\(index)&pad=" + String(repeating: "x", count: index % 300)
            lines.append(line)
            text += line + ["\n", "\r\n", "\r"][index % 3]
        }
        text += "last-without-newline.xml"
        let path = try makeFile("long.txt", text)
        let reader = try LineReader(path: path, name: path, maxLineBytes: 1 << 16, maxTotalBytes: 1 << 26)
        var read: [String] = []
        while let line = try reader.next() { read.append(line) }
        #expect(read == lines + ["last-without-newline.xml"])
        let list = try SourceLoader().list(atPath: path)
        #expect(list.count == lines.count + 1 && list.hasTags)
        #expect(
            names(Array(IteratorSequence(list.makeIterator())))
                == lines + ["error notFound \(folder.path)/last-without-newline.xml"])
    }

    @Test func relativeEntriesAreTakenFromTheListsFolderAndDashIsAFileThere() throws {
        try makeFile("docs/a.xml")
        try makeFile("lists/beside.xml")
        try makeFile("lists/-")
        let path = try makeFile("lists/tags.txt", "../docs/a.xml\nbeside.xml\n-\n../docs\n")
        let list = try SourceLoader().list(atPath: path)
        let lists = folder.path + "/lists"
        #expect(
            names(Array(IteratorSequence(list.makeIterator())))
                == [lists + "/../docs/a.xml", lists + "/beside.xml", lists + "/-", lists + "/../docs/a.xml"])
    }

    @Test func aListOverItsLimitsIsRefusedWithoutBeingHeld() throws {
        let big = try makeFile("big.txt", String(repeating: "https://ads.example/vast?i=1\n", count: 40_000))
        let loader = SourceLoader(limits: SourceLimits(maxListBytes: 1 << 20))
        let error = failure { _ = try loader.list(atPath: big) }
        #expect(error?.code == .tooLarge && error?.message.contains("1048576-byte limit for a list of sources") == true)
        let long = try makeFile("long-line.txt", "https://a.example/\n" + String(repeating: "x", count: 200_000) + "\n")
        #expect(
            failure { _ = try SourceLoader().list(atPath: long) }?.message
                == "line 2 is longer than 65536 bytes: a list holds one source per line")
        let piped = SourceLoader(
            limits: SourceLimits(maxListBytes: 100), standardInput: .bytes(Array(repeating: 0x41, count: 500)))
        #expect(failure { _ = try piped.list(atPath: "-") }?.code == .tooLarge)
    }

    @Test func aListThatNamesNothingOrIsMissingIsAnError() throws {
        let empty = try makeFile("empty.txt", "# nothing yet\n\n")
        #expect(failure { _ = try SourceLoader().list(atPath: empty) }?.code == .empty)
        #expect(failure { _ = try SourceLoader().list(atPath: self.folder.path + "/none.txt") }?.code == .notFound)
        #expect(failure { _ = try SourceLoader().list(atPath: self.folder.path) }?.code == .isDirectory)
    }

    // MARK: Data files

    @Test func dataFilesAreCappedAndMustNotBeEmpty() throws {
        let loader = SourceLoader(limits: SourceLimits(maxDataBytes: 8))
        #expect(try loader.data(named: try makeFile("ok.json", "{\"a\":1}")) == Array("{\"a\":1}".utf8))
        let big = try makeFile("big.json", "{\"a\":12345}")
        let empty = try makeFile("empty.json", "")
        #expect(failure { _ = try loader.data(named: big) }?.code == .tooLarge)
        #expect(failure { _ = try loader.data(named: empty) }?.code == .empty)
    }
}

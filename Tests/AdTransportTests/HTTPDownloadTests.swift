import AdTransport
import Foundation
import TestSupport
import Testing

/// Downloads to a file or a bounded buffer, with ranges and validators, against the loopback
/// server's `/media/` route: real sockets, real libcurl, real files.
@Suite(.serialized) struct HTTPDownloadTests {
    let server: TestServer
    let client: HTTPClient
    let folder: ScratchFolder
    /// 300,000 bytes that repeat nowhere (a range in the wrong place would show).
    let bytes: [UInt8]

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
        folder = try ScratchFolder("download")
        var generator = SplitMix64(seed: 27)
        bytes = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let media = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data(bytes).write(to: media.appendingPathComponent("clip.mp4"))
        try server.serveMedia(from: media.path)
    }

    private func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    private func contents(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.url.appendingPathComponent(name)))
    }

    @Test func aFileDownloadWritesTheBodyAndReportsTheHeaders() async throws {
        let response = try await client.download(
            HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .file(path("out")), maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        #expect(response.status == 200)
        #expect(response.bytes == bytes.count)
        #expect(response.body.isEmpty)
        #expect(response.headers.mediaType == "video/mp4")
        #expect(response.headers.contentLength == bytes.count)
        #expect(response.headers.etag?.hasPrefix("\"") == true)
        #expect(response.totalSize == bytes.count)
        #expect(try contents("out") == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: path("out"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aResumedRangeIsWrittenAfterTheBytesAlreadyThere() async throws {
        let first = try await client.download(
            HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .file(path("out")), maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        // The first 1,000 bytes, then a byte past them that the resume must cut away.
        try Data(bytes[0..<1000] + [0xFF]).write(to: folder.url.appendingPathComponent("out"))
        let resumed = try await client.download(
            HTTPDownload(
                url: server.mediaURL("clip.mp4"), destination: .file(path("out")), range: .from(1000),
                validator: first.validator, maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        #expect(resumed.status == 206)
        #expect(resumed.bytes == bytes.count - 1000)
        #expect(
            resumed.headers.contentRange == HTTPContentRange(first: 1000, last: bytes.count - 1, total: bytes.count))
        #expect(resumed.totalSize == bytes.count)
        #expect(try contents("out") == bytes)
        let log = try server.mediaLog()
        #expect(log.map(\.range) == [nil, "bytes=1000-"])
        #expect(log.map(\.ifRange) == [nil, first.headers.etag])
    }

    @Test func aValidatorThatNoLongerMatchesBringsTheWholeFile() async throws {
        try Data(bytes[0..<1000]).write(to: folder.url.appendingPathComponent("out"))
        let stale = HTTPValidator(etag: "\"an-older-version\"", lastModified: nil)
        let response = try await client.download(
            HTTPDownload(
                url: server.mediaURL("clip.mp4"), destination: .file(path("out")), range: .from(1000),
                validator: stale, maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        #expect(response.status == 200)
        #expect(try contents("out") == bytes)
    }

    @Test func anUnchangedFileAnswers304AndTheFileIsNotTouched() async throws {
        let first = try await client.download(
            HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .file(path("out")), maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        try Data([1, 2, 3]).write(to: folder.url.appendingPathComponent("other"))
        let again = try await client.download(
            HTTPDownload(
                url: server.mediaURL("clip.mp4"), destination: .file(path("other")), validator: first.validator,
                maxBytes: 1 << 20),
            deadline: .now + .seconds(10))
        #expect(again.notModified)
        #expect(again.bytes == 0)
        #expect(try contents("other") == [1, 2, 3])
        #expect(try server.mediaLog().map(\.ifNoneMatch) == [nil, first.headers.etag])
    }

    @Test func aTruncatingMemoryDownloadKeepsThePrefixOfAServerThatIgnoresRange() async throws {
        let response = try await client.download(
            HTTPDownload(
                url: server.mediaURL("clip.mp4", query: "no_range=1"), destination: .memory,
                range: .bytes(first: 0, last: 4095), maxBytes: 4096, overLimit: .truncate),
            deadline: .now + .seconds(10))
        #expect(response.status == 200)
        #expect(response.truncated)
        #expect(response.body == Array(bytes[0..<4096]))
        #expect(response.totalSize == bytes.count)
    }

    @Test func aSuffixRangeReadsTheEndOfTheFile() async throws {
        let response = try await client.download(
            HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .memory, range: .suffix(500), maxBytes: 500),
            deadline: .now + .seconds(10))
        #expect(response.status == 206)
        #expect(!response.truncated)
        #expect(response.body == Array(bytes.suffix(500)))
        #expect(response.headers.contentRange?.first == bytes.count - 500)
    }

    @Test func aBodyOverTheCapFailsAndAnErrorPageNeverReachesTheFile() async throws {
        await #expect {
            try await client.download(
                HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .file(path("big")), maxBytes: 1000),
                deadline: .now + .seconds(10))
        } throws: { ($0 as? HTTPError)?.code == .tooLarge }
        try Data([7]).write(to: folder.url.appendingPathComponent("kept"))
        await #expect {
            try await client.download(
                HTTPDownload(url: server.mediaURL("missing.mp4"), destination: .file(path("kept")), maxBytes: 1000),
                deadline: .now + .seconds(10))
        } throws: { ($0 as? HTTPError)?.status == 404 }
        #expect(try contents("kept") == [7])
    }

    @Test func aSymbolicLinkAtTheDestinationIsRefusedAndItsTargetUntouched() async throws {
        let target = folder.url.appendingPathComponent("target")
        try Data([9, 9]).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: target.path)
        await #expect {
            try await client.download(
                HTTPDownload(url: server.mediaURL("clip.mp4"), destination: .file(path("link")), maxBytes: 1 << 20),
                deadline: .now + .seconds(10))
        } throws: { ($0 as? HTTPError)?.code == .writeFailed }
        #expect(try Array(Data(contentsOf: target)) == [9, 9])
    }

    @Test func aRangeTheServerPlacesElsewhereIsRefused() async throws {
        try Data(bytes[0..<1000]).write(to: folder.url.appendingPathComponent("out"))
        // The server sends bytes from 1,010 where a resume from byte 1,000 was asked for.
        await #expect {
            try await client.download(
                HTTPDownload(
                    url: server.mediaURL("clip.mp4", query: "shift_range=10"), destination: .file(path("out")),
                    range: .from(1000), maxBytes: 1 << 20),
                deadline: .now + .seconds(10))
        } throws: { ($0 as? HTTPError)?.code == .unexpectedRange }
        #expect(try contents("out") == Array(bytes[0..<1000]))
    }
}

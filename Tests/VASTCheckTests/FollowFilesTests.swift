import Foundation
import Testing
import VASTCheck

/// `validate --follow` on local files that wrap each other by relative VASTAdTagURI: the chain resolves
/// against each file's folder (RFC 3986; VAST-FACTS 4), file by file, with no network access.
@Suite struct FollowFilesTests {
    /// A folder holding a.xml -> b.xml -> sub/c.xml, the last an InLine; every tracking URL is loopback.
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        func wrapper(_ id: String, next: String) -> String {
            """
            <VAST version="3.0"><Ad id="\(id)"><Wrapper><AdSystem>\(id)</AdSystem><VASTAdTagURI>\(next)</VASTAdTagURI>\
            <Impression>http://127.0.0.1:9/imp-\(id)</Impression><Creatives/></Wrapper></Ad></VAST>
            """
        }
        try wrapper("a", next: "b.xml").write(
            to: folder.appendingPathComponent("a.xml"), atomically: true, encoding: .utf8)
        try wrapper("b", next: "sub/c.xml").write(
            to: folder.appendingPathComponent("b.xml"), atomically: true, encoding: .utf8)
        try """
        <VAST version="3.0"><Ad id="c"><InLine><AdSystem>c</AdSystem><AdTitle>c</AdTitle>\
        <Impression>http://127.0.0.1:9/imp-c</Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration>\
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
        http://127.0.0.1:9/v.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """.write(to: folder.appendingPathComponent("sub/c.xml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aFolderOfTagsThatWrapEachOtherByRelativeURIResolvesFileByFile() async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let captured = CapturedConsole()
        _ = await captured.run(["validate", "--json", "--follow", folder.appendingPathComponent("a.xml").path])
        let document = try #require((try captured.json()["documents"] as? [[String: Any]])?.first)
        let chain = try #require(document["chain"] as? [[String: Any]])
        let base = "file://" + folder.standardizedFileURL.path
        #expect(
            chain.map { "\($0["kind"] as? String ?? "") \($0["url"] as? String ?? "")" } == [
                "wrapper \(folder.appendingPathComponent("a.xml").path)",
                "wrapper \(base)/b.xml",
                "inline \(base)/sub/c.xml",
            ])
        #expect(document["errorCode"] == nil)
        #expect(document["valid"] as? Bool == true)
        let rules = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules.filter { $0 == "url.relative" }.count == 2)
        #expect(document["counts"] != nil)
    }
}

import Foundation

/// Documents the serve tests post.
enum ServeFixtures {
    /// A valid InLine whose AdTitle is a hostile script.
    static let hostile = """
        <VAST version="4.2"><Ad id="x"><InLine><AdSystem>t</AdSystem>\
        <AdTitle>&lt;script&gt;window.__pwned=1;document.title='pwned'&lt;/script&gt;&lt;img src=x onerror="window.__pwned=2"&gt;</AdTitle>\
        <Impression><![CDATA[https://example.com/imp?<script>]]></Impression>\
        <Creatives><Creative><Linear><Duration>00:00:02</Duration><MediaFiles>\
        <MediaFile delivery="progressive" type="video/mp4" width="320" height="240">\
        <![CDATA[https://example.com/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>\
        </InLine></Ad></VAST>
        """

    /// A folder holding `inside.xml`, a symbolic link `escape.xml` to `outside.xml` beside the folder, and
    /// `outside.xml` itself one level up.
    static func folderWithEscape() throws -> (folder: String, root: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-folder-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(hostile.utf8).write(to: folder.appendingPathComponent("inside.xml"))
        try Data("<VAST version=\"4.2\"/>".utf8).write(to: root.appendingPathComponent("outside.xml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("escape.xml").path, withDestinationPath: "../outside.xml")
        return (folder.path, root.path)
    }
}

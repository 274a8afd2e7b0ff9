import Foundation
import TestSupport
import Testing

/// Golden files for `inspect` and `simulate` under `Tests/VASTCheckTests/Golden/`.
///
/// `UPDATE_GOLDEN=1 swift test --filter 'Inspect|Simulate'` rewrites them from the current output
/// (read the diff before keeping it). Output is normalised first: the loopback server's port becomes
/// `PORT`, and fetch times (`ms`) and connection reuse, which vary from run to run, become fixed.
enum InspectGolden {
    static let folder = Repository.root.appendingPathComponent("Tests/VASTCheckTests/Golden")

    /// The fixed clock and random seed every golden run uses, so `[TIMESTAMP]` and `[CACHEBUSTING]` repeat.
    static let profile = ["--start", "2024-05-01T12:00:00Z", "--seed", "42"]

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Replaces what varies between runs: the checkout's path, `127.0.0.1:<port>`, hop times and connection reuse.
    static func normalise(_ text: String, port: Int? = nil) -> String {
        var text = text.replacingOccurrences(of: Repository.root.path + "/", with: "")
        if let port {
            text = text.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:PORT")
            text = text.replacingOccurrences(of: "127.0.0.1%3A\(port)", with: "127.0.0.1%3APORT")  // in [ASSETURI]
        }
        text = text.replacingOccurrences(of: #""ms": [0-9]+"#, with: #""ms": 0"#, options: .regularExpression)
        text = text.replacingOccurrences(
            of: #""connectionReused": (true|false)"#, with: #""connectionReused": false"#,
            options: .regularExpression)
        text = text.replacingOccurrences(of: #"  [0-9]+ ms  "#, with: "  # ms  ", options: .regularExpression)
        return text
    }

    /// Compares `actual` (normalised) with the golden file `name`, or rewrites it with `UPDATE_GOLDEN=1`.
    static func check(
        _ actual: String, _ name: String, port: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = normalise(actual, port: port)
        let url = folder.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); run with UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if text != expected {
            let actualLines = text.components(separatedBy: "\n")
            let expectedLines = expected.components(separatedBy: "\n")
            let first =
                zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            Issue.record(
                """
                output differs from \(name) at line \(first + 1) (UPDATE_GOLDEN=1 rewrites it):
                expected: \(first < expectedLines.count ? expectedLines[first] : "<end>")
                actual:   \(first < actualLines.count ? actualLines[first] : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}

/// The 3-hop chain the loopback golden tests serve: two Wrappers, then an InLine whose pixels carry
/// macros (so the goldens show them expanded) and quartile tracking.
enum InspectChain {
    static func register(_ name: String, on server: TestServer) throws -> String {
        let start = ChainDocuments.pixel("start", hop: 2)
        let complete = ChainDocuments.pixel("complete", hop: 2)
        var inLine = ChainDocuments.inLine(hop: 2)
        inLine = inLine.replacingOccurrences(
            of: "<![CDATA[\(start)]]>",
            with: "<![CDATA[\(start)?ts=[TIMESTAMP]&cb=[CACHEBUSTING]&ph=[ADPLAYHEAD]&asset=[ASSETURI]&ip=[DEVICEIP]]]>"
        )
        inLine = inLine.replacingOccurrences(
            of: "<Tracking event=\"complete\"><![CDATA[\(complete)]]></Tracking>",
            with: """
                <Tracking event="complete"><![CDATA[\(complete)?ph=[ADPLAYHEAD]&cb=[CACHEBUSTING]]]></Tracking>
                <Tracking event="firstQuartile"><![CDATA[\(ChainDocuments.pixel("firstQuartile", hop: 2))]]></Tracking>
                <Tracking event="midpoint"><![CDATA[\(ChainDocuments.pixel("midpoint", hop: 2))?ts=[TIMESTAMP]]]></Tracking>
                <Tracking event="thirdQuartile"><![CDATA[\(ChainDocuments.pixel("thirdQuartile", hop: 2))]]></Tracking>
                <Tracking event="pause"><![CDATA[\(ChainDocuments.pixel("pause", hop: 2))?ph=[ADPLAYHEAD]]]></Tracking>
                <Tracking event="resume"><![CDATA[\(ChainDocuments.pixel("resume", hop: 2))?ph=[ADPLAYHEAD]]]></Tracking>
                """)
        return try server.registerChain(name, hops: 3, last: inLine)
    }
}

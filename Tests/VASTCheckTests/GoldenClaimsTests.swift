import Foundation
import Testing

/// Every golden of `Golden/` against the claim written for it by hand (`GoldenClaims`): the goldens are
/// compared with the commands' output elsewhere, and here with an independent statement of what they must say.
@Suite struct GoldenClaimsTests {
    static func text(_ file: String) throws -> String {
        try String(contentsOf: GoldenFile.folder.appendingPathComponent(file), encoding: .utf8)
    }

    static func json(_ file: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try text(file).utf8))
    }

    @Test func everyGoldenHasExactlyOneClaim() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: GoldenFile.folder.path)
            .filter { !GoldenClaims.inputs.contains($0) }
        let claimed = GoldenClaims.table.map(\.file)
        #expect(Set(claimed).count == claimed.count, "a golden claimed twice")
        #expect(Set(files) == Set(claimed), "unclaimed: \(Set(files).subtracting(claimed).sorted())")
        let vast = GoldenClaims.table.filter { $0.basis.hasPrefix("VAST 4.3") }.count
        print("golden claims: \(claimed.count) goldens checked against hand-written claims, \(vast) citing VAST 4.3")
    }

    @Test(arguments: GoldenClaims.table.map(\.file))
    func theGoldenSaysWhatItsClaimSays(_ file: String) throws {
        let row = try #require(GoldenClaims.table.first { $0.file == file })
        switch row.claim {
        case .verdict(let valid, let code, let rules):
            let text = try Self.text(file)
            let first = try #require(text.split(separator: "\n").first.map(String.init))
            #expect(first.hasPrefix(valid ? "✓ " : "✗ "), "\(first)")
            #expect(first.contains(valid ? "  valid  " : "  invalid  "), "\(first)")
            let codes = first.matches(of: #/ error (\d{3}) \(/#).map { Int($0.1)! }
            #expect(codes == (code.map { [$0] } ?? []), "\(first)")
            let found = text.split(separator: "\n").compactMap { line in
                line.firstMatch(of: #/ \[([a-z][A-Za-z0-9.-]*)\]$/#).map { String($0.1) }
            }
            #expect(found == rules)
        case .events(let events):
            let entries = try #require(try Self.json(file) as? [[String: Any]])
            #expect(entries.map { $0["event"] as? String ?? "?" } == events)
        case .closing(let line):
            let lines = try Self.text(file).split(separator: "\n").map(String.init)
            #expect(lines.contains(line), "\(lines.suffix(3))")
        case .chain(let kinds, let ad, let media, let impressions):
            if file.hasSuffix(".json") {
                let object = try #require(try Self.json(file) as? [String: Any])
                let chain = try #require(object["chain"] as? [[String: Any]])
                #expect(chain.map { $0["kind"] as? String ?? "?" } == kinds)
                let played = try #require(object["ad"] as? [String: Any])
                #expect(played["id"] as? String == ad)
                #expect((played["mediaFile"] as? [String: Any])?["url"] as? String == media)
                #expect((played["impressions"] as? [Any])?.count == impressions)
            } else {
                let text = try Self.text(file)
                #expect(text.matches(of: #/hop \d+  (wrapper|inline)  /#).map { String($0.1) } == kinds)
                #expect(text.contains("\nAd \(ad) ("))
                let chosen = text.split(separator: "\n").filter { $0.contains("chosen: ") }
                #expect(chosen.count == 1 && chosen.first?.hasSuffix("  " + media) == true, "\(chosen)")
                let section = text.components(separatedBy: "\n    impression\n").dropFirst().first ?? ""
                let lines = section.split(separator: "\n").prefix { $0.hasPrefix("      ") }
                #expect(lines.count == impressions, "\(lines)")
            }
        case .model(let kinds, let ads):
            let object = try #require(try Self.json(file) as? [String: Any])
            #expect((object["chain"] as? [[String: Any]])?.map { $0["kind"] as? String ?? "?" } == kinds)
            #expect((object["ads"] as? [Any])?.count == ads)
        case .usage(let start):
            #expect(try Self.text(file).hasPrefix(start))
        case .decisions(let reasons, let summary):
            if file.hasSuffix(".json") {
                let object = try #require(try Self.json(file) as? [String: Any])
                let steps = try #require(object["steps"] as? [[String: Any]])
                #expect(steps.compactMap { ($0["decision"] as? [String: Any])?["reason"] as? String } == reasons)
                #expect(object["summary"] as? [String: Int] == summary)
            } else {
                let text = try Self.text(file)
                #expect(text.matches(of: #/decision: (?:allowed|refused) \((\w+)\)/#).map { String($0.1) } == reasons)
            }
        }
    }
}

import Foundation
import Testing
import VAST

@testable import VASTCheck

/// The documentation a newcomer reads: every link stays inside the repository and names a file that exists,
/// and the rule catalogue page is what the catalogue says.
@Suite struct DocumentationTests {
    /// Every Markdown file of the repository (not the build folders).
    static var markdownFiles: [URL] {
        let root = Repository.root
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.lastPathComponent == "out" { walker.skipDescendants() }
            if url.pathExtension == "md" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyLinkInTheDocumentationStaysInTheRepositoryAndResolves() throws {
        let files = Self.markdownFiles
        #expect(files.contains { $0.lastPathComponent == "README.md" })
        #expect(files.count > 10)
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        let root = Repository.root.standardizedFileURL.path
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = String(file.path.dropFirst(root.count + 1))
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                if target.hasPrefix("#") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                if target.contains("://") || target.hasPrefix("mailto:") || path.hasPrefix("/") {
                    problems.append("\(name): \(target) leaves the repository")
                    continue
                }
                let resolved = file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                if !resolved.path.hasPrefix(root + "/") && resolved.path != root {
                    problems.append("\(name): \(target) leaves the repository")
                } else if !FileManager.default.fileExists(atPath: resolved.path) {
                    problems.append("\(name): \(target) does not exist")
                }
            }
        }
        #expect(problems == [])
    }

    @Test func theRuleCataloguePageIsMadeFromTheCatalogue() throws {
        let page = try String(contentsOfFile: Repository.path("docs/rules.md"), encoding: .utf8)
        #expect(page == RulesCommand.markdown(VASTRuleCatalog.all), "run Tools/docs to write docs/rules.md again")
        for rule in VASTRuleCatalog.all { #expect(page.contains("| `\(rule.id)` |")) }
    }
}

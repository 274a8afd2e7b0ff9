import Foundation
import TestSupport
import Testing
import VAST

/// The rule catalogue against what the parser does: every finding names a catalogued rule, every
/// parser rule is produced by some test document, every requirement row fires exactly when its
/// element or attribute is removed, and every cited section exists in the IAB 4.3 text.
@Suite struct VASTRuleCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// Every `.xml` below `folder`, in name order.
    static func documents(in folder: URL) -> [URL] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "xml" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// The findings of the samples, the IAB and other players' corpora (when the outside corpus is
    /// there), hostile documents and the trigger documents, each with where it came from.
    static func allFindings() throws -> [(source: String, finding: VASTFinding)] {
        var found: [(String, VASTFinding)] = []
        let files =
            documents(in: root.appendingPathComponent("vast-samples"))
            + (Corpus.isPresent ? documents(in: Corpus.iab) + documents(in: Corpus.other) : [])
        for file in files {
            guard let result = try? VASTParser().parse(Data(contentsOf: file)) else { continue }
            found += result.findings.map { (file.lastPathComponent, $0) }
        }
        let hostile: [(String, [UInt8])] = [
            ("unknown element flood", HostileDocuments.unknownElementFlood(count: 5_000)),
            ("hostile body", Array((HostileDocuments.declaration + HostileDocuments.inlineBody()).utf8)),
        ]
        for (name, bytes) in hostile {
            guard let result = try? VASTParser().parse(bytes) else { continue }
            found += result.findings.map { (name, $0) }
        }
        for trigger in RuleTriggers.documents {
            found += try trigger.parser.parse(trigger.text).findings.map { ("trigger \(trigger.rule)", $0) }
        }
        for requirement in requirementDocuments() {
            found += try VASTParser().parse(requirement.broken).findings.map { ("requirement \(requirement.id)", $0) }
        }
        return found
    }

    @Test func idsAreUniqueAndEveryFinerCheckBelongsToAFamily() {
        let ids = VASTRuleCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in VASTRuleCatalog.all {
            #expect(!rule.summary.isEmpty && !rule.badExample.isEmpty && !rule.goodExample.isEmpty, "\(rule.id)")
            #expect(rule.badExample != rule.goodExample, "\(rule.id)")
            if let parent = rule.parent {
                #expect(
                    VASTRuleCatalog.rule(id: parent)?.parent == nil, "\(rule.id)'s parent \(parent) is not a family")
                #expect(rule.id.hasPrefix(parent + "."), "\(rule.id)")
            }
        }
    }

    @Test func theRulesThatExistedBeforeTheCatalogueKeepTheirIds() {
        let earlier = [
            "required-element", "required-attribute", "attribute.value", "value.format", "value.too-long",
            "time.format",
            "time.lenient", "tracking.event-unknown", "tracking.event-version", "tracking.progress-offset",
            "url.invalid",
            "url.empty", "url.split", "url.whitespace", "url.macro-unencoded", "boolean.lenient", "attribute.name-case",
            "ad.content-missing", "ad.content-ambiguous", "creative.kind-missing", "creative.kind-multiple",
            "pod.sequence-duplicate", "root.empty", "root.no-ad", "root.mixed", "schema.namespace",
            "schema.child-order",
            "schema.unknown-element", "version.element", "schema.xsd", "findings.truncated", "wrapper.loop",
            "wrapper.chain", "hop.document",
        ]
        #expect(earlier.count == 34)
        for id in earlier { #expect(VASTRuleCatalog.rule(id: id)?.parent == nil, "\(id)") }
    }

    @Test func everyFindingNamesACataloguedRuleAndItsFinerCheck() throws {
        for (source, finding) in try Self.allFindings() {
            let rule = VASTRuleCatalog.rule(id: finding.rule)
            #expect(rule != nil && rule?.parent == nil, "\(source): \(finding.rule) is not a catalogued family")
            if let subrule = finding.subrule {
                #expect(VASTRuleCatalog.rule(id: subrule)?.parent == finding.rule, "\(source): \(subrule)")
            }
        }
    }

    @Test func everyParserAndSchemaRuleIsProducedByATestDocument() throws {
        var produced = Set<String>()
        for (_, finding) in try Self.allFindings() {
            produced.insert(finding.rule)
            if let subrule = finding.subrule { produced.insert(subrule) }
        }
        let xsd = Corpus.xsd.appendingPathComponent("vast_4.2.xsd").path
        if Corpus.isPresent {
            let validator = try VASTSchemaValidator(contentsOf: xsd)
            let bytes = Data(
                RuleTriggers.inLineTemplate(version: .v4_2).replacingOccurrences(of: "<AdSystem>s</AdSystem>", with: "")
                    .utf8)
            produced.formUnion(validator.validate(bytes).map(\.rule))
        }
        // The schema rules come from the IAB's XSD, which is part of the outside corpus.
        let origins: [VASTRule.Origin] = Corpus.isPresent ? [.parser, .schema] : [.parser]
        let expected = VASTRuleCatalog.all.filter { origins.contains($0.origin) }.map(\.id)
        #expect(expected.filter { !produced.contains($0) } == [])
    }

    /// For each requirement row: the template of its context at its first version, with its element
    /// or attribute removed.
    static func requirementDocuments() -> [(id: String, broken: String, whole: String, parent: String)] {
        VASTRuleCatalog.all.compactMap { rule -> (String, String, String, String)? in
            guard rule.parent == "required-element" || rule.parent == "required-attribute" else { return nil }
            let parts = rule.id.split(separator: ".").map(String.init)
            let (element, name) = (parts[1], parts[2])
            let inWrapper = parts.count > 3 || element == "Wrapper" || element == "BlockedAdCategories"
            let version = rule.versions.lowerBound
            let whole =
                inWrapper
                ? RuleTriggers.wrapperTemplate(version: version) : RuleTriggers.inLineTemplate(version: version)
            let broken =
                rule.parent == "required-element"
                ? RuleTriggers.removingChild(name, of: element, in: whole)
                : RuleTriggers.removingAttribute(name, of: element, in: whole)
            return broken.map { (rule.id, $0, whole, rule.parent ?? "") }
        }
    }

    @Test func everyRequirementRowFiresWhenItsElementOrAttributeIsRemovedAndOnlyThen() throws {
        let rows = VASTRuleCatalog.all.filter { $0.parent == "required-element" || $0.parent == "required-attribute" }
        let documents = Self.requirementDocuments()
        #expect(documents.map(\.id) == rows.map(\.id), "every row needs a document the template can be cut into")
        for document in documents {
            let broken = try VASTParser().parse(document.broken).findings.compactMap(\.subrule)
            let whole = try VASTParser().parse(document.whole).findings.compactMap(\.subrule)
            #expect(broken.contains(document.id), "\(document.id) did not fire")
            #expect(!whole.contains(document.id), "\(document.id) fired on the whole template")
        }
    }

    @Test func requirementsApplyOnlyToTheirVersions() throws {
        for rule in VASTRuleCatalog.all where rule.parent == "required-element" || rule.parent == "required-attribute" {
            let later = VASTVersion.allCases.filter { $0 > rule.versions.upperBound }
            let earlier = VASTVersion.allCases.filter { $0 < rule.versions.lowerBound }
            guard let document = Self.requirementDocuments().first(where: { $0.id == rule.id }) else { continue }
            for version in later + earlier {
                let text = document.broken
                    .replacingOccurrences(
                        of: #"version="\#(rule.versions.lowerBound.rawValue)""#,
                        with: #"version="\#(version.rawValue)""#
                    )
                    .replacingOccurrences(
                        of: RuleTriggers.namespace(rule.versions.lowerBound), with: RuleTriggers.namespace(version))
                let fired = try VASTParser().parse(text).findings.compactMap(\.subrule)
                #expect(!fired.contains(rule.id), "\(rule.id) fired in VAST \(version.rawValue)")
            }
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.spec.path), "needs ../shared/spec/VAST-4.3.md"))
    func everyCitedSectionExistsInTheIABText() throws {
        let text = try String(contentsOf: Self.spec, encoding: .utf8)
        var sections = Set<String>()
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "-" || $0 == "#" || $0 == "[" }
            let number = trimmed.prefix { $0.isNumber || $0 == "." }
            if !number.isEmpty, number.first?.isNumber == true {
                sections.insert(String(number).trimmingCharacters(in: ["."]))
            }
        }
        for rule in VASTRuleCatalog.all {
            guard let section = rule.section else { continue }
            #expect(sections.contains(section), "\(rule.id) cites section \(section), which the text does not have")
        }
    }

    static let spec = shared.appendingPathComponent("spec/VAST-4.3.md")
}

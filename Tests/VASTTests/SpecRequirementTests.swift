import Foundation
import Testing
import VAST

/// Tests/Fixtures/spec-required.txt: what the VAST 4.3 element tables mark required, each line with
/// the rules that check it. Checked here without the spec: every listed rule exists at the listed
/// severity. ``SpecTableTests`` holds the list to the spec's own tables when the spec is there.
@Suite struct SpecRequiredListTests {
    @Test func everyListedRequirementHasARuleAtItsSeverity() throws {
        let lines = try SpecRequirementList.load()
        #expect(lines.count >= 70, "the list holds \(lines.count) lines")
        for line in lines {
            #expect(!line.rules.isEmpty, "\(line.key) has no rule")
            for (id, severity) in line.rules {
                if id == "parse.not-vast" {
                    #expect(severity == .error)
                    let error = #expect(throws: VASTParseError.self) {
                        try VASTParser().parse(#"<VideoAd version="4.2"><Ad/></VideoAd>"#)
                    }
                    #expect(error?.code == .notVAST)
                    continue
                }
                let rule = VASTRuleCatalog.rule(id: id)
                #expect(rule != nil, "\(line.key): \(id) is not a catalogued rule")
                #expect(rule?.severity == severity, "\(line.key): \(id) is \(rule?.severity.rawValue ?? "?")")
                #expect(rule?.section != nil, "\(line.key): \(id) cites no section")
                #expect(rule?.versions.contains(.v4_3) == true, "\(line.key): \(id) does not apply to 4.3")
            }
        }
    }

    /// Every requirement row and content row that is an error in 4.3 is on the list: nothing is
    /// checked as required that the text does not mark (the 2.0 to 4.0 schema rows aside).
    @Test func everyErrorRowIsAListedRequirement() throws {
        let listed = Set(try SpecRequirementList.load().flatMap { $0.rules.map(\.id) })
        let rows = VASTRuleCatalog.all.filter {
            ($0.parent == "required-element" || $0.parent == "required-attribute" || $0.parent == "element.empty")
                && $0.severity == .error && $0.versions.contains(.v4_3)
        }
        for rule in rows where rule.id != "required-attribute.VAST.version" {
            #expect(listed.contains(rule.id), "\(rule.id) is an error no 4.3 table row asks for")
        }
    }
}

/// The VAST 4.3 text's element tables against Tests/Fixtures/spec-required.txt: every required
/// element, starred sub-element, starred attribute and required content must be listed (and so have
/// a rule), and nothing listed may be missing from the tables. Skipped without the spec text.
@Suite(.enabled(if: SpecTables.isPresent, "needs ../shared/spec/VAST-4.3.md or VAST_SPEC_PATH"))
struct SpecTableTests {
    @Test func everyRequiredTableRowHasARule() throws {
        let spec = try SpecTables.requirements()
        let listed = Dictionary(
            try SpecRequirementList.load().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(spec.count >= 70, "the tables gave only \(spec.count) requirements")
        for requirement in spec {
            let line = listed[requirement.key]
            #expect(
                line != nil && line?.rules.isEmpty == false,
                "section \(requirement.section): \(requirement.kind) \(requirement.name) has no rule; table row: \(requirement.row)"
            )
        }
    }

    /// With `VAST_WRITE_SPEC_REQUIRED=1`, first writes the list anew from the tables, in their order,
    /// keeping each listed row's rules: a new row is written without rules, which the other tests then
    /// name until its rules are added by hand.
    @Test func theListHoldsWhatTheTablesSayAndNothingElse() throws {
        if ProcessInfo.processInfo.environment["VAST_WRITE_SPEC_REQUIRED"] == "1" {
            try SpecRequirementList.write(from: try SpecTables.requirements())
        }
        let spec = Set(try SpecTables.requirements().map(\.key))
        let listed = try SpecRequirementList.load().map(\.key)
        #expect(Set(listed).count == listed.count, "the list repeats a line")
        for key in listed where !spec.contains(key) {
            Issue.record("the list holds \(key), which no table of the spec marks required")
        }
    }
}

/// One requirement: its kind (`element`, `child`, `attribute`, `content`), name and section.
struct SpecRequirementKey: Hashable, CustomStringConvertible {
    let kind: String
    let name: String
    let section: String
    var description: String { "\(kind) \(name) \(section)" }
}

/// The checked-in list.
enum SpecRequirementList {
    struct Line {
        let key: SpecRequirementKey
        let rules: [(id: String, severity: VASTFinding.Severity)]
    }

    static let path = packageRoot.appendingPathComponent("Tests/Fixtures/spec-required.txt")

    static func load() throws -> [Line] {
        let text = try String(contentsOf: path, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { raw -> Line? in
            let fields = raw.split(separator: " ").map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            guard fields.count >= 3 else { throw ListError(line: String(raw)) }
            let rules = try fields.dropFirst(3).map { field -> (String, VASTFinding.Severity) in
                let parts = field.split(separator: "=").map(String.init)
                guard parts.count == 2, let severity = VASTFinding.Severity(rawValue: parts[1]) else {
                    throw ListError(line: String(raw))
                }
                return (parts[0], severity)
            }
            return Line(key: SpecRequirementKey(kind: fields[0], name: fields[1], section: fields[2]), rules: rules)
        }
    }

    /// Writes the list for `requirements`: the comment lines kept, then one line per requirement with
    /// the rules the list gave it (none for a new one).
    static func write(from requirements: [SpecTables.Requirement]) throws {
        let text = try String(contentsOf: path, encoding: .utf8)
        let header = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map(String.init)
        let rules = Dictionary(
            try load().map { ($0.key, $0.rules) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<SpecRequirementKey>()
        var lines = header
        for requirement in requirements where seen.insert(requirement.key).inserted {
            let listed = (rules[requirement.key] ?? []).map { "\($0.id)=\($0.severity.rawValue)" }
            lines.append(([requirement.kind, requirement.name, requirement.section] + listed).joined(separator: " "))
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: path)
    }

    struct ListError: Error, CustomStringConvertible {
        let line: String
        var description: String { "spec-required.txt: cannot read \"\(line)\"" }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Reads the requirements out of the VAST 4.3 text's element tables (chapter 3).
enum SpecTables {
    struct Requirement {
        let kind: String
        let name: String
        let section: String
        /// The table row it was read from.
        let row: String
        var key: SpecRequirementKey { SpecRequirementKey(kind: kind, name: name, section: section) }
    }

    /// `VAST_SPEC_PATH`, else `../shared/spec/VAST-4.3.md` beside the package.
    static var path: String {
        ProcessInfo.processInfo.environment["VAST_SPEC_PATH"]
            ?? SpecRequirementList.packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/spec/VAST-4.3.md").path
    }

    static var isPresent: Bool { FileManager.default.fileExists(atPath: path) }

    static func requirements() throws -> [Requirement] {
        try requirements(in: String(contentsOfFile: path, encoding: .utf8))
    }

    /// The section heading's number and element name: the number written in the heading, else the
    /// one the table of contents gives the title (`## VAST`, `### The Ad Element`, `## MediaFiles`).
    static func heading(_ line: Substring, contents: [String: String]) -> (section: String, name: String)? {
        var title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        if let anchor = title.range(of: "<a name=") {
            title = title[..<anchor.lowerBound].trimmingCharacters(in: .whitespaces)
        }
        var number = String(title.prefix { $0.isNumber || $0 == "." })
        if !number.isEmpty, number.first?.isNumber == true {
            title = title.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        } else {
            number = contents[title] ?? ""
        }
        guard number.hasPrefix("3.") else { return nil }
        if let open = title.firstIndex(of: "(") { title = title[..<open].trimmingCharacters(in: .whitespaces) }
        if title.hasPrefix("The ") { title = String(title.dropFirst(4)) }
        if title.hasSuffix(" Element") { title = String(title.dropLast(8)) }
        return (number.trimmingCharacters(in: ["."]), title.replacingOccurrences(of: " ", with: ""))
    }

    /// The titles of the table of contents (`- [3.2 VAST](#spec)`) with their numbers.
    static func contents(_ lines: [Substring]) -> [String: String] {
        var numbers: [String: String] = [:]
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- ["), let close = trimmed.range(of: "](#") else { continue }
            let entry = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<close.lowerBound]
            guard let space = entry.firstIndex(of: " ") else { continue }
            let number = String(entry[..<space])
            guard number.first?.isNumber == true else { continue }
            let title = entry[space...].trimmingCharacters(in: .whitespaces)
            if numbers[title] == nil { numbers[title] = number }
        }
        return numbers
    }

    /// Names followed by one asterisk (`delivery*`, `authority *`, `Duration*`; not `apiFramework**`).
    static func starred(_ text: String, spaceBeforeStar: Bool) -> [String] {
        let characters = Array(text)
        var names: [String] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "*" else {
                index += 1
                continue
            }
            let previousIsStar = index > 0 && characters[index - 1] == "*"
            let nextIsStar = index + 1 < characters.count && characters[index + 1] == "*"
            defer { index += 1 }
            guard !previousIsStar, !nextIsStar else { continue }
            var end = index
            if spaceBeforeStar, end > 0, characters[end - 1] == " " { end -= 1 }
            var start = end
            while start > 0, characters[start - 1].isASCII, characters[start - 1].isLetter { start -= 1 }
            if start < end { names.append(String(characters[start..<end])) }
        }
        return names
    }

    static func cells(_ line: Substring) -> [String] {
        line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["|"]).split(
            separator: "|", omittingEmptySubsequences: false
        ).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func requirements(in text: String) -> [Requirement] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let numbers = contents(lines)
        var found: [Requirement] = []
        var section: (section: String, name: String)?
        var inAttributes = false
        var required: String?
        var content = false
        func finishSection() {
            if let section, let required, content {
                found.append(Requirement(kind: "content", name: section.name, section: section.section, row: required))
            }
        }
        for line in lines {
            if line.hasPrefix("#") {
                finishSection()
                section = heading(line, contents: numbers)
                (inAttributes, required, content) = (false, nil, false)
                continue
            }
            guard let current = section else { continue }
            guard line.hasPrefix("|") else {
                inAttributes = false
                continue
            }
            let row = cells(line)
            let first = row[0].split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
            let value = row.count > 1 ? row[1] : ""
            if first == "attribute" || first == "attributes" || first.hasPrefix("attributes description") {
                inAttributes = true
                if first == "attribute" || first == "attributes" { continue }
            }
            if inAttributes {
                for name in starred(String(line), spaceBeforeStar: true) {
                    found.append(
                        Requirement(
                            kind: "attribute", name: "\(current.name)@\(name)", section: current.section,
                            row: String(line)))
                }
                continue
            }
            if first == "required in response" || (first == "required in" && value.hasPrefix("Response")) {
                let said = (first == "required in" ? String(value.dropFirst("Response".count)) : value)
                    .trimmingCharacters(in: .whitespaces).lowercased()
                if said.hasPrefix("yes") || (!said.hasPrefix("no") && said.contains("required")) {
                    required = String(line)
                    found.append(
                        Requirement(kind: "element", name: current.name, section: current.section, row: String(line)))
                }
            } else if first == "content" {
                content = true
            } else if first.hasPrefix("sub-elements") || first.hasPrefix("sub elements") {
                for name in starred(value, spaceBeforeStar: false) {
                    found.append(
                        Requirement(
                            kind: "child", name: "\(current.name)/\(name)", section: current.section, row: String(line))
                    )
                }
            }
        }
        finishSection()
        return found
    }
}

import AdResolution
import FoundationEssentials
import VAST

/// `--format sarif`: SARIF 2.1.0 (OASIS), the JSON that code-scanning dashboards read. One run of
/// `vastcheck`; a result per finding, with the document (or, for a hop of a chain, the hop's URL) as
/// the artifact, its line and column as the region and its element path as the logical location;
/// a result for a document that could not be read as VAST (`hop.document`) and for a chain that
/// failed without a finding of its own (`wrapper.chain`); sources that could not be read at all as
/// the invocation's notifications. The rules the results name are listed from ``VASTRuleCatalog``.
///
/// Documents may be added in any order; the results come out in input order.
struct SARIFReport {
    private var results: [(index: Int, results: [JSON])] = []
    private var notifications: [(index: Int, text: String)] = []
    private var ruleIndex: [String: Int] = [:]
    private var rules: [String] = []

    /// The `$schema` the document names.
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    mutating func add(_ report: DocumentReport, index: Int) {
        if let readError = report.readError {
            notifications.append((index, "cannot read \(report.source): \(readError)"))
            return
        }
        var made: [JSON] = []
        if let error = report.documentError {
            made.append(
                result(
                    rule: "hop.document", level: "error",
                    message: "VAST \(error.code.named): \(error.message)",
                    uri: report.fileName ?? report.source, line: error.line, column: error.column, path: nil,
                    properties: [("vastErrorCode", .int(error.code.rawValue))]))
        }
        if let resolution = report.resolution, let failure = report.chainFailure,
            failure.code == nil
                || !report.findings.contains(where: { $0.severity == .error && $0.vastErrorCode == failure.code })
        {
            let hop =
                resolution.hops.indices.contains(failure.hop)
                ? resolution.hops[failure.hop].url : report.fileName ?? report.source
            var properties: [(String, JSON)] = [("hop", .int(failure.hop)), ("source", .string(report.source))]
            if let code = failure.code { properties.insert(("vastErrorCode", .int(code.rawValue)), at: 0) }
            made.append(
                result(
                    rule: "wrapper.chain", level: "error",
                    message: (failure.code.map { "VAST \($0.named): " } ?? "") + failure.message,
                    uri: hop, line: nil, column: nil, path: nil, properties: properties))
        }
        for finding in report.findings { made.append(result(for: finding, in: report)) }
        results.append((index, made))
    }

    private mutating func result(for finding: VASTFinding, in report: DocumentReport) -> JSON {
        var uri = report.fileName ?? report.source
        var path = finding.location
        var properties: [(String, JSON)] = [("category", .string(finding.category.rawValue))]
        if let code = finding.vastErrorCode { properties.append(("vastErrorCode", .int(code.rawValue))) }
        if let resolution = report.resolution, path.hasPrefix("hop "), let colon = path.firstIndex(of: ":"),
            let hop = Int(path[path.index(path.startIndex, offsetBy: 4)..<colon])
        {
            path = String(path[path.index(after: colon)...].drop { $0 == " " })
            if path.hasPrefix("/"), resolution.hops.indices.contains(hop) { uri = resolution.hops[hop].url }
            properties.append(("hop", .int(hop)))
            if uri != report.fileName ?? report.source { properties.append(("source", .string(report.source))) }
        }
        let level =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
        return result(
            rule: finding.subrule ?? finding.rule, level: level, message: finding.message, uri: uri,
            line: path.hasPrefix("/") ? finding.line : nil, column: path.hasPrefix("/") ? finding.column : nil,
            path: path.hasPrefix("/") ? path : nil, properties: properties)
    }

    private mutating func result(
        rule: String, level: String, message: String, uri: String, line: Int?, column: Int?,
        path: String?, properties: [(String, JSON)]
    ) -> JSON {
        let index: Int
        if let known = ruleIndex[rule] {
            index = known
        } else {
            index = rules.count
            rules.append(rule)
            ruleIndex[rule] = index
        }
        var physical: [(String, JSON)] = [("artifactLocation", .object([("uri", .string(Self.uri(uri)))]))]
        if let line, line > 0 {
            var region: [(String, JSON)] = [("startLine", .int(line))]
            if let column, column > 0 { region.append(("startColumn", .int(column))) }
            physical.append(("region", .object(region)))
        }
        var location: [(String, JSON)] = [("physicalLocation", .object(physical))]
        if let path {
            location.append(
                (
                    "logicalLocations",
                    .array([
                        .object([
                            ("fullyQualifiedName", .string(path)),
                            ("kind", .string("element")),
                        ])
                    ])
                ))
        }
        return .object([
            ("ruleId", .string(rule)), ("ruleIndex", .int(index)), ("level", .string(level)),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([.object(location)])),
            ("properties", .object(properties)),
        ])
    }

    /// The whole document.
    var document: JSON {
        let ordered = results.sorted { $0.index < $1.index }.flatMap(\.results)
        var invocation: [(String, JSON)] = [("executionSuccessful", .bool(true))]
        if !notifications.isEmpty {
            invocation.append(
                (
                    "toolExecutionNotifications",
                    .array(
                        notifications.sorted { $0.index < $1.index }.map { note in
                            .object([("level", .string("error")), ("message", .object([("text", .string(note.text))]))])
                        })
                ))
        }
        let driver: [(String, JSON)] = [
            ("name", .string("vastcheck")), ("version", .string(VASTCheck.version)),
            ("informationUri", .string("https://iabtechlab.com/standards/vast/")),
            ("rules", .array(rules.map(Self.descriptor))),
        ]
        return .object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        ("tool", .object([("driver", .object(driver))])),
                        ("invocations", .array([.object(invocation)])),
                        ("results", .array(ordered)),
                    ])
                ])
            ),
        ])
    }

    /// A rule as SARIF describes one: id, summary, default level, and the catalogue's facts.
    private static func descriptor(_ id: String) -> JSON {
        guard let rule = VASTRuleCatalog.rule(id: id) else { return .object([("id", .string(id))]) }
        let level =
            switch rule.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
        var properties: [(String, JSON)] = [
            ("category", .string(rule.category.rawValue)),
            ("vastVersions", .string("\(rule.versions.lowerBound.rawValue)-\(rule.versions.upperBound.rawValue)")),
        ]
        if let section = rule.section { properties.append(("iabSection", .string(section))) }
        if let code = rule.vastErrorCode { properties.append(("vastErrorCode", .int(code.rawValue))) }
        if let parent = rule.parent { properties.append(("family", .string(parent))) }
        return .object([
            ("id", .string(rule.id)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("defaultConfiguration", .object([("level", .string(level))])),
            ("properties", .object(properties)),
        ])
    }

    /// A source name as a URI reference: URLs as they are, paths percent-encoded where RFC 3986 needs it,
    /// byte by byte (a file name's byte that is not UTF-8, carried as ``FileName`` says, is `%FF`).
    static func uri(_ name: String) -> String {
        if name.hasPrefix("http://") || name.hasPrefix("https://") || name.hasPrefix("file:") { return name }
        let allowed = Set("-._~/!$&'()*+,;=:@".utf8)
        var encoded = ""
        for byte in FileName.bytes(of: name) {
            if byte < 0x80,
                Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber
                    || allowed.contains(byte)
            {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        // A first segment with a colon would read as a scheme.
        if let colon = encoded.firstIndex(of: ":"), !encoded[..<colon].contains("/") { return "./" + encoded }
        return encoded
    }
}

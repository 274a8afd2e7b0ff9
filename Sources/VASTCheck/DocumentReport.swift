import VAST

/// What `vastcheck validate` found about one document.
struct DocumentReport: Sendable {
    /// The source as named on the command line.
    var source: String
    /// The parse result, when the document was read as VAST.
    var result: VASTParseResult?
    /// The error that stopped the document, when it was not.
    var parseError: VASTParseError?
    /// Why the input could not be read at all (exit 2).
    var readError: String?
    /// Findings (the parse's, plus schema validation's when asked).
    var findings: [VASTFinding]
    /// Whether warnings count as failures.
    var strict: Bool

    /// True when the document was read and has no error finding (nor warning, when strict).
    var isValid: Bool {
        guard result != nil else { return false }
        return !findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// The root's version as written, when it was read.
    var vastVersion: String? {
        guard let version = result?.document.version ?? parseError?.documentVersion, !version.isEmpty else { return nil }
        return version
    }

    var counts: VASTElementCounts { result?.counts ?? parseError?.counts ?? VASTElementCounts() }

    /// The document's JSON object, in the field order the README documents.
    var json: JSON {
        var members: [(String, JSON)] = [
            ("source", .string(source)),
            ("valid", .bool(isValid)),
            ("vastVersion", vastVersion.map { .string($0) } ?? .null),
        ]
        if let parseError { members.append(("errorCode", .int(parseError.vastErrorCode.rawValue))) }
        if let readError { members.append(("readError", .string(readError))) }
        if let parseError {
            var error: [(String, JSON)] = [("kind", .string(parseError.kind.rawValue)), ("message", .string(parseError.message))]
            if let line = parseError.line { error.append(("line", .int(line))) }
            if let column = parseError.column { error.append(("column", .int(column))) }
            members.append(("parseError", .object(error)))
        }
        let counts = self.counts
        members.append(("counts", .object([
            ("ads", .int(counts.ads)), ("creatives", .int(counts.creatives)), ("mediaFiles", .int(counts.mediaFiles)),
            ("trackingEvents", .int(counts.trackingEvents)), ("impressions", .int(counts.impressions)),
        ])))
        members.append(("findings", .array(findings.map(\.json))))
        return .object(members)
    }
}

extension VASTFinding {
    /// The finding's JSON object: severity, rule, message, location, vastErrorCode?, category, line?.
    var json: JSON {
        var members: [(String, JSON)] = [
            ("severity", .string(severity.rawValue)),
            ("rule", .string(rule)),
            ("message", .string(message)),
            ("location", .string(location)),
        ]
        if let vastErrorCode { members.append(("vastErrorCode", .int(vastErrorCode.rawValue))) }
        members.append(("category", .string(category.rawValue)))
        if let line { members.append(("line", .int(line))) }
        return .object(members)
    }
}

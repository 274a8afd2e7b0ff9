import AdEngine
import AdErrors
import AdResolution
import VAST

/// What `vastcheck validate` found about one source.
struct DocumentReport: Sendable {
    /// The source as named on the command line (bytes of a file name that are not UTF-8 shown as `\xHH`).
    var source: String
    /// The file's path as the loader opens it (``FileName`` carries bytes that are not UTF-8), for a format
    /// that names the file itself rather than showing it (SARIF's artifact URI); `nil` for other sources.
    var fileName: String?
    /// The parse result, when a local document was read as VAST.
    var result: VASTParseResult?
    /// The error that stopped a local document, when it was not.
    var parseError: VASTParseError?
    /// The chain, for a tag URL or a followed file.
    var resolution: VASTResolution?
    /// Why the source could not be loaded: unreadable (exit 2), or a document over the byte cap
    /// (VAST 100, reported like the parser's own size error).
    var sourceError: SourceError?
    /// Findings (the parse's, every hop's, and schema validation's when asked).
    var findings: [VASTFinding]
    /// Whether warnings count as failures.
    var strict: Bool

    init(
        source: String, result: VASTParseResult? = nil, parseError: VASTParseError? = nil, findings: [VASTFinding],
        strict: Bool
    ) {
        self.source = source
        self.result = result
        self.parseError = parseError
        self.findings = findings
        self.strict = strict
    }

    /// A source the loader refused.
    init(source: String, sourceError: SourceError, strict: Bool) {
        self.init(source: source, findings: [], strict: strict)
        self.sourceError = sourceError
    }

    /// Why the input could not be read at all (exit 2).
    var readError: String? {
        guard let sourceError, sourceError.vastErrorCode == nil else { return nil }
        return sourceError.message
    }

    /// What stopped the document before any rule ran: the parser's error, or the loader's refusal of
    /// a document over the byte cap (whose kind, `tooLarge`, is the parser's own word for it).
    var documentError: (kind: String, message: String, code: VASTErrorCode, line: Int?, column: Int?)? {
        if let parseError {
            return (
                parseError.code.description, parseError.message, parseError.vastErrorCode, parseError.line,
                parseError.column
            )
        }
        guard let sourceError, let code = sourceError.vastErrorCode else { return nil }
        return (sourceError.code.description, sourceError.message, code, nil, nil)
    }

    /// A tag URL's report: the resolution's hops and findings.
    init(source: String, resolution: VASTResolution, strict: Bool) {
        self.init(source: source, findings: resolution.findings, strict: strict)
        self.resolution = resolution
    }

    /// Adds a followed chain to a file's report. Hop 0 is the file, whose own findings are there
    /// already; hop-0 findings of the resolution itself (a failed pod ad, a limit) are added.
    mutating func attach(_ resolution: VASTResolution) {
        self.resolution = resolution
        let own = Set(findings)
        findings += resolution.findings.filter { finding in
            guard finding.location.hasPrefix("hop 0: ") else { return true }
            var unprefixed = finding
            unprefixed.location = String(finding.location.dropFirst("hop 0: ".count))
            return !own.contains(unprefixed)
        }
    }

    /// True when the source was read, resolved when it had to be, and has no error finding
    /// (nor warning, when strict).
    var isValid: Bool {
        guard result != nil || resolution != nil, errorCode == nil, chainFailure == nil else { return false }
        return !findings.contains(where: fails)
    }

    /// The findings as `tuning` has them (disabled rules dropped, others re-graded), and its strictness.
    mutating func tune(_ tuning: RuleTuning) {
        findings = tuning.apply(findings)
        strict = tuning.strict
    }

    /// The IAB code that stops the source: its document's, or its chain's.
    var errorCode: VASTErrorCode? { documentError?.code ?? resolution?.errorCode }

    /// Why the chain gave no ad, when it gave none (with an IAB code or, for the tag's own request, without).
    var chainFailure: VASTResolutionFailure? {
        guard let resolution, resolution.ads.isEmpty else { return nil }
        return resolution.failure
    }

    /// The root's version as written (the first hop's, for a tag URL).
    var vastVersion: String? {
        let version = result?.document.version ?? parseError?.documentVersion ?? resolution?.hops.first?.vastVersion
        guard let version, !version.isEmpty else { return nil }
        return version
    }

    var counts: VASTElementCounts {
        result?.counts ?? parseError?.counts ?? resolution?.hops.first?.counts ?? VASTElementCounts()
    }

    /// The source's JSON object, in the field order docs/cli.md documents.
    var json: JSON {
        var members: [(String, JSON)] = [
            ("source", .string(source)),
            ("valid", .bool(isValid)),
            ("vastVersion", vastVersion.map { .string($0) } ?? .null),
        ]
        if let errorCode { members.append(("errorCode", .int(errorCode.rawValue))) }
        if let readError { members.append(("readError", .string(readError))) }
        if let documentError {
            var error: [(String, JSON)] = [
                ("kind", .string(documentError.kind)), ("message", .string(documentError.message)),
            ]
            if let line = documentError.line { error.append(("line", .int(line))) }
            if let column = documentError.column { error.append(("column", .int(column))) }
            members.append(("parseError", .object(error)))
        }
        let counts = self.counts
        members.append(
            (
                "counts",
                .object([
                    ("ads", .int(counts.ads)), ("creatives", .int(counts.creatives)),
                    ("mediaFiles", .int(counts.mediaFiles)),
                    ("trackingEvents", .int(counts.trackingEvents)), ("impressions", .int(counts.impressions)),
                ])
            ))
        if let resolution {
            members.append(("chain", .array(resolution.hops.map(\.json))))
            if let failure = resolution.failure, resolution.ads.isEmpty {
                members.append(("failure", .string(failure.message)))
            }
            if !resolution.errorBeacons.isEmpty {
                members.append(
                    (
                        "errorPixels",
                        .array(
                            resolution.errorBeacons.map { pixel in
                                .object([("url", .string(pixel.url)), ("code", .int(pixel.code.rawValue))])
                            })
                    ))
            }
        }
        members.append(("findings", .array(findings.map(\.json))))
        return .object(members)
    }
}

extension VASTHop {
    /// A chain entry: url, status, ms, bytes, kind, then errorCode and reused when there.
    var json: JSON {
        var members: [(String, JSON)] = [
            ("url", .string(url)),
            ("status", status.map { .int($0) } ?? .null),
            ("ms", .int(Int(milliseconds.rounded()))),
            ("bytes", .int(bytes)),
            ("kind", .string(kind.rawValue)),
        ]
        if let errorCode { members.append(("errorCode", .int(errorCode.rawValue))) }
        members.append(("outcome", .string(outcome)))
        members.append(("connectionReused", .bool(connectionReused)))
        return .object(members)
    }
}

extension VASTFinding {
    /// The finding's JSON object: severity, rule, subrule?, message, location, vastErrorCode?, category, line?, column?.
    var json: JSON {
        var members: [(String, JSON)] = [
            ("severity", .string(severity.rawValue)),
            ("rule", .string(rule)),
        ]
        if let subrule { members.append(("subrule", .string(subrule))) }
        members += [
            ("message", .string(message)),
            ("location", .string(location)),
        ]
        if let vastErrorCode { members.append(("vastErrorCode", .int(vastErrorCode.rawValue))) }
        members.append(("category", .string(category.rawValue)))
        if let line { members.append(("line", .int(line))) }
        if let column { members.append(("column", .int(column))) }
        return .object(members)
    }
}

/// How a document ended, for the batch summary (`breakdown.outcomes`).
enum DocumentOutcome: String, CaseIterable, Sendable {
    /// No error finding (nor warning, with `--strict`).
    case valid
    /// Read (and resolved) but a rule failed: an error finding, or a warning with `--strict`.
    case rulesFailed
    /// The chain ended on a response without an ad (303).
    case noAd
    /// The chain failed otherwise: a fetch that failed or timed out (301), too many wrappers
    /// (302), a loop (300), a blocked category (205), or a hop that is not VAST (100–102).
    case chainError
    /// The chain gave ads to play, but not every ad offered will play (a pod or buffet ad whose chain
    /// failed, an InLine with nothing to render): what would play is not what was sent.
    case adFailed
    /// A local document that could not be read as VAST (100–102).
    case parseError
    /// The input could not be read at all (exit 2).
    case unreadable

    /// For people: `rules failed`, `no ad`, ...
    var label: String {
        switch self {
        case .valid: "valid"
        case .rulesFailed: "rules failed"
        case .noAd: "no ad"
        case .chainError: "chain error"
        case .adFailed: "ad failed"
        case .parseError: "parse error"
        case .unreadable: "unreadable"
        }
    }
}

extension DocumentReport {
    var outcome: DocumentOutcome {
        if readError != nil { return .unreadable }
        if documentError != nil { return .parseError }
        if let failure = chainFailure { return failure.code == .noAdsAfterWrapper ? .noAd : .chainError }
        if isValid { return .valid }
        return findings.contains { $0.rule == "ad.failed" && $0.severity == .error } ? .adFailed : .rulesFailed
    }

    /// What decides the verdict, for people: the IAB code and its name (``reportedErrorCode``), or what befell
    /// the tag's own request when the IAB table has no code for it; `nil` for a valid or unreadable document.
    var verdictLabel: String? {
        if let code = reportedErrorCode { return code.named }
        return chainFailure?.named
    }

    /// The IAB code a player would report for this document: the chain's or the document's,
    /// else the first failing finding's; `nil` for a valid or unreadable document.
    var reportedErrorCode: VASTErrorCode? {
        if let errorCode { return errorCode }
        guard readError == nil, !isValid else { return nil }
        return failing.first { $0.vastErrorCode != nil }?.vastErrorCode
    }

    /// The findings that make the document invalid: errors, and warnings when strict.
    var failing: [VASTFinding] { findings.filter(fails) }

    /// True when `finding` makes the document invalid.
    func fails(_ finding: VASTFinding) -> Bool {
        finding.severity == .error || (strict && finding.severity == .warning)
    }
}

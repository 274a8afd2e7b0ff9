import AdEngine
import AdTransport
import Foundation
import VAST

/// `vastcheck validate [--json] [--strict] [--verbose] [--follow] [--schema FILE.xsd] [--max-bytes N]
/// [--max-depth N] [--timeout SECONDS] [--fire-errors] SOURCE...`
struct ValidateCommand: Command {
    static let flags: Set<String> = ["--json", "--strict", "--verbose", "--follow", "--fire-errors"]
    static var help: String { HelpText.validate }
    static let options: Set<String> = ["--schema", "--max-bytes", "--max-depth", "--timeout"]

    let paths: [String]
    let json: Bool
    let strict: Bool
    let verbose: Bool
    let follow: Bool
    let fireErrors: Bool
    let schemaPath: String?
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration

    init(_ arguments: Arguments) throws(UsageError) {
        guard !arguments.positional.isEmpty else {
            throw UsageError("validate needs at least one SOURCE (a file, a directory, a tag URL, or - for standard input)")
        }
        paths = arguments.positional
        json = arguments.flags.contains("--json")
        strict = arguments.flags.contains("--strict")
        verbose = arguments.flags.contains("--verbose")
        follow = arguments.flags.contains("--follow")
        fireErrors = arguments.flags.contains("--fire-errors")
        schemaPath = arguments.value("--schema")
        var limits = VASTParser.Limits.default
        if let maxBytes = try arguments.integer("--max-bytes", in: 1...(256 << 20)) { limits.maxBytes = maxBytes }
        self.limits = limits
        var resolution = WrapperResolverConfiguration(parserLimits: limits)
        if let depth = try arguments.integer("--max-depth", in: 0...50) { resolution.maxDepth = depth }
        if let text = arguments.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 600 else {
                throw UsageError("--timeout takes a number of seconds above 0 and at most 600, not \"\(text)\"")
            }
            let timeout = Duration.milliseconds(Int(seconds * 1000))
            resolution.firstRequestTimeout = timeout
            resolution.laterRequestTimeout = timeout
            resolution.chainBudget = max(resolution.chainBudget, timeout * (resolution.maxDepth + 1))
        }
        self.resolution = resolution
    }

    func run(_ console: Console) async -> ExitCode {
        let schema: VASTSchemaValidator?
        do {
            schema = try schemaPath.map { path throws(VASTSchemaError) in try VASTSchemaValidator(contentsOf: path) }
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .unreadable
        }
        let (sources, unreadable) = InputSource.collect(paths)
        var reports = unreadable.map { path, reason in
            DocumentReport(source: path, readError: reason, findings: [], strict: strict)
        }
        let needsNetwork = follow || sources.contains { if case .tag = $0.kind { true } else { false } }
        let resolver: WrapperResolver?
        do {
            resolver = needsNetwork ? try makeResolver() : nil
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .usage
        }
        let parser = VASTParser(limits: limits)
        for source in sources {
            if case .tag(let url) = source.kind, let resolver {
                reports.append(await checkTag(url, resolver: resolver))
            } else {
                reports.append(await check(source, parser: parser, schema: schema, resolver: resolver, console: console))
            }
        }
        let summary = Summary(reports)
        if json {
            console.out(JSON.object([
                ("documents", .array(reports.map(\.json))),
                ("summary", summary.json),
            ]).pretty() + "\n")
        } else {
            let printer = HumanReport(color: console.usesColor, verbose: verbose)
            for report in reports { console.out(printer.render(report)) }
            console.out(printer.render(summary))
        }
        if summary.unreadable > 0 { return .unreadable }
        return summary.invalid > 0 ? .invalid : .success
    }

    private func makeResolver() throws(HTTPClientConfigurationError) -> WrapperResolver {
        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
        let sink: any BeaconSink = fireErrors ? DirectBeaconSender(client: client) : DiscardingBeaconSink()
        return WrapperResolver(client: client, errorSink: sink, configuration: resolution)
    }

    private func checkTag(_ url: String, resolver: WrapperResolver) async -> DocumentReport {
        let resolution = await resolver.resolve(tagURL: url)
        return DocumentReport(source: url, resolution: resolution, strict: strict)
    }

    private func check(_ source: InputSource, parser: VASTParser, schema: VASTSchemaValidator?,
                       resolver: WrapperResolver?, console: Console) async -> DocumentReport {
        let bytes: Data
        do {
            bytes = try source.read(from: console, limit: limits.maxBytes)
        } catch {
            return DocumentReport(source: source.name, readError: error.localizedDescription, findings: [], strict: strict)
        }
        do {
            let result = try parser.parse(bytes)
            var findings = result.findings
            if let schema { findings += schema.validate(bytes) }
            var report = DocumentReport(source: source.name, result: result, findings: findings, strict: strict)
            if follow, let resolver, result.document.ads.contains(where: { $0.wrapper != nil }) {
                let resolution = await resolver.resolve(document: Array(bytes), source: source.name)
                report.attach(resolution)
            }
            return report
        } catch {
            return DocumentReport(source: source.name, parseError: error, findings: [], strict: strict)
        }
    }
}

/// Error pixels go nowhere: a validator does not fire ad servers' pixels unless asked (`--fire-errors`).
struct DiscardingBeaconSink: BeaconSink {
    func enqueue(_ beacons: [Beacon]) async {}
}

/// Totals over a run.
struct Summary {
    let documents: Int
    let valid: Int
    let invalid: Int
    let unreadable: Int

    init(_ reports: [DocumentReport]) {
        documents = reports.count
        valid = reports.filter(\.isValid).count
        unreadable = reports.filter { $0.readError != nil }.count
        invalid = documents - valid
    }

    var json: JSON {
        .object([("documents", .int(documents)), ("valid", .int(valid)), ("invalid", .int(invalid)),
                 ("unreadable", .int(unreadable))])
    }
}

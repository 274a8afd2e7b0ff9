import Foundation
import VAST

/// `vastcheck validate [--json] [--strict] [--verbose] [--schema FILE.xsd] [--max-bytes N] PATH...`
struct ValidateCommand {
    static let flags: Set<String> = ["--json", "--strict", "--verbose", "--help", "-h"]
    static let options: Set<String> = ["--schema", "--max-bytes"]

    let paths: [String]
    let json: Bool
    let strict: Bool
    let verbose: Bool
    let schemaPath: String?
    let limits: VASTParser.Limits

    init(_ arguments: Arguments) throws(UsageError) {
        guard !arguments.positional.isEmpty else {
            throw UsageError("validate needs at least one PATH (a file, a directory, or - for standard input)")
        }
        paths = arguments.positional
        json = arguments.flags.contains("--json")
        strict = arguments.flags.contains("--strict")
        verbose = arguments.flags.contains("--verbose")
        schemaPath = arguments.value("--schema")
        var limits = VASTParser.Limits.default
        if let maxBytes = try arguments.integer("--max-bytes", in: 1...(256 << 20)) { limits.maxBytes = maxBytes }
        self.limits = limits
    }

    func run(_ console: Console) -> ExitCode {
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
        let parser = VASTParser(limits: limits)
        for source in sources {
            reports.append(check(source, parser: parser, schema: schema, console: console))
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

    private func check(_ source: InputSource, parser: VASTParser, schema: VASTSchemaValidator?,
                       console: Console) -> DocumentReport {
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
            return DocumentReport(source: source.name, result: result, findings: findings, strict: strict)
        } catch {
            return DocumentReport(source: source.name, parseError: error, findings: [], strict: strict)
        }
    }
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

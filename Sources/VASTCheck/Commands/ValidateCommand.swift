import AdEngine
import AdResolution
import AdTransport
import Foundation
import Synchronization
import VAST

/// `vastcheck validate [--json | --jsonl | --format F] [--output FILE] [--list FILE] [--jobs N] [--strict]
/// [--verbose] [--follow] [--schema FILE.xsd] [--max-bytes N] [--max-depth N] [--timeout SECONDS] [--fire-errors]
/// SOURCE...`
///
/// Sources (the command line's, then each `--list`'s) are checked `--jobs` at a time with one
/// shared HTTP client and resolver; each result is written as the format allows (see
/// ``BatchOutput``) and folded into a ``BatchSummary``, then dropped.
struct ValidateCommand: Command {
    static let flags: Set<String> = ["--json", "--jsonl", "--strict", "--verbose", "--follow", "--fire-errors"]
    static var help: String { HelpText.validate }
    static let options: Set<String> = [
        "--schema", "--max-bytes", "--max-depth", "--timeout", "--list", "--jobs", "--format", "--output",
    ]
    /// Documents checked at once unless `--jobs` says otherwise.
    static let defaultJobs = 8

    let paths: [String]
    let lists: [String]
    let format: OutputFormat
    let outputPath: String?
    let jobs: Int
    let strict: Bool
    let verbose: Bool
    let follow: Bool
    let fireErrors: Bool
    let schemaPath: String?
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration

    init(_ arguments: Arguments) throws(UsageError) {
        lists = arguments.values["--list"] ?? []
        guard !arguments.positional.isEmpty || !lists.isEmpty else {
            throw UsageError("validate needs at least one SOURCE (a file, a directory, a tag URL, or - for standard input) "
                + "or --list FILE")
        }
        paths = arguments.positional
        guard (paths + lists).filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input (-) can be read only once: as one SOURCE or as one --list")
        }
        var formats: [OutputFormat] = []
        if arguments.flags.contains("--json") { formats.append(.json) }
        if arguments.flags.contains("--jsonl") { formats.append(.jsonl) }
        if let text = arguments.value("--format") {
            guard let named = OutputFormat(rawValue: text) else {
                throw UsageError("--format takes one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
            }
            formats.append(named)
        }
        guard Set(formats).count <= 1 else {
            throw UsageError("choose one output format: \(formats.map(\.rawValue).joined(separator: " and ")) were both asked for")
        }
        format = formats.first ?? .human
        outputPath = arguments.value("--output")
        if let outputPath, outputPath.isEmpty { throw UsageError("--output needs a file name") }
        jobs = try arguments.integer("--jobs", in: 1...64) ?? Self.defaultJobs
        strict = arguments.flags.contains("--strict")
        verbose = arguments.flags.contains("--verbose")
        follow = arguments.flags.contains("--follow")
        fireErrors = arguments.flags.contains("--fire-errors")
        schemaPath = arguments.value("--schema")
        (limits, resolution) = try arguments.resolutionLimits()
    }

    func run(_ console: Console) async -> ExitCode {
        let schema: LockedSchemaValidator?
        do {
            schema = try schemaPath.map { path throws(VASTSchemaError) in
                LockedSchemaValidator(try VASTSchemaValidator(contentsOf: path))
            }
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .unreadable
        }
        let loader = console.loader(maxDocumentBytes: limits.maxBytes)
        let commandLine = paths.flatMap { loader.sources(named: $0) }
        var batchLists: [SourceList] = []
        for list in lists {
            do {
                batchLists.append(try loader.list(atPath: list))
            } catch {
                console.cannotRead(error, what: "the list")
                return .unreadable
            }
        }
        let total = commandLine.count + batchLists.reduce(0) { $0 + $1.count }
        let needsNetwork = follow || batchLists.contains(where: \.hasTags)
            || commandLine.contains { (try? $0.get())?.isTag == true }
        let resolver: WrapperResolver?
        do {
            resolver = needsNetwork ? try makeResolver() : nil
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .usage
        }
        let write: @Sendable (String) -> Void
        let toTerminal: Bool
        var outputFile: FileHandle?
        defer { try? outputFile?.close() }
        let outputFailure = OutputFailure()
        if let outputPath {
            // Opened in place, not created anew: a FIFO, /dev/stdout or a device stays what it is
            // (FileManager.createFile would rename a new file over it).
            let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                console.err("vastcheck: cannot write \(outputPath): \(String(cString: strerror(errno)))\n")
                return .unreadable
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            write = { text in
                do {
                    try handle.write(contentsOf: Data(console.redact(text).utf8))
                } catch {
                    outputFailure.record(error)
                }
            }
            toTerminal = false
            outputFile = handle
        } else {
            write = console.out
            toTerminal = console.outputIsTerminal
        }
        let parser = VASTParser(limits: limits, urlValidator: CurlURLValidator.validator)
        let checker = SourceChecker(parser: parser, schema: schema, resolver: resolver,
                                    follow: follow, strict: strict, loader: loader)
        let color = outputPath == nil && console.usesColor
        var output = BatchOutput(format: format, printer: HumanReport(color: color, verbose: verbose))
        var summary = BatchSummary()
        let start = ContinuousClock.now
        var progress = ProgressLine(total: total, enabled: console.errorIsTerminal && total > 1,
                                    write: console.err, start: start)
        progress.draw()
        let sources = BatchSources(commandLine: commandLine, lists: batchLists)
        await BatchRunner.run(sources, jobs: jobs, work: { source in
            let began = ContinuousClock.now
            let report = await checker.check(source)
            return (report, ProgressLine.seconds(.now - began))
        }, consume: { index, checked in
            if let error = checked.0.sourceError, error.vastErrorCode == nil {
                progress.hide()
                console.cannotRead(error)
            }
            summary.add(checked.0)
            let text = output.add(checked.0, index: index, seconds: checked.1)
            if !text.isEmpty {
                if toTerminal { progress.hide() }
                write(text)
            }
            progress.advance()
        })
        progress.finish()
        write(output.finish(summary, seconds: ProgressLine.seconds(.now - start)))
        if let outputPath, let failure = outputFailure.first {
            console.err("vastcheck: cannot write \(outputPath): \(failure)\n")
            return .unreadable
        }
        let totals = summary.totals
        if totals.unreadable > 0 { return .unreadable }
        return totals.invalid > 0 ? .invalid : .success
    }

    private func makeResolver() throws(HTTPClientConfigurationError) -> WrapperResolver {
        // Every job may hold a connection to the same ad server: a batch against one host must
        // not queue behind the default per-host cap.
        let perHost = max(HTTPClientConfiguration().maxConnectionsPerHost, jobs)
        let client = try HTTPClient(configuration: HTTPClientConfiguration(
            maxBodyBytes: limits.maxBytes, maxConnectionsPerHost: perHost,
            maxTotalConnections: max(HTTPClientConfiguration().maxTotalConnections, perHost)))
        let sink: any BeaconSink = fireErrors ? DirectBeaconSender(client: client) : DiscardingBeaconSink()
        return WrapperResolver(client: client, errorSink: sink, configuration: resolution)
    }
}

/// Checks one source; shared by every job of a run.
struct SourceChecker: Sendable {
    let parser: VASTParser
    let schema: LockedSchemaValidator?
    let resolver: WrapperResolver?
    let follow: Bool
    let strict: Bool
    let loader: SourceLoader

    func check(_ entry: Result<VASTSource, SourceError>) async -> DocumentReport {
        let loaded: LoadedSource
        do {
            loaded = try loader.load(try entry.get())
        } catch {
            return DocumentReport(source: error.source, sourceError: error, strict: strict)
        }
        if let resolver, loaded.source.isTag {
            return DocumentReport(source: loaded.source.name, resolution: await resolver.resolve(loaded), strict: strict)
        }
        let bytes = loaded.bytes ?? []
        do {
            let result = try parser.parse(bytes)
            var findings = result.findings
            if let schema { findings += schema.validate(Data(bytes)) }
            var report = DocumentReport(source: loaded.source.name, result: result, findings: findings, strict: strict)
            if follow, let resolver, result.document.ads.contains(where: { $0.wrapper != nil }) {
                report.attach(await resolver.resolve(loaded))
            }
            return report
        } catch {
            return DocumentReport(source: loaded.source.name, parseError: error, findings: [], strict: strict)
        }
    }
}

/// A schema validator used by one job at a time (libxml2's schema context is not shared).
final class LockedSchemaValidator: @unchecked Sendable {
    private let validator: VASTSchemaValidator
    private let lock = NSLock()

    init(_ validator: VASTSchemaValidator) { self.validator = validator }

    func validate(_ bytes: Data) -> [VASTFinding] {
        lock.withLock { validator.validate(bytes) }
    }
}

/// Totals over a run.
struct Summary: Sendable {
    private(set) var documents = 0
    private(set) var valid = 0
    /// Every document that is not valid, the unreadable ones included.
    private(set) var invalid = 0
    private(set) var unreadable = 0

    init(_ reports: [DocumentReport]) {
        for report in reports { add(report) }
    }

    mutating func add(_ report: DocumentReport) {
        documents += 1
        if report.isValid { valid += 1 } else { invalid += 1 }
        if report.readError != nil { unreadable += 1 }
    }

    var json: JSON {
        .object([("documents", .int(documents)), ("valid", .int(valid)), ("invalid", .int(invalid)),
                 ("unreadable", .int(unreadable))])
    }
}

/// The first error writing `--output` (a full disk, a closed pipe): the run then exits 2 rather than
/// report a success whose output was lost.
private final class OutputFailure: Sendable {
    private let error = Mutex<String?>(nil)

    func record(_ failure: any Error) {
        error.withLock { $0 = $0 ?? (failure as NSError).localizedDescription }
    }

    var first: String? { error.withLock { $0 } }
}

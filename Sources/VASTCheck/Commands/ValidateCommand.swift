import AdEngine
import AdResolution
import AdTransport
import FoundationEssentials
import Glibc
import Synchronization
import VAST

/// `vastcheck validate [options] SOURCE...` (the options are in ``options``).
///
/// Sources (the command line's, then each `--list`'s) are checked `--jobs` at a time with one
/// shared HTTP client and resolver; each result is tuned by the rule settings, written as the format
/// allows (see ``BatchOutput``) and folded into a ``BatchSummary``, then dropped.
struct ValidateCommand: Command {
    static let name = "validate"
    static let list = Option(
        "--list", value: "FILE", repeatable: true,
        help: "Also check the sources in FILE, one per line (blank lines and lines starting with # skipped); relative "
            + "paths are relative to FILE's folder. - reads the list from stdin. Repeatable; listed after SOURCEs.")
    static let jsonl = Option("--jsonl", help: "One JSON line per document as each finishes, then a summary line.")
    static let schema = Option(
        "--schema", value: "FILE", help: "Also validate local documents against an XML Schema (an IAB VAST XSD).")
    static let fireErrors = Option(
        "--fire-errors", help: "Send the chain's error pixels (by default they are only listed).")
    static let options: [Option] =
        [
            list, .jobs, .json, jsonl, .format(OutputFormat.allCases), .output, .quiet, .verbose,
        ] + Option.rules + [.follow, schema] + [.timeout, .maxDepth, .maxBytes, .macro] + [fireErrors]
        + MediaOptions.options
    static let writesOutputItself = true
    /// Documents checked at once unless `--jobs` says otherwise.
    static let defaultJobs = 8

    let paths: [String]
    let lists: [String]
    let format: OutputFormat
    let outputPath: String?
    let jobs: Int
    let rules: RuleOptions
    let verbose: Bool
    let quiet: Bool
    let follow: Bool
    let fireErrors: Bool
    let schemaPath: String?
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration
    let profile: MacroProfile
    let media: MediaOptions?

    init(_ arguments: Arguments) throws(UsageError) {
        lists = arguments.values[Self.list.name] ?? []
        guard !arguments.positional.isEmpty || !lists.isEmpty else {
            throw UsageError(
                "validate needs at least one SOURCE (a file, a directory, a tag URL, or - for standard input) "
                    + "or --list FILE")
        }
        paths = arguments.positional
        guard (paths + lists).filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("standard input (-) can be read only once: as one SOURCE or as one --list")
        }
        var formats: [OutputFormat] = []
        if arguments.flags.contains(Self.jsonl.name) { formats.append(.jsonl) }
        formats += try arguments.formats(OutputFormat.allCases)
        guard Set(formats).count <= 1 else {
            throw UsageError(
                "choose one output format: \(formats.map(\.rawValue).joined(separator: " and ")) were both asked for")
        }
        format = formats.first ?? .human
        outputPath = try arguments.outputPath()
        jobs = try arguments.integer(Option.jobs.name, in: 1...64) ?? Self.defaultJobs
        rules = try RuleOptions(arguments)
        verbose = arguments.flags.contains(Option.verbose.name)
        quiet = arguments.flags.contains(Option.quiet.name)
        guard !(verbose && quiet) else { throw UsageError("--quiet and --verbose ask for opposite things; give one") }
        follow = arguments.flags.contains(Option.follow.name)
        fireErrors = arguments.flags.contains(Self.fireErrors.name)
        schemaPath = arguments.value(Self.schema.name)
        (limits, resolution) = try arguments.resolutionLimits()
        profile = try MacroProfile(arguments)
        media = try MediaOptions(arguments)
    }

    /// The `--macro` values: the resolver fills the chain's URLs with them, and their private ones are hidden.
    var macroValues: VASTMacroContext? { profile.context }

    func run(_ console: Console) async -> ExitCode {
        guard let tuning = rules.tuningOrComplain(console: console) else { return .unreadable }
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
        let needsNetwork =
            follow || media != nil || batchLists.contains(where: \.hasTags)
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
        var outputFile: (descriptor: Int32, stream: StandardStream)?
        defer { if let outputFile { close(outputFile.descriptor) } }
        if let outputPath {
            // Opened in place, not created anew: a FIFO, /dev/stdout or a device stays what it is
            // (FileManager.createFile would rename a new file over it).
            let descriptor = FileName.withPlatformPath(outputPath) {
                open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            }
            guard descriptor >= 0 else {
                console.err(
                    Terminal.escape("vastcheck: cannot write \(FileName.shown(outputPath))")
                        + ": \(String(cString: strerror(errno)))\n")
                return .unreadable
            }
            // Its first failed write (a full disk, a closed pipe) drops the rest, and the run then exits 2
            // rather than report a success whose output was lost.
            let stream = StandardStream(descriptor)
            write = { text in stream.write(console.redact(text)) }
            toTerminal = false
            outputFile = (descriptor, stream)
        } else {
            write = console.out
            toTerminal = console.outputIsTerminal
        }
        let parser = VASTParser(limits: limits, urlValidator: CurlURLValidator.validator)
        let checker = SourceChecker(
            parser: parser, schema: schema, resolver: resolver,
            follow: follow, tuning: tuning, loader: loader,
            media: resolver.flatMap { resolver in media.map { MediaFindings($0, client: resolver.client) } })
        let color = outputPath == nil && console.usesColor
        var output = BatchOutput(
            format: format, printer: HumanReport(color: color, verbose: verbose, quiet: quiet),
            redactor: console.redactor)
        var summary = BatchSummary()
        let start = ContinuousClock.now
        var progress = ProgressLine(
            total: total, enabled: console.errorIsTerminal && total > 1,
            write: console.err, start: start)
        progress.draw()
        let sources = BatchSources(commandLine: commandLine, lists: batchLists)
        await BatchRunner.run(
            sources, jobs: jobs,
            work: { source in
                let began = ContinuousClock.now
                let report = await checker.check(source)
                return (report, ProgressLine.seconds(.now - began))
            },
            consume: { index, checked in
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
                progress.advance(failed: !checked.0.isValid)
            })
        progress.finish()
        write(output.finish(summary, seconds: ProgressLine.seconds(.now - start)))
        if let outputPath, let failure = outputFile?.stream.failure {
            console.err(Terminal.escape("vastcheck: cannot write \(FileName.shown(outputPath))") + ": \(failure)\n")
            return .unreadable
        }
        if let unjudged = CurlURLValidator.unjudged {
            console.err(
                "vastcheck: warning: \(unjudged.count) URL\(unjudged.count == 1 ? "" : "s") of an unusual shape "
                    + "could not be checked in this process, and no tag can be fetched: \(unjudged.reason)\n")
        }
        let totals = summary.totals
        if totals.unreadable > 0 { return .unreadable }
        return totals.invalid > 0 ? .invalid : .success
    }

    private func makeResolver() throws(HTTPClientConfigurationError) -> WrapperResolver {
        // Every job may hold a connection to the same ad server: a batch against one host must
        // not queue behind the default per-host cap.
        let perHost = max(HTTPClientConfiguration().maxConnectionsPerHost, jobs)
        let client = try HTTPClient(
            configuration: HTTPClientConfiguration(
                maxBodyBytes: limits.maxBytes, maxConnectionsPerHost: perHost,
                maxTotalConnections: max(HTTPClientConfiguration().maxTotalConnections, perHost)))
        let sink: any BeaconSink = fireErrors ? DirectBeaconSender(client: client) : DiscardingBeaconSink()
        return WrapperResolver(client: client, errorSink: sink, configuration: resolution, macros: profile.context)
    }
}

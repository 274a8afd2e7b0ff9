import AdErrors
import AdResolution
import AdTransport
import FoundationEssentials
import VAST
import VASTServe

/// The batch page's runs: tag URLs or a served folder's documents, validated `jobs` at a time by the same
/// ``SourceChecker`` and ``BatchRunner`` as `vastcheck validate`, their outputs made by ``BatchOutput``.
/// At most ``capacity`` runs are kept and ``maxRunning`` validate at once; each run's task is owned here and
/// cancelled by ``cancelAll()``.
actor BatchJobs {
    static let capacity = 16
    /// The most runs validating at once; another is refused (503) until one ends.
    static let maxRunning = 2
    /// The most sources of one run.
    static let maxSources = 10_000
    private var jobs: [(job: BatchJob, task: Task<Void, Never>)] = []

    /// `POST /api/batch` `{"sources":["<tag URL>",...]}` or `{"folder": N}`, with `"jobs"` (1 to 64,
    /// default 8): starts a run and answers `{"id","total"}`.
    func start(_ request: ServerRequest, folders: ServedFolders) -> ServerResponse {
        guard let body = InspectorJSON.object(request.body) else {
            return .refused(400, "bad request: send {\"sources\": [...]} or {\"folder\": N} as JSON")
        }
        let jobCount = min(64, max(1, body["jobs"] as? Int ?? ValidateCommand.defaultJobs))
        let loader = SourceLoader(limits: SourceLimits(), standardInput: .bytes([]))
        var sources: [Result<VASTSource, SourceError>] = []
        if let index = body["folder"] as? Int {
            guard folders.folders.indices.contains(index) else { return .refused(404, "not found: no such folder") }
            sources = loader.sources(named: folders.folders[index].realPath)
        } else if let list = body["sources"] as? [String] {
            for line in list.map({ $0.trimmingSpaces() }) where !line.isEmpty {
                guard case .url(let url) = InspectorSource(line) else {
                    return .refused(400, "bad request: each source must be an http or https tag URL")
                }
                sources += loader.sources(named: url)
            }
        }
        guard !sources.isEmpty, sources.count <= Self.maxSources else {
            return .refused(400, "bad request: give 1 to \(Self.maxSources) tag URLs, or a served folder")
        }
        guard jobs.filter({ !$0.job.isFinished }).count < Self.maxRunning else {
            return .refused(503, "busy: \(Self.maxRunning) batches are running; try again when one ends")
        }
        let job = BatchJob(id: String(Inspector.randomToken().prefix(24)), total: sources.count)
        let task = Task { await Self.run(job, sources: sources, jobs: jobCount, loader: loader) }
        jobs.append((job, task))
        if jobs.count > Self.capacity {
            let old = jobs.removeFirst()
            old.task.cancel()
            old.job.cancel()
        }
        return .text(
            JSON.object([("id", .string(job.id)), ("total", .int(job.total))]).pretty() + "\n",
            contentType: Inspector.json)
    }

    /// `GET /api/batch/events?id=ID`: `event: row` per finished document, `event: progress` `{"done",
    /// "total"}`, and `event: done` at the end.
    func events(_ request: ServerRequest) -> ServerResponse {
        guard let job = job(request) else { return .refused(404, "not found: no such batch") }
        return ServerResponse(
            status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(job.openStream()))
    }

    /// `GET /api/batch/result?id=ID&format=json|junit|sarif`: what `validate --format FORMAT` writes.
    func result(_ request: ServerRequest) -> ServerResponse {
        guard let job = job(request) else { return .refused(404, "not found: no such batch") }
        let formats: [String: (OutputFormat, String, String)] = [
            "json": (.json, "application/json; charset=utf-8", "vastcheck.json"),
            "junit": (.junit, "application/xml; charset=utf-8", "vastcheck.junit.xml"),
            "sarif": (.sarif, "application/sarif+json; charset=utf-8", "vastcheck.sarif"),
        ]
        guard let (format, type, file) = formats[request.query["format"] ?? "json"] else {
            return .refused(400, "bad request: format is json, junit or sarif")
        }
        guard let text = job.output(format) else { return .refused(409, "the batch has not finished yet") }
        return ServerResponse(
            status: 200,
            headers: [("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(file)\"")],
            body: .bytes(Array(text.utf8)))
    }

    /// Cancels every run.
    func cancelAll() async {
        for (job, task) in jobs {
            task.cancel()
            job.cancel()
        }
        for (_, task) in jobs { await task.value }
        jobs = []
    }

    private func job(_ request: ServerRequest) -> BatchJob? {
        guard let id = request.query["id"] else { return nil }
        return jobs.first { $0.job.id == id }?.job
    }

    private static func run(
        _ job: BatchJob, sources: [Result<VASTSource, SourceError>], jobs: Int, loader: SourceLoader
    ) async {
        let console = Console(
            out: { _ in }, err: { _ in }, standardInput: .bytes([]), outputIsTerminal: false, environment: [:])
        let tuning = (try? RuleOptions(Arguments([], options: Option.rules)))?.tuningOrComplain(console: console)
        let perHost = max(HTTPClientConfiguration().maxConnectionsPerHost, jobs)
        guard let tuning,
            let client = try? HTTPClient(
                configuration: HTTPClientConfiguration(
                    maxConnectionsPerHost: perHost,
                    maxTotalConnections: max(HTTPClientConfiguration().maxTotalConnections, perHost)))
        else {
            job.complete(outputs: [:])
            return
        }
        let resolver = WrapperResolver(
            client: client, errorSink: DiscardingBeaconSink(), configuration: WrapperResolverConfiguration(),
            macros: VASTMacroContext())
        let checker = SourceChecker(
            parser: VASTParser(limits: .default, urlValidator: CurlURLValidator.validator), schema: nil,
            resolver: resolver, follow: false, tuning: tuning, loader: loader, media: nil)
        let printer = HumanReport(color: false, verbose: false, quiet: false)
        var outputs = [OutputFormat.json, .junit, .sarif].map {
            BatchOutput(format: $0, printer: printer, redactor: .disabled)
        }
        var summary = BatchSummary()
        let start = ContinuousClock.now
        await BatchRunner.run(
            sources.makeIterator(), jobs: jobs,
            work: { source in
                let began = ContinuousClock.now
                let report = await checker.check(source)
                return (report, ProgressLine.seconds(.now - began))
            },
            consume: { index, checked in
                summary.add(checked.0)
                for position in outputs.indices {
                    _ = outputs[position].add(checked.0, index: index, seconds: checked.1)
                }
                job.finished(row: BatchRow(index: index, report: checked.0).json.serialized())
            })
        let seconds = ProgressLine.seconds(.now - start)
        job.complete(
            outputs: Dictionary(
                uniqueKeysWithValues: outputs.map { ($0.format, $0.finish(summary, seconds: seconds)) }))
    }
}

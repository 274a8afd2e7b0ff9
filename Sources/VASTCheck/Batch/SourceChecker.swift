import AdResolution
import FoundationEssentials
import VAST

/// Checks one source; shared by every job of a run.
struct SourceChecker: Sendable {
    let parser: VASTParser
    let schema: LockedSchemaValidator?
    let resolver: WrapperResolver?
    let follow: Bool
    let tuning: RuleTuning
    let loader: SourceLoader
    /// `--media`: the media files' findings, added before the rule settings tune them.
    var media: MediaFindings?

    /// The source's report, its findings tuned by the rule settings.
    func check(_ entry: Result<VASTSource, SourceError>) async -> DocumentReport {
        var report = await untuned(entry)
        report.tune(tuning)
        if case .success(let source) = entry, case .file(let path) = source.kind { report.fileName = path }
        return report
    }

    private func untuned(_ entry: Result<VASTSource, SourceError>) async -> DocumentReport {
        let loaded: LoadedSource
        do {
            loaded = try loader.load(try entry.get())
        } catch {
            return DocumentReport(source: error.source, sourceError: error, strict: false)
        }
        if let resolver, loaded.source.isTag {
            let report = DocumentReport(
                source: loaded.source.name, resolution: await resolver.resolve(loaded), strict: false)
            return await media?.adding(to: report, bytes: nil) ?? report
        }
        let bytes = loaded.bytes ?? []
        do {
            let result = try parser.parse(bytes)
            var findings = result.findings
            if let schema { findings += schema.validate(Data(bytes)) }
            var report = DocumentReport(source: loaded.source.name, result: result, findings: findings, strict: false)
            if follow, let resolver, result.document.ads.contains(where: { $0.wrapper != nil }) {
                report.attach(await resolver.resolve(loaded))
            }
            return await media?.adding(to: report, bytes: bytes) ?? report
        } catch {
            return DocumentReport(source: loaded.source.name, parseError: error, findings: [], strict: false)
        }
    }
}

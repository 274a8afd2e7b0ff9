import AdResolution
import AdTransport
import Creatives
import VAST

/// `--media`: every `<MediaFile>` of a checked document's InLines fetched with `Range` and probed
/// (``MediaCheck``, the code `getAd`'s cache verification uses), each problem a `media.*` finding at the
/// MediaFile's `FILE:LINE:COL`.
///
/// One per run, shared by its jobs: the run's byte and time budget (``MediaRunBudget``) holds across
/// documents; a file past it gets a `media.budget` finding instead of a check.
struct MediaFindings: Sendable {
    let check: MediaCheck
    let budget: MediaRunBudget

    init(_ options: MediaOptions, client: HTTPClient) {
        check = MediaCheck(client: client, verifier: MediaVerifier(), limits: options.limits)
        budget = MediaRunBudget(bytes: options.runBytes, time: options.runTime)
    }

    /// One media file to check, and where its findings point.
    struct Target {
        var mediaFile: VASTMediaFile
        var adDuration: VASTTime?
        /// `/VAST/Ad[1]/…/MediaFile[1]`, after `hop N: ` for a hop other than the document itself.
        var location: String
        var line: Int?
        var column: Int?
    }

    /// The media files of a document: the resolved chain's InLines when there is one (hop 0's located in
    /// `bytes`, the document's own), else the document's InLines.
    static func targets(bytes: [UInt8]?, document: VASTDocument?, resolution: VASTResolution?) -> [Target] {
        let locator = bytes.map(MediaFileLocator.init)
        var lastPlace = -1
        var targets: [Target] = []
        func add(_ inLine: VASTInLine, adIndex: Int, hop: Int?) {
            for (creativeIndex, creative) in inLine.creatives.enumerated() {
                guard let linear = creative.linear else { continue }
                for (fileIndex, file) in linear.mediaFiles.enumerated() where !file.url.isEmpty {
                    var target = Target(
                        mediaFile: file, adDuration: linear.duration,
                        location:
                            "/VAST/Ad[\(adIndex)]/InLine/Creatives/Creative[\(creativeIndex + 1)]/Linear/MediaFiles"
                            + "/MediaFile[\(fileIndex + 1)]")
                    if hop == nil || hop == 0, let found = locator?.place(of: file.url, after: lastPlace) {
                        lastPlace = found.index
                        (target.location, target.line, target.column) = (
                            found.place.path, found.place.line, found.place.column
                        )
                    }
                    if let hop, hop > 0 { target.location = "hop \(hop): " + target.location }
                    targets.append(target)
                }
            }
        }
        if let resolution, !resolution.ads.isEmpty {
            var adsPerHop: [Int: Int] = [:]
            for ad in resolution.ads {
                adsPerHop[ad.hop, default: 0] += 1
                add(ad.inLine, adIndex: adsPerHop[ad.hop] ?? 1, hop: ad.hop)
            }
        } else if let document {
            for (index, ad) in document.ads.enumerated() {
                if let inLine = ad.inLine { add(inLine, adIndex: index + 1, hop: nil) }
            }
        }
        return targets
    }

    /// The `media.*` findings of `targets`, in their order (a URL that appears twice is fetched once).
    func findings(for targets: [Target]) async -> [VASTFinding] {
        var results: [String: MediaCheckResult] = [:]
        var findings: [VASTFinding] = []
        for target in targets {
            let result: MediaCheckResult
            if let done = results[target.mediaFile.url] {
                result = done
            } else if await budget.take(check.limits.maxBytesPerFile) {
                result = await check.check(target.mediaFile, adDuration: target.adDuration, deadline: budget.deadline)
                await budget.giveBack(check.limits.maxBytesPerFile - result.bytesRead)
                results[target.mediaFile.url] = result
            } else {
                findings.append(
                    finding(
                        target,
                        MediaCheckProblem(.unreachable, "\(target.mediaFile.url): \(await budget.spentMessage)"),
                        rule: "media.budget", severity: .info))
                continue
            }
            findings += result.problems.map { finding(target, $0) }
        }
        return findings
    }

    private func finding(
        _ target: Target, _ problem: MediaCheckProblem, rule: String? = nil, severity: VASTFinding.Severity? = nil
    ) -> VASTFinding {
        VASTFinding(
            severity: severity ?? problem.severity, category: .content, rule: rule ?? problem.kind.rule,
            message: problem.message, location: target.location, line: target.line,
            vastErrorCode: rule == nil ? problem.vastErrorCode : nil, column: target.column)
    }
}

extension MediaFindings {
    /// `report` with the media findings of its document (`bytes`, when it is a local one) and chain.
    func adding(to report: DocumentReport, bytes: [UInt8]?) async -> DocumentReport {
        var report = report
        report.findings += await findings(
            for: Self.targets(bytes: bytes, document: report.result?.document, resolution: report.resolution))
        return report
    }
}

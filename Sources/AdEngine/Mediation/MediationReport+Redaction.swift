import AdResolution
import VAST

// What a mediation reports is shown and logged; each string that can carry an expanded URL goes
// through the redactor. The ads to play are never changed: the player fires their URLs.

extension SourceReport {
    /// The entry with the private values in its message, URL and hops hidden.
    func redacted(by redactor: VASTMacroRedactor) -> SourceReport {
        guard !redactor.isEmpty else { return self }
        var entry = self
        entry.message = redactor.redact(message)
        entry.url = url.map(redactor.redact)
        entry.hops = hops.map { $0.redacted(by: redactor) }
        return entry
    }
}

extension MediationWinner {
    /// The winner with its resolution's report (hops, findings, failure, error pixels) redacted.
    func redacted(by redactor: VASTMacroRedactor) -> MediationWinner {
        guard !redactor.isEmpty else { return self }
        var winner = self
        winner.resolution = resolution.redacted(by: redactor)
        return winner
    }
}

extension VASTResolution {
    /// The resolution with every hop, finding, failure (the chain's and each failed ad's) and error pixel
    /// redacted; the ads as they were.
    func redacted(by redactor: VASTMacroRedactor) -> VASTResolution {
        var resolution = self
        resolution.hops = hops.map { $0.redacted(by: redactor) }
        for index in resolution.failedAds.indices {
            resolution.failedAds[index].failure.message = redactor.redact(failedAds[index].failure.message)
        }
        resolution.findings = findings.map { finding in
            var redacted = finding
            redacted.message = redactor.redact(finding.message)
            redacted.location = redactor.redact(finding.location)
            return redacted
        }
        resolution.failure?.message = redactor.redact(failure?.message ?? "")
        resolution.errorBeacons = errorBeacons.map { (url: redactor.redact($0.url), code: $0.code) }
        return resolution
    }
}

extension VASTHop {
    /// The hop with its URL and outcome redacted.
    func redacted(by redactor: VASTMacroRedactor) -> VASTHop {
        var hop = self
        hop.url = redactor.redact(url)
        hop.outcome = redactor.redact(outcome)
        return hop
    }
}

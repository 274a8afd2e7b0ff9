internal import CLibXML2

/// The document-wide rules, checked once the whole document has been read.
extension VASTModelBuilder {
    mutating func finish() throws(VASTParseError) -> VASTParseResult {
        guard sawRoot else { throw VASTParseError(.malformed, "the document has no root element") }
        if var unsupported {
            unsupported.counts = counts
            throw unsupported
        }
        mark = .init()
        if ads.isEmpty && rootErrors.isEmpty {
            report(
                .warning, .content, "root.empty",
                "the response holds no <Ad> and no <Error>: a no-ad response without an error pixel",
                code: .noAdsAfterWrapper, at: "/VAST")
        } else if ads.isEmpty {
            report(
                .info, .content, "root.no-ad", "a no-ad response: only <Error> URIs, fired with 303",
                code: .noAdsAfterWrapper, at: "/VAST")
        } else if !rootErrors.isEmpty && version.isVAST4 {
            report(
                .warning, .schema, "root.mixed",
                "the root holds both <Ad> and <Error>; the VAST \(version.rawValue) schema allows one or the other",
                at: "/VAST")
        }
        let locations = adLocations
        func adLocation(_ index: Int) -> String {
            locations[index].path ?? "/VAST/Ad[\(locations[index].index)]"
        }
        var sequences: [Int: Int] = [:]
        for (index, ad) in ads.enumerated() {
            guard let sequence = ad.sequence else { continue }
            if let first = sequences[sequence] {
                report(
                    .error, .content, "pod.sequence-duplicate",
                    "pod sequence \(sequence) is used by \(adLocation(first)) too; pod order is ambiguous",
                    at: adLocation(index))
            } else {
                sequences[sequence] = index
            }
        }
        if suppressedFindings > 0, let suppressedSeverity {
            findings.append(
                VASTFinding(
                    severity: suppressedSeverity, category: .content, rule: "findings.truncated",
                    message:
                        "\(suppressedFindings) more findings (the worst: \(suppressedSeverity.rawValue)) were not listed; "
                        + "the limit is \(limits.maxFindings)",
                    location: "/VAST"))
        }
        let document = VASTDocument(version: rawVersion, ads: ads, errors: rootErrors)
        return VASTParseResult(document: document, findings: findings, counts: counts)
    }
}

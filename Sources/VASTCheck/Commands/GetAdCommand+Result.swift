import AdEngine
import AdErrors
import AdPlacement
import VAST

/// The decision, the report and the ad (or the error) of one getAd, for people and for JSON.
struct GetAdResult {
    let decision: PlacementDecision?
    let report: MediationReport?
    let ad: Ad?
    let error: AdEngineError?

    init(_ outcome: Result<Ad, AdEngineError>) {
        switch outcome {
        case .success(let ad):
            (decision, report, self.ad, error) = (ad.decision, ad.report, ad, nil)
        case .failure(let failure):
            (decision, report, ad, error) = (failure.decision, failure.report, nil, failure)
        }
    }

    /// `{"decision":{"allowed","reason","message","presentation"?},"report":[{"source","tier","ms","outcome",
    /// "errorCode"?,"price"?,"message","url"?}],
    /// "ad":{"id","creativeId","mediaFile"?,"banner":{"width","height"}?}?,"error":{"kind","message","vastErrorCode"?}?}`
    var json: JSON { json(timings: true) }

    /// ``json`` with or without each source's `ms` (a scenario leaves timings out, so its output is the
    /// same on every run).
    func json(timings: Bool) -> JSON {
        var members: [(String, JSON)] = []
        if let decision {
            members.append(
                (
                    "decision",
                    .object(
                        [
                            ("allowed", .bool(decision.allowed)),
                            ("reason", .string(decision.reason.rawValue)),
                            ("message", .string(decision.message)),
                        ] + (decision.presentation.map { [("presentation", JSON.string($0.id))] } ?? []))
                ))
        } else {
            members.append(("decision", .null))
        }
        members.append(
            (
                "report",
                .array(
                    (report?.sources ?? []).map { source in
                        var row: [(String, JSON)] = [("source", .string(source.source)), ("tier", .int(source.tier))]
                        if timings { row.append(("ms", .int(Int(source.milliseconds.rounded())))) }
                        row.append(("outcome", .string(source.outcome.rawValue)))
                        if let code = source.errorCode { row.append(("errorCode", .int(code.rawValue))) }
                        if let price = source.price { row.append(("price", .string(String(price)))) }
                        row.append(("message", .string(source.message)))
                        if let url = source.url { row.append(("url", .string(url))) }
                        return .object(row)
                    })
            ))
        if let ad {
            var fields: [(String, JSON)] = [
                ("id", ad.id.map { .string($0) } ?? .null),
                ("creativeId", ad.creativeId.map { .string($0) } ?? .null),
                ("source", .string(ad.source)),
            ]
            if let file = ad.mediaFile {
                fields.append(
                    (
                        "mediaFile",
                        .object([
                            ("url", .string(file.url)), ("type", file.type.map { .string($0) } ?? .null),
                            ("width", file.width.map { .int($0) } ?? .null),
                            ("height", file.height.map { .int($0) } ?? .null),
                        ])
                    ))
            }
            if let banner = ad.banner {
                fields.append(
                    ("banner", .object([("width", .int(banner.size.width)), ("height", .int(banner.size.height))])))
            }
            if let creative = ad.readyCreative { fields.append(("creative", creative.json)) }
            members.append(("ad", .object(fields)))
        }
        if let error {
            var fields: [(String, JSON)] = [
                ("kind", .string(error.code.description)), ("message", .string(error.message)),
            ]
            if let code = error.vastErrorCode { fields.append(("vastErrorCode", .int(code.rawValue))) }
            members.append(("error", .object(fields)))
        }
        return .object(members)
    }

    var human: String { human(timings: true) }

    /// ``human`` with or without each source's milliseconds.
    func human(timings: Bool) -> String {
        var text = ""
        if let decision {
            text +=
                "decision: \(decision.allowed ? "allowed" : "refused") (\(decision.reason.rawValue)) \(decision.message)\n"
        }
        for source in report?.sources ?? [] {
            text +=
                "  tier \(source.tier)  \(source.source)  \(source.outcome.rawValue)"
                + (timings ? "  \(Int(source.milliseconds.rounded())) ms" : "")
            if let code = source.errorCode { text += "  VAST \(code.rawValue)" }
            if !source.message.isEmpty { text += "  \(source.message)" }
            text += "\n"
        }
        if let ad {
            text += "ad: \(ad.id ?? "?") creative \(ad.creativeId ?? "?") from \(ad.source)"
            if let file = ad.mediaFile { text += "  media \(file.url)" }
            if let banner = ad.banner { text += "  banner \(banner.size.width)x\(banner.size.height)" }
            text += "\n" + (ad.readyCreative?.human ?? "")
        }
        if let error { text += "no ad: \(error.code): \(error.message)\n" }
        return text
    }
}

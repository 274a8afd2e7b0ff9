import AdResolution
import VAST

extension InspectReport {
    /// `{"hop","location","id"?,"errorCode","failedAtHop","message"}` for an ad that will not play.
    static func failedJSON(_ failed: VASTFailedAd) -> JSON {
        var members: [(String, JSON)] = [("hop", .int(failed.hop)), ("location", .string(failed.location))]
        if let id = failed.ad.id { members.append(("id", .string(id))) }
        members += [
            ("errorCode", .int(failed.failure.code.rawValue)), ("failedAtHop", .int(failed.failure.hop)),
            ("message", .string(failed.failure.message)),
        ]
        return .object(members)
    }

    /// The ads of the response that will not play, when there are any: `  hop 0 /VAST/Ad[2] "dead"  error 301 (...) at hop 1: ...`.
    func failedText() -> String {
        guard !resolution.failedAds.isEmpty else { return "" }
        return "\nAds that will not play:\n"
            + resolution.failedAds.map { failed in
                let id = failed.ad.id.map { " \"\($0)\"" } ?? ""
                return
                    "  hop \(failed.hop) \(failed.location)\(id)  \(failed.failure.code.named) at hop \(failed.failure.hop): "
                    + failed.failure.message + "\n"
            }.joined()
    }
}

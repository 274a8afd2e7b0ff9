import AdResolution
import AdSimulation
import VAST

extension InspectReport {
    /// `{"hop","location","id"?,"errorCode","failedAtHop","message"}` for an ad that will not play.
    static func failedJSON(_ failed: VASTFailedAd) -> JSON {
        var members: [(String, JSON)] = [("hop", .int(failed.hop)), ("location", .string(failed.location))]
        if let id = failed.ad.id { members.append(("id", .string(id))) }
        members += [
            ("errorCode", failed.failure.codeJSON), ("failedAtHop", .int(failed.failure.hop)),
            ("message", .string(failed.failure.message)),
        ]
        return .object(members)
    }

    /// The ads of the response that will not play, when there are any: `  hop 0 /VAST/Ad[2] "dead"  error 301 (...) at hop 1: ...`,
    /// then the resolved ads whose Linear has no media file the player plays (403).
    func failedText() -> String {
        let unplayable = resolution.ads.filter(Simulation.lacksPlayableMediaFile)
        guard !resolution.failedAds.isEmpty || !unplayable.isEmpty else { return "" }
        let failed = resolution.failedAds.map { failed in
            let id = failed.ad.id.map { " \"\($0)\"" } ?? ""
            return
                "  hop \(failed.hop) \(failed.location)\(id)  \(failed.failure.named) at hop \(failed.failure.hop): "
                + failed.failure.message + "\n"
        }
        let types = Simulation.supportedMediaTypes.joined(separator: ", ")
        let unsupported = unplayable.map { ad in
            let id = ad.ad.id.map { " \"\($0)\"" } ?? ""
            return "  hop \(ad.hop) ad\(id)  \(VASTErrorCode.noSupportedMediaFile.named): "
                + "its Linear has no media file of a supported type (\(types))\n"
        }
        return "\nAds that will not play:\n" + (failed + unsupported).joined()
    }
}

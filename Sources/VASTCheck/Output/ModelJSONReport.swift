import AdResolution
import VAST

/// What `vastcheck inspect --json --model` writes: the chain as `inspect --json` shows it, each hop with the
/// `version` of its document as the library's document JSON has it, then every resolved ad's whole model as
/// the library encodes it (``ResolvedAd/modelJSON``), with URLs as written (the macro profile does not apply).
struct ModelJSONReport {
    let resolution: VASTResolution

    /// A hop as `inspect --json` writes it, with `"version"` (the root's `version` as written) after `kind`
    /// when its document was parsed.
    static func chainEntry(_ hop: VASTHop) -> JSON {
        guard case .object(var members) = hop.json, let version = hop.vastVersion else { return hop.json }
        let kind = members.firstIndex { $0.0 == "kind" } ?? members.count - 1
        members.insert(("version", .string(version)), at: kind + 1)
        return .object(members)
    }

    /// `{"chain":[{...,"kind","version"?,...}],"ads":[...],"failedAds"?:[...],"remaining"?:[...],"errorCode"?,"failure"?}`: `ads`
    /// in pod order, empty when there is none; `failedAds` the ads the response offered that will not play
    /// (`{"hop","location","errorCode","failure","ad":{...}}`); `remaining` the unused stand-alone ads
    /// (`{"hop","location","ad":{...}}`), each ad's model as written.
    var json: JSON {
        var members: [(String, JSON)] = [("chain", .array(resolution.hops.map(Self.chainEntry)))]
        members.append(("ads", .array(resolution.ads.map(\.modelJSON))))
        if !resolution.failedAds.isEmpty {
            members.append(
                (
                    "failedAds",
                    .array(
                        resolution.failedAds.map { failed in
                            .object([
                                ("hop", .int(failed.hop)), ("location", .string(failed.location)),
                                ("errorCode", failed.failure.codeJSON),
                                ("failure", .string(failed.failure.message)),
                                ("ad", failed.ad.modelJSON),
                            ])
                        })
                ))
        }
        if !resolution.remaining.isEmpty {
            members.append(
                (
                    "remaining",
                    .array(
                        resolution.remaining.map { remaining in
                            .object([
                                ("hop", .int(remaining.hop)),
                                ("location", .string("/VAST/Ad[\(remaining.position + 1)]")),
                                ("ad", remaining.ad.modelJSON),
                            ])
                        })
                ))
        }
        if let code = resolution.errorCode { members.append(("errorCode", .int(code.rawValue))) }
        if resolution.ads.isEmpty, let failure = resolution.failure {
            members.append(("failure", .string(failure.message)))
        }
        return .object(members)
    }
}

import AdResolution
import VAST

/// What `vastcheck inspect --json --model` writes: the chain as `inspect --json` shows it, then
/// every resolved ad's whole model as the library encodes it (``ResolvedAd/modelJSON``), with
/// URLs as written (the macro profile does not apply).
struct ModelJSONReport {
    let resolution: VASTResolution

    /// `{"chain":[...],"ads":[...],"errorCode"?,"failure"?}`: `ads` in pod order, empty when there is none.
    var json: JSON {
        var members: [(String, JSON)] = [("chain", .array(resolution.hops.map(\.json)))]
        members.append(("ads", .array(resolution.ads.map(\.modelJSON))))
        if let code = resolution.errorCode { members.append(("errorCode", .int(code.rawValue))) }
        if resolution.ads.isEmpty, let failure = resolution.failure {
            members.append(("failure", .string(failure.message)))
        }
        return .object(members)
    }
}

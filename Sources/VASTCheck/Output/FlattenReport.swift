import AdResolution
import VAST

/// What `vastcheck flatten` says besides the document: a summary line, the URLs that had no place,
/// and the `--json` object.
struct FlattenReport {
    let resolution: VASTResolution
    var flattening: VASTFlattening?
    var output: String?
    var xml: String?

    /// `{"chain","version","ads","omitted","output"?,"xml"?}`, or `{"chain","errorCode","failure"}` with no ad.
    var json: JSON {
        var members: [(String, JSON)] = [("chain", .array(resolution.hops.map(\.json)))]
        guard let flattening else {
            if let code = resolution.errorCode { members.append(("errorCode", .int(code.rawValue))) }
            if let failure = resolution.failure { members.append(("failure", .string(failure.message))) }
            return .object(members)
        }
        members.append(("version", .string(flattening.document.version)))
        members.append(("ads", .int(flattening.document.ads.count)))
        members.append(
            (
                "omitted",
                .array(
                    flattening.omitted.map { omission in
                        .object([
                            ("what", .string(omission.what)), ("url", .string(omission.url)),
                            ("hop", .int(omission.hop)),
                            ("ad", .int(omission.ad)),
                        ])
                    })
            ))
        if let output {
            members.append(("output", .string(output)))
        } else if let xml {
            members.append(("xml", .string(xml)))
        }
        return .object(members)
    }

    /// `wrote FILE: VAST 4.2, 1 ad, 3 hops, 0 URLs omitted`.
    var summary: String {
        let ads = flattening?.document.ads.count ?? 0
        let omitted = flattening?.omitted.count ?? 0
        let hops = resolution.hops.count
        return "wrote \(output ?? "-"): VAST \(flattening?.document.version ?? "?"), \(ads) ad\(ads == 1 ? "" : "s"), "
            + "\(hops) hop\(hops == 1 ? "" : "s"), \(omitted) URL\(omitted == 1 ? "" : "s") omitted\n"
    }

    /// One line per URL the InLine had no element for.
    var omissionWarning: String {
        let omitted = flattening?.omitted ?? []
        var text =
            "vastcheck: warning: \(omitted.count) URL\(omitted.count == 1 ? "" : "s") of the chain had no place "
            + "in the InLine and \(omitted.count == 1 ? "is" : "are") not in the document:\n"
        for omission in omitted {
            text += "  ad \(omission.ad + 1)  hop \(omission.hop)  \(omission.what)  \(omission.url)\n"
        }
        return text
    }
}

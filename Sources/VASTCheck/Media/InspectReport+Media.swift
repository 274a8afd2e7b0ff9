import AdResolution
import VAST

/// `inspect --media`: the media findings after the report, in text and in JSON.
extension InspectReport {
    /// The report's JSON with `"media":[finding...]` last when `--media` was given.
    func json(media: [VASTFinding]?) -> JSON {
        guard let media, case .object(var members) = json else { return json }
        members.append(("media", .array(media.map(\.json))))
        return .object(members)
    }

    /// `Media` and one line per finding (`  error media.duration: message (at PATH)`), or `Media: no problem`;
    /// nothing without `--media`.
    static func mediaText(_ media: [VASTFinding]?) -> String {
        guard let media else { return "" }
        guard !media.isEmpty else { return "\nMedia: no problem found\n" }
        return "\nMedia\n"
            + media.map { "  \($0.severity.rawValue) \($0.rule): \($0.message) (at \($0.location))\n" }.joined()
    }
}

extension MediaFindings {
    /// The media findings of a resolved chain (`inspect`, which keeps no document bytes: paths, no lines).
    func findings(for resolution: VASTResolution) async -> [VASTFinding] {
        await findings(for: Self.targets(bytes: nil, document: nil, resolution: resolution))
    }
}

import AdLifecycle
import VAST

extension SessionCodec {
    /// The session's own callback names, beside the parts'.
    static let ownCallbackNames = [
        "nonLinearClicked", "nonLinear", "viewability", "exposureChanged", "verificationNotExecuted", "breakStarted",
        "adStarted", "adEnded", "breakEnded",
    ]

    static func callback(_ name: String, _ fields: inout FieldReader) throws(FixtureError) -> SessionCallback {
        if name.hasPrefix("mraid.") {
            return .mraid(try MRAIDCodec.callback(String(name.dropFirst(6)), &fields))
        }
        if UnitCodec.callbackNames.contains(name) { return .unit(try UnitCodec.callback(name, &fields)) }
        if VideoCodec.callbackNames.contains(name) { return .video(try VideoCodec.callback(name, &fields)) }
        switch name {
        case "nonLinearClicked": return .nonLinearClicked(url: try UnitCodec.url(&fields))
        case "nonLinear":
            return .nonLinear(
                try FieldReader.choice(
                    try fields.required("event", "acceptInvitation, expanded, collapsed, minimized, closed"),
                    at: fields.path("event"), NonLinearInput.allCases.map { ($0.rawValue, $0) }))
        case "viewability":
            return .viewability(
                try FieldReader.choice(
                    try fields.required("verdict", "viewable, notViewable or undetermined"), at: fields.path("verdict"),
                    ViewabilityVerdict.allCases.map { ($0.rawValue, $0) }))
        case "exposureChanged": return .exposureChanged(percent: try fields.double("percent", "0 to 100"))
        case "verificationNotExecuted":
            return .verificationNotExecuted(
                index: try fields.int("index", "the verification's index"), reason: try reason(&fields))
        case "breakStarted": return .breakStarted(adCount: try fields.int("adCount", "the pod's number of ads"))
        case "adStarted":
            return .adStarted(
                position: try fields.int("position", "the slot, from 1"), count: try fields.int("count", "the slots"))
        case "adEnded":
            return .adEnded(
                position: try fields.int("position", "the slot, from 1"), count: try fields.int("count", "the slots"))
        case "breakEnded": return .breakEnded
        default:
            throw FixtureError(
                .invalidValue, path: fields.path("callback"),
                message: "unknown session callback \"\(name)\"; expected one of "
                    + callbackNames.joined(separator: ", "))
        }
    }

    static func name(_ callback: SessionCallback) -> String {
        switch callback {
        case .unit(let callback): UnitCodec.name(callback)
        case .video(let callback): VideoCodec.name(callback)
        case .mraid(let callback): "mraid." + MRAIDCodec.name(callback)
        case .nonLinearClicked: "nonLinearClicked"
        case .nonLinear: "nonLinear"
        case .viewability: "viewability"
        case .exposureChanged: "exposureChanged"
        case .verificationNotExecuted: "verificationNotExecuted"
        case .breakStarted: "breakStarted"
        case .adStarted: "adStarted"
        case .adEnded: "adEnded"
        case .breakEnded: "breakEnded"
        }
    }

    static func render(_ callback: SessionCallback) -> JSONValue {
        var members: [String: JSONValue]
        switch callback {
        case .unit(let callback): return UnitCodec.render(callback)
        case .video(let callback): return VideoCodec.render(callback)
        case .mraid(let inner):
            guard case .object(let rendered) = MRAIDCodec.render(inner) else { return .null }
            members = rendered
        default: members = [:]
        }
        members["callback"] = .string(name(callback))
        switch callback {
        case .nonLinearClicked(let url): members["url"] = url.map(JSONValue.string) ?? .null
        case .nonLinear(let input): members["event"] = .string(input.rawValue)
        case .viewability(let verdict): members["verdict"] = .string(verdict.rawValue)
        case .exposureChanged(let percent): members["percent"] = .number(percent)
        case .verificationNotExecuted(let index, let reason):
            members["index"] = .number(Double(index))
            members["reason"] = .number(Double(reason.rawValue))
        case .breakStarted(let count): members["adCount"] = .number(Double(count))
        case .adStarted(let position, let count), .adEnded(let position, let count):
            members["position"] = .number(Double(position))
            members["count"] = .number(Double(count))
        default: break
        }
        return .object(members)
    }
}

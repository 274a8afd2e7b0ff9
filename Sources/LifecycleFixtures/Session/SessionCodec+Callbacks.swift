import AdLifecycle
import VAST

extension SessionCodec {
    static func callback(_ name: String, _ fields: inout FieldReader) throws(FixtureError) -> SessionCallback {
        if name.hasPrefix("mraid.") {
            return .mraid(try MRAIDCodec.callback(String(name.dropFirst(6)), &fields))
        }
        func ms(_ key: String, _ what: String) throws(FixtureError) -> Double {
            Double(try fields.int(key, what)) / 1000
        }
        func url() throws(FixtureError) -> String? {
            guard fields.has("url") else {
                throw FixtureError(
                    .missingField, path: fields.path("url"),
                    message: "missing: the URL to open, expanded (null when none)")
            }
            return try fields.optionalString("url")
        }
        switch name {
        case "impressionWillBeLogged": return .impressionWillBeLogged
        case "clicked": return .clicked(url: try url())
        case "willPresentFullscreen": return .willPresentFullscreen
        case "didPresentFullscreen": return .didPresentFullscreen
        case "willDismissFullscreen": return .willDismissFullscreen
        case "didDismissFullscreen": return .didDismissFullscreen
        case "willOpenExternalApp": return .willOpenExternalApp(url: try fields.string("url", "the URL being opened"))
        case "rewarded": return .rewarded
        case "expired": return .expired
        case "failed": return .failed(errorCode: try fields.int("errorCode", "the VAST error code"))
        case "durationUpdated": return .durationUpdated(try ms("durationMs", "the duration in ms"))
        case "started": return .started
        case "progressed":
            guard fields.has("durationMs") else {
                throw FixtureError(
                    .missingField, path: fields.path("durationMs"),
                    message: "missing: the player's duration in ms (null when it reported none)")
            }
            return .progressed(
                position: try ms("positionMs", "the playhead in ms"),
                duration: try fields.optionalInt("durationMs").map { Double($0) / 1000 })
        case "quartileReached":
            return .quartileReached(
                try FieldReader.choice(
                    try fields.required("quartile", "firstQuartile, midpoint or thirdQuartile"),
                    at: fields.path("quartile"), Quartile.allCases.map { ($0.rawValue, $0) }))
        case "paused": return .paused
        case "resumed": return .resumed
        case "muted": return .muted
        case "unmuted": return .unmuted
        case "playerExpanded": return .playerExpanded
        case "playerCollapsed": return .playerCollapsed
        case "skipped": return .skipped
        case "closed": return .closed
        case "completed": return .completed
        case "interrupted":
            let code = try fields.int("errorCode", "the VAST error code")
            do throws(SessionError) {
                return .interrupted(try AdPlaybackError(code: code))
            } catch {
                throw FixtureError(.invalidValue, path: fields.path("errorCode"), message: error.message)
            }
        case "companionClicked":
            return .companionClicked(index: try fields.int("index", "the companion's index"), url: try url())
        case "iconClicked": return .iconClicked(index: try fields.int("index", "the icon's index"), url: try url())
        case "nonLinearClicked": return .nonLinearClicked(url: try url())
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
                index: try fields.int("index", "the verification's index"),
                reason: try reason(&fields))
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
        case .impressionWillBeLogged: "impressionWillBeLogged"
        case .clicked: "clicked"
        case .willPresentFullscreen: "willPresentFullscreen"
        case .didPresentFullscreen: "didPresentFullscreen"
        case .willDismissFullscreen: "willDismissFullscreen"
        case .didDismissFullscreen: "didDismissFullscreen"
        case .willOpenExternalApp: "willOpenExternalApp"
        case .rewarded: "rewarded"
        case .expired: "expired"
        case .failed: "failed"
        case .durationUpdated: "durationUpdated"
        case .started: "started"
        case .progressed: "progressed"
        case .quartileReached: "quartileReached"
        case .paused: "paused"
        case .resumed: "resumed"
        case .muted: "muted"
        case .unmuted: "unmuted"
        case .playerExpanded: "playerExpanded"
        case .playerCollapsed: "playerCollapsed"
        case .skipped: "skipped"
        case .closed: "closed"
        case .completed: "completed"
        case .interrupted: "interrupted"
        case .companionClicked: "companionClicked"
        case .iconClicked: "iconClicked"
        case .nonLinearClicked: "nonLinearClicked"
        case .nonLinear: "nonLinear"
        case .viewability: "viewability"
        case .exposureChanged: "exposureChanged"
        case .mraid(let callback): "mraid." + MRAIDCodec.name(callback)
        case .verificationNotExecuted: "verificationNotExecuted"
        case .breakStarted: "breakStarted"
        case .adStarted: "adStarted"
        case .adEnded: "adEnded"
        case .breakEnded: "breakEnded"
        }
    }

    static func render(_ callback: SessionCallback) -> JSONValue {
        if case .mraid(let inner) = callback, case .object(var members) = MRAIDCodec.render(inner) {
            members["callback"] = .string(name(callback))
            return .object(members)
        }
        func ms(_ seconds: Double) -> JSONValue { .number((seconds * 1000).rounded()) }
        func optional(_ url: String?) -> JSONValue { url.map(JSONValue.string) ?? .null }
        var members: [String: JSONValue] = ["callback": .string(name(callback))]
        switch callback {
        case .clicked(let url), .nonLinearClicked(let url): members["url"] = optional(url)
        case .willOpenExternalApp(let url): members["url"] = .string(url)
        case .failed(let code): members["errorCode"] = .number(Double(code))
        case .durationUpdated(let seconds): members["durationMs"] = ms(seconds)
        case .progressed(let position, let duration):
            members["positionMs"] = ms(position)
            members["durationMs"] = duration.map(ms) ?? .null
        case .quartileReached(let quartile): members["quartile"] = .string(quartile.rawValue)
        case .interrupted(let error): members["errorCode"] = .number(Double(error.code.rawValue))
        case .companionClicked(let index, let url), .iconClicked(let index, let url):
            members["index"] = .number(Double(index))
            members["url"] = optional(url)
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

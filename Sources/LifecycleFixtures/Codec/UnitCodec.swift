import AdLifecycle
import VAST

/// How fixtures write ``UnitInput`` and ``UnitCallback``.
enum UnitCodec {
    static let callbackNames = [
        "impressionWillBeLogged", "clicked", "willPresentFullscreen", "didPresentFullscreen", "willDismissFullscreen",
        "didDismissFullscreen", "willOpenExternalApp", "rewarded", "expired", "failed", "companionClicked",
    ]

    static func input(_ name: String, _ fields: inout FieldReader, at path: String) throws(FixtureError) -> UnitInput {
        switch name {
        case "impressionRendered": return .impressionRendered
        case "clicked":
            return .clicked(position: try position(&fields), playheadMs: try fields.optionalInt("playheadMs"))
        case "fullscreenRequested":
            return .fullscreenRequested(hostAvailable: try fields.bool("hostAvailable", default: true))
        case "fullscreenPresented": return .fullscreenPresented
        case "fullscreenDismissRequested": return .fullscreenDismissRequested
        case "fullscreenDismissed": return .fullscreenDismissed
        case "externalAppOpening": return .externalAppOpening(url: try fields.string("url", "the URL being opened"))
        case "rewardEarned": return .rewardEarned
        case "expired": return .expired
        case "renderFailed": return .renderFailed(errorCode: try fields.int("errorCode", "the VAST error code (405)"))
        // Before companions were told apart, unit fixtures wrote these without an index: the first one.
        case "companionViewed": return .companionViewed(index: try fields.optionalInt("index") ?? 0)
        case "companionClicked":
            return .companionClicked(index: try fields.optionalInt("index") ?? 0, position: try position(&fields))
        default: throw FixtureInput.unknown(name, at: path, .unit)
        }
    }

    /// An optional click position, `{"x", "y"}` in pixels.
    static func position(_ fields: inout FieldReader) throws(FixtureError) -> ClickPoint? {
        try fields.optional("position").map { value throws(FixtureError) in
            var point = try FieldReader(value, at: fields.path("position"))
            let result = ClickPoint(
                x: try point.int("x", "pixels from the left"), y: try point.int("y", "pixels from the top"))
            try point.finish()
            return result
        }
    }

    static func render(_ position: ClickPoint) -> JSONValue {
        .object(["x": .number(Double(position.x)), "y": .number(Double(position.y))])
    }

    static func render(_ input: UnitInput) -> JSONValue {
        switch input {
        case .clicked(let position, let playheadMs):
            var fields: [String: JSONValue] = [:]
            if let position { fields["position"] = render(position) }
            if let playheadMs { fields["playheadMs"] = .number(Double(playheadMs)) }
            return fields.isEmpty ? FixtureInput.bare("clicked") : FixtureInput.with("clicked", fields)
        case .companionViewed(let index):
            return FixtureInput.with("companionViewed", ["index": .number(Double(index))])
        case .companionClicked(let index, let position):
            var fields: [String: JSONValue] = ["index": .number(Double(index))]
            if let position { fields["position"] = render(position) }
            return FixtureInput.with("companionClicked", fields)
        case .fullscreenRequested(let hostAvailable):
            return FixtureInput.with("fullscreenRequested", ["hostAvailable": .bool(hostAvailable)])
        case .externalAppOpening(let url): return FixtureInput.with("externalAppOpening", ["url": .string(url)])
        case .renderFailed(let code): return FixtureInput.with("renderFailed", ["errorCode": .number(Double(code))])
        default: return FixtureInput.bare(input.kind.rawValue)
        }
    }

    static func callback(_ name: String, _ fields: inout FieldReader) throws(FixtureError) -> UnitCallback {
        switch name {
        case "impressionWillBeLogged": return .impressionWillBeLogged
        case "clicked":
            return .clicked(url: try url(&fields))
        case "willPresentFullscreen": return .willPresentFullscreen
        case "didPresentFullscreen": return .didPresentFullscreen
        case "willDismissFullscreen": return .willDismissFullscreen
        case "didDismissFullscreen": return .didDismissFullscreen
        case "willOpenExternalApp": return .willOpenExternalApp(url: try fields.string("url", "the URL being opened"))
        case "rewarded": return .rewarded
        case "expired": return .expired
        case "failed": return .failed(errorCode: try fields.int("errorCode", "the VAST error code"))
        case "companionClicked":
            return .companionClicked(index: try fields.int("index", "the companion's index"), url: try url(&fields))
        default: throw FixtureOutput.unknownCallback(name, at: fields.path("callback"), .unit)
        }
    }

    static func name(_ callback: UnitCallback) -> String {
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
        case .companionClicked: "companionClicked"
        }
    }

    /// A click's `url`: required, `null` when there is nothing to open.
    static func url(_ fields: inout FieldReader) throws(FixtureError) -> String? {
        guard fields.has("url") else {
            throw FixtureError(
                .missingField, path: fields.path("url"),
                message: "missing: the click-through opened, expanded (null when there is none)")
        }
        return try fields.optionalString("url")
    }

    static func render(_ callback: UnitCallback) -> JSONValue {
        var members: [String: JSONValue] = ["callback": .string(name(callback))]
        switch callback {
        case .clicked(let url): members["url"] = url.map(JSONValue.string) ?? .null
        case .willOpenExternalApp(let url): members["url"] = .string(url)
        case .failed(let code): members["errorCode"] = .number(Double(code))
        case .companionClicked(let index, let url):
            members["index"] = .number(Double(index))
            members["url"] = url.map(JSONValue.string) ?? .null
        default: break
        }
        return .object(members)
    }
}

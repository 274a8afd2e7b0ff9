import AdLifecycle
import VAST

/// How fixtures write ``VideoInput`` and ``VideoCallback``.
enum VideoCodec {
    static let callbackNames = [
        "durationUpdated", "started", "progressed", "quartileReached", "paused", "resumed", "muted", "unmuted",
        "playerExpanded", "playerCollapsed", "skipped", "closed", "completed", "interrupted", "iconClicked",
    ]

    static func input(_ name: String, _ fields: inout FieldReader, at path: String) throws(FixtureError) -> VideoInput {
        switch name {
        case "durationUpdated": return .durationUpdated(durationMs: try fields.int("durationMs", "the duration in ms"))
        case "progressed":
            return .progressed(
                positionMs: try fields.int("positionMs", "the playhead in ms"),
                durationMs: try fields.optionalInt("durationMs"))
        case "paused": return .paused
        case "resumed": return .resumed
        case "muted": return .muted
        case "unmuted": return .unmuted
        case "playerExpanded": return .playerExpanded
        case "playerCollapsed": return .playerCollapsed
        case "skipRequested": return .skipRequested
        case "closeRequested": return .closeRequested
        case "playbackCompleted": return .playbackCompleted
        case "playbackInterrupted": return .playbackInterrupted(try playbackError(&fields))
        // Before icons were told apart, video fixtures wrote these without an index: the first one.
        case "iconViewed": return .iconViewed(index: try fields.optionalInt("index") ?? 0)
        case "iconClicked": return .iconClicked(index: try fields.optionalInt("index") ?? 0)
        default: throw FixtureInput.unknown(name, at: path, .video)
        }
    }

    static func render(_ input: VideoInput) -> JSONValue {
        switch input {
        case .durationUpdated(let durationMs):
            return FixtureInput.with("durationUpdated", ["durationMs": .number(Double(durationMs))])
        case .progressed(let positionMs, let durationMs):
            var fields: [String: JSONValue] = ["positionMs": .number(Double(positionMs))]
            if let durationMs { fields["durationMs"] = .number(Double(durationMs)) }
            return FixtureInput.with("progressed", fields)
        case .playbackInterrupted(let error):
            return FixtureInput.with("playbackInterrupted", ["errorCode": .number(Double(error.code.rawValue))])
        case .iconViewed(let index): return FixtureInput.with("iconViewed", ["index": .number(Double(index))])
        case .iconClicked(let index): return FixtureInput.with("iconClicked", ["index": .number(Double(index))])
        default: return FixtureInput.bare(input.kind.rawValue)
        }
    }

    static func callback(_ name: String, _ fields: inout FieldReader) throws(FixtureError) -> VideoCallback {
        switch name {
        case "durationUpdated": return .durationUpdated(durationMs: try fields.int("durationMs", "the duration in ms"))
        case "started": return .started
        case "progressed":
            guard fields.has("durationMs") else {
                throw FixtureError(
                    .missingField, path: fields.path("durationMs"),
                    message: "missing: the known duration in ms (null while unknown)")
            }
            return .progressed(
                positionMs: try fields.int("positionMs", "the playhead in ms"),
                durationMs: try fields.optionalInt("durationMs"))
        case "quartileReached":
            let quartiles = Quartile.allCases.map { ($0.rawValue, $0) }
            return .quartileReached(
                try FieldReader.choice(
                    try fields.required("quartile", "firstQuartile, midpoint or thirdQuartile"),
                    at: fields.path("quartile"), quartiles))
        case "paused": return .paused
        case "resumed": return .resumed
        case "muted": return .muted
        case "unmuted": return .unmuted
        case "playerExpanded": return .playerExpanded
        case "playerCollapsed": return .playerCollapsed
        case "skipped": return .skipped
        case "closed": return .closed
        case "completed": return .completed
        case "interrupted": return .interrupted(try playbackError(&fields))
        case "iconClicked":
            return .iconClicked(index: try fields.int("index", "the icon's index"), url: try UnitCodec.url(&fields))
        default: throw FixtureOutput.unknownCallback(name, at: fields.path("callback"), .video)
        }
    }

    static func name(_ callback: VideoCallback) -> String {
        switch callback {
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
        case .iconClicked: "iconClicked"
        }
    }

    /// An interruption's `errorCode`: 400 to 405 or 900, else the fixture is malformed.
    static func playbackError(_ fields: inout FieldReader) throws(FixtureError) -> AdPlaybackError {
        let code = try fields.int("errorCode", "the VAST error code (400 to 405, or 900)")
        do throws(LifecycleError) {
            return try AdPlaybackError(code: code)
        } catch {
            throw FixtureError(.invalidValue, path: fields.path("errorCode"), message: error.message)
        }
    }

    static func render(_ callback: VideoCallback) -> JSONValue {
        var members: [String: JSONValue] = ["callback": .string(name(callback))]
        switch callback {
        case .durationUpdated(let durationMs): members["durationMs"] = .number(Double(durationMs))
        case .progressed(let positionMs, let durationMs):
            members["positionMs"] = .number(Double(positionMs))
            members["durationMs"] = durationMs.map { .number(Double($0)) } ?? .null
        case .quartileReached(let quartile): members["quartile"] = .string(quartile.rawValue)
        case .interrupted(let error): members["errorCode"] = .number(Double(error.code.rawValue))
        case .iconClicked(let index, let url):
            members["index"] = .number(Double(index))
            members["url"] = url.map(JSONValue.string) ?? .null
        default: break
        }
        return .object(members)
    }
}

import AdLifecycle
import VAST

/// How session fixtures write ``SessionInput`` and ``SessionCallback``: the unit's and video's names,
/// times in milliseconds (`positionMs`), and MRAID and NonLinear inputs and callbacks under a prefix
/// (`"mraid.expandRequested"`, `{"callback": "mraid.stateChanged", "state": "expanded"}`).
enum SessionCodec {
    static let inputNames: [String] =
        [
            "impressionRendered", "clicked", "fullscreenRequested", "fullscreenPresented", "fullscreenDismissRequested",
            "fullscreenDismissed", "externalAppOpening", "rewardEarned", "expired", "renderFailed", "ended",
            "durationUpdated", "progressed", "paused", "resumed", "muted", "unmuted", "playerExpanded",
            "playerCollapsed",
            "skipRequested", "closeRequested", "playbackCompleted", "playbackInterrupted", "companionShown",
            "companionClicked", "iconShown", "iconClicked", "exposureChanged", "timePassed", "verificationNotExecuted",
            FixturePlay.name,
        ] + MRAIDInput.Kind.allCases.map { "mraid." + $0.rawValue }
        + NonLinearInput.allCases.map { "nonLinear." + $0.name }

    static let callbackNames: [String] =
        [
            "impressionWillBeLogged", "clicked", "willPresentFullscreen", "didPresentFullscreen",
            "willDismissFullscreen",
            "didDismissFullscreen", "willOpenExternalApp", "rewarded", "expired", "failed", "durationUpdated",
            "started",
            "progressed", "quartileReached", "paused", "resumed", "muted", "unmuted", "playerExpanded",
            "playerCollapsed",
            "skipped", "closed", "completed", "interrupted", "companionClicked", "iconClicked", "nonLinearClicked",
            "nonLinear", "viewability", "exposureChanged", "verificationNotExecuted", "breakStarted", "adStarted",
            "adEnded", "breakEnded",
        ] + MRAIDCodec.callbackNames.map { "mraid." + $0 }

    // MARK: Inputs

    static func input(_ name: String, _ fields: inout FieldReader, at path: String) throws(FixtureError) -> SessionInput
    {
        if name.hasPrefix("mraid.") {
            return .mraid(try MRAIDCodec.input(String(name.dropFirst(6)), &fields, at: path))
        }
        if name.hasPrefix("nonLinear.") {
            guard let input = NonLinearInput(rawValue: String(name.dropFirst(10))) else {
                throw unknownInput(name, at: path)
            }
            return .nonLinear(input)
        }
        func seconds(_ key: String, _ what: String) throws(FixtureError) -> Double {
            Double(try fields.int(key, what)) / 1000
        }
        switch name {
        case "impressionRendered": return .impressionRendered
        case "clicked":
            return .clicked(
                position: try fields.optional("position").map { value throws(FixtureError) in
                    var point = try FieldReader(value, at: fields.path("position"))
                    let result = ClickPoint(
                        x: try point.int("x", "pixels from the left"), y: try point.int("y", "pixels from the top"))
                    try point.finish()
                    return result
                })
        case "fullscreenRequested":
            return .fullscreenRequested(hostAvailable: try fields.bool("hostAvailable", default: true))
        case "fullscreenPresented": return .fullscreenPresented
        case "fullscreenDismissRequested": return .fullscreenDismissRequested
        case "fullscreenDismissed": return .fullscreenDismissed
        case "externalAppOpening": return .externalAppOpening(url: try fields.string("url", "the URL being opened"))
        case "rewardEarned": return .rewardEarned
        case "expired": return .expired
        case "renderFailed": return .renderFailed(errorCode: try fields.int("errorCode", "the VAST error code"))
        case "ended": return .ended
        case "durationUpdated": return .durationUpdated(try seconds("durationMs", "the duration in ms"))
        case "progressed":
            return .progressed(
                position: try seconds("positionMs", "the playhead in ms"),
                duration: try fields.optionalInt("durationMs").map { Double($0) / 1000 })
        case "paused": return .paused
        case "resumed": return .resumed
        case "muted": return .muted
        case "unmuted": return .unmuted
        case "playerExpanded": return .playerExpanded
        case "playerCollapsed": return .playerCollapsed
        case "skipRequested": return .skipRequested
        case "closeRequested": return .closeRequested
        case "playbackCompleted": return .playbackCompleted
        case "playbackInterrupted":
            let code = try fields.int("errorCode", "the VAST error code (400 to 405, or 900)")
            do throws(SessionError) {
                return .playbackInterrupted(try AdPlaybackError(code: code))
            } catch {
                throw FixtureError(.invalidValue, path: fields.path("errorCode"), message: error.message)
            }
        case "companionShown": return .companionShown(index: try fields.int("index", "the companion's index"))
        case "companionClicked": return .companionClicked(index: try fields.int("index", "the companion's index"))
        case "iconShown": return .iconShown(index: try fields.int("index", "the icon's index"))
        case "iconClicked": return .iconClicked(index: try fields.int("index", "the icon's index"))
        case "exposureChanged": return .exposureChanged(percent: try fields.double("percent", "0 to 100"))
        case "timePassed": return .timePassed
        case "verificationNotExecuted":
            return .verificationNotExecuted(
                index: try fields.int("index", "the verification's index"),
                reason: try reason(&fields))
        default: throw unknownInput(name, at: path)
        }
    }

    static func render(_ input: SessionInput) -> JSONValue {
        func ms(_ seconds: Double) -> JSONValue { .number((seconds * 1000).rounded()) }
        switch input {
        case .clicked(let position):
            guard let position else { return .string("clicked") }
            return FixtureInput.with(
                "clicked", ["position": .object(["x": .number(Double(position.x)), "y": .number(Double(position.y))])])
        case .fullscreenRequested(let hostAvailable):
            return FixtureInput.with("fullscreenRequested", ["hostAvailable": .bool(hostAvailable)])
        case .externalAppOpening(let url): return FixtureInput.with("externalAppOpening", ["url": .string(url)])
        case .renderFailed(let code): return FixtureInput.with("renderFailed", ["errorCode": .number(Double(code))])
        case .durationUpdated(let seconds): return FixtureInput.with("durationUpdated", ["durationMs": ms(seconds)])
        case .progressed(let position, let duration):
            var fields = ["positionMs": ms(position)]
            if let duration { fields["durationMs"] = ms(duration) }
            return FixtureInput.with("progressed", fields)
        case .playbackInterrupted(let error):
            return FixtureInput.with("playbackInterrupted", ["errorCode": .number(Double(error.code.rawValue))])
        case .companionShown(let index), .companionClicked(let index), .iconShown(let index), .iconClicked(let index):
            return FixtureInput.with(input.name, ["index": .number(Double(index))])
        case .exposureChanged(let percent): return FixtureInput.with("exposureChanged", ["percent": .number(percent)])
        case .verificationNotExecuted(let index, let reason):
            return FixtureInput.with(
                "verificationNotExecuted",
                ["index": .number(Double(index)), "reason": .number(Double(reason.rawValue))])
        case .mraid(let command):
            switch MRAIDCodec.render(command) {
            case .object(let members):
                return .object(Dictionary(uniqueKeysWithValues: members.map { ("mraid." + $0.key, $0.value) }))
            case let other: return .string("mraid." + (other.stringValue ?? command.kind.rawValue))
            }
        default: return .string(input.name)
        }
    }

    static func reason(_ fields: inout FieldReader) throws(FixtureError) -> VerificationFailureReason {
        let value = try fields.int("reason", "1 (resource rejected), 2 (not supported) or 3 (load error)")
        guard let reason = VerificationFailureReason(rawValue: value) else {
            throw FixtureError(
                .invalidValue, path: fields.path("reason"),
                message: "expected 1 (resource rejected), 2 (not supported) or 3 (load error), found \(value)")
        }
        return reason
    }

    static func unknownInput(_ name: String, at path: String) -> FixtureError {
        FixtureError(
            .invalidValue, path: path,
            message: "unknown session input \"\(name)\"; expected one of " + inputNames.joined(separator: ", "))
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

import AdLifecycle
import VAST

/// How session fixtures write ``SessionInput`` and ``SessionCallback``: the unit's and video's inputs and
/// callbacks as their own codecs write them (times in milliseconds), shown parts by index
/// (`companionShown`, `iconShown`), and MRAID and NonLinear ones under a prefix
/// (`"mraid.expandRequested"`, `{"callback": "mraid.stateChanged", "state": "expanded"}`).
enum SessionCodec {
    /// The session's own input names, beside the parts' (`companionShown` and `iconShown` are the unit's
    /// and video's shown inputs, named for the session's index lists).
    private static let ownInputNames = [
        "companionShown", "companionClicked", "iconShown", "iconClicked", "exposureChanged", "timePassed",
        "verificationNotExecuted", "ended", FixturePlay.name,
    ]

    static let inputNames: [String] =
        UnitInput.Kind.allCases.map(\.rawValue).filter { !$0.hasPrefix("companion") }
        + VideoInput.Kind.allCases.map(\.rawValue).filter { !$0.hasPrefix("icon") } + ownInputNames
        + MRAIDInput.Kind.allCases.map { "mraid." + $0.rawValue }
        + NonLinearInput.allCases.map { "nonLinear." + $0.name }

    static let callbackNames: [String] =
        UnitCodec.callbackNames + VideoCodec.callbackNames + ownCallbackNames
        + MRAIDCodec.callbackNames.map { "mraid." + $0 }

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
        switch name {
        case "companionShown": return .unit(.companionViewed(index: try fields.int("index", "the companion's index")))
        case "companionClicked":
            return .unit(
                .companionClicked(
                    index: try fields.int("index", "the companion's index"), position: try UnitCodec.position(&fields)))
        case "iconShown": return .video(.iconViewed(index: try fields.int("index", "the icon's index")))
        case "iconClicked": return .video(.iconClicked(index: try fields.int("index", "the icon's index")))
        case "exposureChanged": return .exposureChanged(percent: try fields.double("percent", "0 to 100"))
        case "timePassed": return .timePassed
        case "verificationNotExecuted":
            return .verificationNotExecuted(
                index: try fields.int("index", "the verification's index"), reason: try reason(&fields))
        case "ended": return .ended
        default: break
        }
        if UnitInput.Kind(rawValue: name) != nil { return .unit(try UnitCodec.input(name, &fields, at: path)) }
        if VideoInput.Kind(rawValue: name) != nil { return .video(try VideoCodec.input(name, &fields, at: path)) }
        throw unknownInput(name, at: path)
    }

    static func render(_ input: SessionInput) -> JSONValue {
        switch input {
        case .unit(.companionViewed(let index)):
            return FixtureInput.with("companionShown", ["index": .number(Double(index))])
        case .unit(let input): return UnitCodec.render(input)
        case .video(.iconViewed(let index)):
            return FixtureInput.with("iconShown", ["index": .number(Double(index))])
        case .video(let input): return VideoCodec.render(input)
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
        case .nonLinear, .timePassed, .ended: return .string(input.name)
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

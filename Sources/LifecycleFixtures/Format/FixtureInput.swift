public import AdLifecycle
import VAST

/// One input of a fixture step, typed for its controller.
public enum FixtureInput: Sendable, Hashable, CustomStringConvertible {
    /// An input of `UnitLifecycle`.
    case unit(UnitInput)
    /// An input of `VideoLifecycle`.
    case video(VideoInput)
    /// An input of `MRAIDLifecycle`.
    case mraid(MRAIDInput)
    /// An input of an `AdSession` (a session fixture).
    case session(SessionInput)
    /// A session fixture's play through the virtual player.
    case play(FixturePlay)

    /// The input's kind, as fixtures name it (`progressed`).
    public var name: String {
        switch self {
        case .unit(let input): input.kind.rawValue
        case .video(let input): input.kind.rawValue
        case .mraid(let input): input.kind.rawValue
        case .session(let input): input.name
        case .play: FixturePlay.name
        }
    }

    /// The input as a fixture writes it, on one line.
    public var description: String { json.rendered }

    var json: JSONValue {
        switch self {
        case .unit(let input): UnitCodec.render(input)
        case .video(let input): VideoCodec.render(input)
        case .mraid(let input): MRAIDCodec.render(input)
        case .session(let input): SessionCodec.render(input)
        case .play(let play): play.json
        }
    }

    static func parse(_ value: JSONValue, at path: String, for controller: FixtureController) throws(FixtureError)
        -> Self
    {
        var (name, fields) = try FieldReader.named(value, at: path, "an input")
        let input: Self
        switch controller {
        case .unit: input = .unit(try UnitCodec.input(name, &fields, at: path))
        case .video: input = .video(try VideoCodec.input(name, &fields, at: path))
        case .mraid: input = .mraid(try MRAIDCodec.input(name, &fields, at: path))
        }
        try fields.finish()
        return input
    }

    /// A payload-less input written as its bare name.
    static func bare(_ name: String) -> JSONValue { .string(name) }

    /// An input with fields, written `{"name": {fields}}`.
    static func with(_ name: String, _ fields: [String: JSONValue]) -> JSONValue { .object([name: .object(fields)]) }

    static func unknown(_ name: String, at path: String, _ controller: FixtureController) -> FixtureError {
        FixtureError(
            .invalidValue, path: path,
            message: "unknown \(controller.rawValue) input \"\(name)\"; expected one of "
                + controller.inputNames.joined(separator: ", "))
    }
}

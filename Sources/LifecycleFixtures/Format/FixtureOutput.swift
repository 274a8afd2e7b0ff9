public import AdLifecycle
import VAST

/// One output of a lifecycle, typed for its controller: a delegate callback or a beacon.
///
/// Fixtures write outputs for people (`{"callback": "clicked", "url": "..."}`,
/// `{"beacon": "start", "url": "...", "hop": 0}`) rather than in the lifecycle's Codable shape; this
/// type is the bridge, and its ``rendered(adInstanceID:)`` form is what diffs print.
public enum FixtureOutput: Sendable, Hashable {
    /// An action of `UnitLifecycle`.
    case unit(UnitAction)
    /// An action of `VideoLifecycle`.
    case video(VideoAction)
    /// An action of `MRAIDLifecycle`.
    case mraid(MRAIDAction)
    /// An event of an `AdSession` (a session fixture).
    case session(SessionEvent)

    /// The callback's name (`clicked`), or `nil` for a beacon.
    public var callbackName: String? {
        switch self {
        case .unit(let action): action.callback.map(UnitCodec.name)
        case .video(let action): action.callback.map(VideoCodec.name)
        case .mraid(let action): action.callback.map(MRAIDCodec.name)
        case .session(let event): event.callback.map(SessionCodec.name)
        }
    }

    /// The beacon, or `nil` for a callback.
    public var beacon: BeaconRequest? {
        switch self {
        case .unit(let action): action.beacon
        case .video(let action): action.beacon
        case .mraid(let action): action.beacon
        case .session(let event): event.beacon
        }
    }

    /// The output as a fixture writes it, on one line; a beacon's `adInstanceID` is written only when it
    /// differs from `adInstanceID` (the fixture's).
    public func rendered(adInstanceID: String) -> String { json(adInstanceID: adInstanceID).rendered }

    func json(adInstanceID: String) -> JSONValue {
        if let beacon { return Self.render(beacon, adInstanceID: adInstanceID) }
        switch self {
        case .unit(let action): return action.callback.map(UnitCodec.render) ?? .null
        case .video(let action): return action.callback.map(VideoCodec.render) ?? .null
        case .mraid(let action): return action.callback.map(MRAIDCodec.render) ?? .null
        case .session(let event): return event.callback.map(SessionCodec.render) ?? .null
        }
    }

    static func render(_ beacon: BeaconRequest, adInstanceID: String) -> JSONValue {
        var members: [String: JSONValue] = [
            "beacon": .string(beacon.event), "url": .string(beacon.url), "hop": .number(Double(beacon.hop)),
        ]
        if let offset = beacon.offset { members["offset"] = .string(offset) }
        if beacon.adInstanceID != adInstanceID { members["adInstanceID"] = .string(beacon.adInstanceID) }
        return .object(members)
    }

    /// Reads an expected output: a callback of `controller` or a beacon.
    static func parse(
        _ value: JSONValue, at path: String, for controller: FixtureController, adInstanceID: String
    ) throws(FixtureError) -> Self {
        var fields = try FieldReader(value, at: path)
        let output: Self
        switch (fields.has("callback"), fields.has("beacon")) {
        case (true, false):
            let name = try fields.string("callback", "the callback's name")
            switch controller {
            case .unit: output = .unit(.callback(try UnitCodec.callback(name, &fields)))
            case .video: output = .video(.callback(try VideoCodec.callback(name, &fields)))
            case .mraid: output = .mraid(.callback(try MRAIDCodec.callback(name, &fields)))
            }
        case (false, true):
            guard controller != .mraid else {
                throw FixtureError(.invalidValue, path: path, message: "MRAID fires no beacons: only callbacks")
            }
            let beacon = try parseBeacon(&fields, adInstanceID: adInstanceID)
            output = controller == .unit ? .unit(.beacon(beacon)) : .video(.beacon(beacon))
        default:
            throw FixtureError(
                .invalidValue, path: path,
                message: "an output has exactly one of \"callback\" and \"beacon\", found \(value.rendered)")
        }
        try fields.finish()
        return output
    }

    /// Reads `{"beacon": event, "url", "hop", "offset"?, "adInstanceID"?}`.
    static func parseBeacon(_ fields: inout FieldReader, adInstanceID: String) throws(FixtureError) -> BeaconRequest {
        BeaconRequest(
            event: try fields.string("beacon", "the event as VAST spells it (`start`, `progress`, `error`)"),
            offset: try fields.optionalString("offset"),
            url: try fields.string("url", "the URL with its macros expanded"),
            hop: try fields.int("hop", "the wrapper hop the URL came from (0 = the outermost document)"),
            adInstanceID: try fields.optionalString("adInstanceID") ?? adInstanceID)
    }

    static func unknownCallback(_ name: String, at path: String, _ controller: FixtureController) -> FixtureError {
        FixtureError(
            .invalidValue, path: path,
            message: "unknown \(controller.rawValue) callback \"\(name)\"; expected one of "
                + controller.callbackNames.joined(separator: ", "))
    }
}

/// What a lifecycle asks its owner to do after one input: call the delegate, or fire a beacon.
///
/// Actions are ordered: the owner executes them in the order given, so tests and fixtures compare
/// exact lists. Encoded as `{"callback": ...}` or `{"beacon": ...}`.
public enum LifecycleAction<Callback: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// A delegate callback, as a value.
    case callback(Callback)
    /// A tracking URL to hand to the beacon sink.
    case beacon(BeaconRequest)

    private enum CodingKeys: String, CodingKey {
        case callback, beacon
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let callback = try container.decodeIfPresent(Callback.self, forKey: .callback) {
            self = .callback(callback)
        } else {
            self = .beacon(try container.decode(BeaconRequest.self, forKey: .beacon))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .callback(let callback): try container.encode(callback, forKey: .callback)
        case .beacon(let beacon): try container.encode(beacon, forKey: .beacon)
        }
    }

    /// The callback, when this action is one.
    public var callback: Callback? {
        if case .callback(let callback) = self { return callback }
        return nil
    }

    /// The same action with its callback turned into another vocabulary's (a part's callback nested in the
    /// session's); a beacon stays as it is.
    public func map<Other>(_ transform: (Callback) -> Other) -> LifecycleAction<Other> {
        switch self {
        case .callback(let callback): .callback(transform(callback))
        case .beacon(let beacon): .beacon(beacon)
        }
    }

    /// The beacon, when this action is one.
    public var beacon: BeaconRequest? {
        if case .beacon(let beacon) = self { return beacon }
        return nil
    }
}

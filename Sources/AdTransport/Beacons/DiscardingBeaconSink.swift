/// Takes beacons and sends none: for validators and simulations, which must not count anything on
/// an ad server unless asked.
public struct DiscardingBeaconSink: BeaconSink {
    /// Creates a sink.
    public init() {}

    public func enqueue(_ beacons: [Beacon]) async {}
}

/// Something that delivers beacons: the durable ``BeaconDispatcher``, ``DirectBeaconSender`` (no
/// persistence, for tools), or ``DiscardingBeaconSink``.
public protocol BeaconSink: Sendable {
    /// Takes beacons for delivery. Returns once they are accepted (for a durable sink: stored),
    /// not necessarily sent.
    /// - Throws: ``BeaconStoreError`` when none of the batch could be accepted (for a durable sink:
    ///   the store could not commit it, for example because the disk is full).
    func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError)
}

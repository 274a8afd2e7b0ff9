/// What a ``BeaconDispatcher``'s store has written since the dispatcher opened it: commits, and
/// the checkpoints that make them safe from a power cut.
///
/// With the store's settings (WAL, `synchronous=NORMAL`) a commit writes to the WAL file without
/// `fsync`; SQLite calls `fsync` only in a checkpoint, twice (the WAL, then the database file),
/// and once more in the checkpoint it runs when the store is closed. See `docs/durability.md`.
public struct BeaconStoreActivity: Sendable, Hashable {
    /// Transactions committed: each `enqueue` batch is one, and each round of the send loop
    /// (verdicts recorded, beacons expired, the next ones marked as being sent) is one.
    public var commits: Int
    /// Checkpoints run (one each time the WAL reached its threshold after a commit).
    public var checkpoints: Int

    /// Creates a record of store activity.
    public init(commits: Int, checkpoints: Int) {
        self.commits = commits
        self.checkpoints = checkpoints
    }

    /// `fsync` calls the checkpoints made: two each.
    public var fsyncs: Int { checkpoints.multipliedReportingOverflow(by: 2).partialValue }
}

/// A finished send's verdict, waiting for the send loop's next commit.
struct PendingVerdict {
    var row: BeaconStore.Row
    var verdict: BeaconRetryPolicy.Verdict
    /// When the send finished (ms since 1970).
    var now: Int64
}

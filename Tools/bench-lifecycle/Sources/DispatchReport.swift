import AdTransport
import BenchSupport
import Foundation

/// One dispatch run's figures, as the beacons section prints them: throughput beside the server's view,
/// enqueue wait, memory by outcomes read, what was not delivered, and the store's commits and fsyncs.
@MainActor
func printDispatch(_ label: String, _ run: DispatchRun, requests: Int, connections: Int, count: Int) -> Double {
    let perSecond = Double(run.delivered) / run.wallMs * 1e3
    print(
        "  \(pad(label, 34)) wall_ms=\(fmt(run.wallMs, 0)) beacons_per_s=\(fmt(perSecond, 0)) delivered=\(run.delivered)/\(count)"
            + " drained=\(run.drained) server_requests=\(requests) server_connections=\(connections)")
    print(
        "    enqueue_wait_ms=\(fmt(run.enqueueMs, 0)) (\(fmt(run.enqueueMs * 1e3 / Double(max(run.enqueued, 1)), 1)) us/beacon)"
            + " after_last_enqueue_ms=\(fmt(run.flushMs, 0)) store_file_mb=\(fmt(Double(run.storeBytes) / 1_048_576, 1))"
            + " rss_max_sampled_mb=\(fmt(run.maxRSS, 1))")
    print("    rss_mb by outcomes read: " + run.rss.map { "\($0.0)=\(fmt($0.1, 1))" }.joined(separator: " "))
    for (reason, n) in run.others.sorted(by: { $0.value > $1.value }).prefix(5) {
        print("    NOT delivered: \(n)x \(reason)")
    }
    let activity = run.activity
    print(
        "    store: commits=\(activity.commits) (\(fmt(Double(run.delivered) / Double(max(activity.commits, 1)), 1)) beacons/commit)"
            + " checkpoints=\(activity.checkpoints) fsyncs=\(activity.fsyncs)"
            + " fsyncs_per_beacon=\(fmt(Double(activity.fsyncs) / Double(max(run.delivered, 1)), 5))")
    if run.delivered != count { print("    ERROR: delivered \(run.delivered), expected \(count)") }
    return perSecond
}

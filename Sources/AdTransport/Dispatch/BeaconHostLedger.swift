/// The dispatcher's per-host view of its queue: how many beacons each host (URL origin) has
/// queued and in flight, when its next one may be due, and whose turn it is.
///
/// A pure value the dispatcher keeps beside the store, so the per-host limits and the fair
/// choice of the next hosts cost no query. `nextDue` is a lower bound: a host whose due query
/// finds nothing is refreshed from the store. Hosts leave the ledger when their last beacon
/// leaves the queue, so it holds at most one entry per queued beacon.
struct BeaconHostLedger: Equatable {
    /// One host's counters.
    struct Entry: Equatable {
        /// Beacons pending or being sent.
        var queued = 0
        /// Sends in flight.
        var sending = 0
        /// No pending beacon of the host is due before this (ms since 1970); `nil` when none is pending.
        var nextDue: Int64?
        /// When the host last had a send started, in ledger ticks (0: never).
        var lastServed: UInt64 = 0
        /// When the host entered the ledger, in ledger ticks: of two hosts never served, the one
        /// whose beacons came first goes first.
        var arrived: UInt64 = 0
    }

    private(set) var entries: [String: Entry] = [:]
    /// Beacons pending or being sent, all hosts together.
    private(set) var total = 0
    private var tick: UInt64 = 0

    /// A ledger of what the store holds.
    init(_ queues: [BeaconStore.HostQueue] = []) {
        for queue in queues where queue.queued > 0 {
            tick += 1
            entries[queue.host] = Entry(queued: queue.queued, nextDue: queue.nextAttemptAt, arrived: tick)
            total += queue.queued
        }
    }

    /// Beacons queued for `host`.
    func queued(_ host: String) -> Int { entries[host]?.queued ?? 0 }

    /// Sends in flight to `host`.
    func sending(_ host: String) -> Int { entries[host]?.sending ?? 0 }

    /// A beacon for `host` was stored, due at `due`.
    mutating func enqueued(_ host: String, due: Int64) {
        if entries[host] == nil {
            tick += 1
            entries[host] = Entry(arrived: tick)
        }
        entries[host]?.queued += 1
        total += 1
        becameDue(host, at: due)
    }

    /// A pending beacon of `host` is (again) due at `at`: after a retry was scheduled or an
    /// interrupted send was queued again.
    mutating func becameDue(_ host: String, at: Int64) {
        guard var entry = entries[host] else { return }
        entry.nextDue = min(entry.nextDue ?? at, at)
        entries[host] = entry
    }

    /// What the store says about `host`'s next due beacon, after a due query found none.
    mutating func refresh(_ host: String, nextDue: Int64?) {
        entries[host]?.nextDue = nextDue
    }

    /// A send to `host` started.
    mutating func sendStarted(_ host: String) {
        tick += 1
        entries[host]?.sending += 1
        entries[host]?.lastServed = tick
    }

    /// A send to `host` ended; `final` when its beacon left the queue (delivered or dropped).
    mutating func sendEnded(_ host: String, final: Bool) {
        entries[host]?.sending -= 1
        if final { left(host) }
    }

    /// A pending beacon of `host` left the queue without a send (it expired).
    mutating func left(_ host: String) {
        guard var entry = entries[host] else { return }
        entry.queued -= 1
        total -= 1
        entries[host] = entry.queued > 0 ? entry : nil
    }

    /// Hosts that may have a beacon due by `now` and have fewer than `limit` sends in flight,
    /// least recently served first (of those never served, the first to arrive).
    func candidates(now: Int64, limit: Int) -> [String] {
        entries.filter { $0.value.sending < limit && ($0.value.nextDue ?? .max) <= now }
            .sorted { ($0.value.lastServed, $0.value.arrived) < ($1.value.lastServed, $1.value.arrived) }
            .map(\.key)
    }

    /// The earliest time a host with fewer than `limit` sends in flight may have a beacon due.
    func earliestDue(limit: Int) -> Int64? {
        entries.values.filter { $0.sending < limit }.compactMap(\.nextDue).min()
    }
}

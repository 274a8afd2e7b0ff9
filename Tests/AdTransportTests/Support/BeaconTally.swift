import Foundation
import TestSupport

/// What the loopback server received for the beacons a test's dispatcher accepted, counted
/// from the server's own log: delivered (accepted beacons the server answered 2xx at least
/// once), duplicated (2xx arrivals beyond the first), lost (accepted, never answered 2xx).
///
/// ``line`` is the one grep-able line each store test prints (`beacons test=... lost=0`).
struct BeaconTally {
    let test: String
    let enqueued: Int
    let delivered: Int
    let duplicated: Int
    let lost: Int
    /// Further counts for the line, in order (`rejected=7500`).
    var extra: [(String, Int)] = []

    /// - Parameters:
    ///   - accepted: the server paths (`/beacon/d/7`) of every beacon enqueue accepted.
    ///   - received: the server's beacon log.
    init(test: String, accepted: Set<String>, received: [TestServer.Beacon], extra: [(String, Int)] = []) {
        var arrivals: [String: Int] = [:]
        for beacon in received where (200..<300).contains(beacon.status ?? 0) && accepted.contains(beacon.path) {
            arrivals[beacon.path, default: 0] += 1
        }
        self.test = test
        enqueued = accepted.count
        delivered = arrivals.count
        duplicated = arrivals.values.reduce(0) { $0 + $1 - 1 }
        lost = accepted.count - arrivals.count
        self.extra = extra
    }

    var line: String {
        "beacons test=\(test) enqueued=\(enqueued) delivered=\(delivered) duplicated=\(duplicated) lost=\(lost)"
            + extra.map { " \($0.0)=\($0.1)" }.joined()
    }

    /// Prints ``line`` and returns it.
    @discardableResult
    func print() -> String {
        Swift.print(line)
        return line
    }
}

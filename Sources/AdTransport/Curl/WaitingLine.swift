/// A request (or its next redirect hop) waiting for a connection slot to its host.
struct Waiting {
    let id: UInt64
    let request: HTTPRequest
    /// The hop's URL: the request's, or a redirect's target.
    let url: AbsoluteURL
    /// Redirects followed before this hop.
    var redirects = 0
    /// When the first hop started, once it has.
    var fetchStart: ContinuousClock.Instant?
    let deadline: ContinuousClock.Instant
    let caller: FetchCompletion
}

/// One host's waiting requests, first come first served.
///
/// Taking the first is O(1) and in place (a head index over an array that is compacted as it
/// drains), so a host with many requests queued behind its connections costs no copying per
/// start: the loop thread takes one whenever a slot frees.
struct WaitingLine {
    private var entries: [Waiting?] = []
    private var head = 0

    var isEmpty: Bool { head == entries.count }

    /// The waiting requests, first first.
    var all: [Waiting] { entries[head...].compactMap { $0 } }

    mutating func append(_ entry: Waiting) {
        entries.append(entry)
    }

    /// Takes the request that has waited longest.
    mutating func popFirst() -> Waiting? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        entries[head] = nil
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
        return entry
    }

    /// Takes the request `id` out of the line, wherever it is.
    mutating func remove(id: UInt64) -> Waiting? {
        guard let index = entries[head...].firstIndex(where: { $0?.id == id }) else { return nil }
        let entry = entries.remove(at: index)
        if isEmpty {
            entries.removeAll(keepingCapacity: true)
            head = 0
        }
        return entry
    }

    /// Takes out every request whose deadline is at or before `now`, in line order.
    mutating func removeExpired(now: ContinuousClock.Instant) -> [Waiting] {
        let live = all
        let expired = live.filter { $0.deadline <= now }
        guard !expired.isEmpty else { return [] }
        entries = live.filter { $0.deadline > now }
        head = 0
        return expired
    }

    /// The earliest deadline in the line.
    var earliestDeadline: ContinuousClock.Instant? {
        entries[head...].compactMap { $0?.deadline }.min()
    }
}

import Synchronization

/// The contexts of the engine's most recent requests, by request id (an ad instance, or a pod ad's
/// `<id>-<slot>`), so beacon results carry theirs; the oldest are forgotten past 1,000.
final class RecentContexts: Sendable {
    private struct Entries {
        var byID: [String: AdEventContext] = [:]
        /// The ids in the order they came, as a ring once it holds `limit` of them: `oldest` is where
        /// the next one goes, in the place of the id it forgets (no shift of the whole list).
        var order: [String] = []
        var oldest = 0
    }

    private let entries = Mutex(Entries())
    private let limit = 1_000

    subscript(instance: String) -> AdEventContext? {
        get {
            entries.withLock { entries in
                if let context = entries.byID[instance] { return context }
                // A pod ad's instance is the request's id with `-<slot>` appended.
                guard let dash = instance.lastIndex(of: "-") else { return nil }
                return entries.byID[String(instance[..<dash])]
            }
        }
        set {
            entries.withLock { entries in
                if entries.byID[instance] == nil {
                    if entries.order.count < limit {
                        entries.order.append(instance)
                    } else {
                        entries.byID[entries.order[entries.oldest]] = nil
                        entries.order[entries.oldest] = instance
                        entries.oldest = (entries.oldest + 1) % limit
                    }
                }
                entries.byID[instance] = newValue
            }
        }
    }
}

import Synchronization

/// The contexts of the engine's most recent requests, by request id (an ad instance, or a pod ad's
/// `<id>-<slot>`), so beacon results carry theirs; the oldest are forgotten past 1,000.
final class RecentContexts: Sendable {
    private struct Entries {
        var byID: [String: AdEventContext] = [:]
        var order: [String] = []
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
                if entries.byID[instance] == nil { entries.order.append(instance) }
                entries.byID[instance] = newValue
                while entries.order.count > limit { entries.byID[entries.order.removeFirst()] = nil }
            }
        }
    }
}

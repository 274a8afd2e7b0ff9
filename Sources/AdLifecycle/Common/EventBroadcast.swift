import Synchronization

/// Hands every element to every subscriber, in the order they were yielded: the multi-consumer stream
/// behind ``AdSession/events`` and the engine's `events`.
///
/// Each ``subscribe()`` makes a new `AsyncStream` that receives every element yielded after the call
/// returned, in yield order, until the broadcast finishes or the consumer stops iterating (its loop ends
/// or its task is cancelled, which unsubscribes it). Yielding holds a lock while it hands the element to
/// each subscriber's buffer, so two threads yielding at once cannot interleave differently for
/// different subscribers. A subscriber's buffer holds at most `bufferLimit` unread elements; past that
/// the oldest unread are dropped (a consumer that stops reading cannot grow memory without bound).
package final class EventBroadcast<Element: Sendable>: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var finished = false
    }

    private let subscribers = Mutex(Subscribers())
    private let bufferLimit: Int

    /// Creates a broadcast.
    /// - Parameter bufferLimit: the most unread elements one subscriber holds (at least 1).
    package init(bufferLimit: Int = 100_000) { self.bufferLimit = max(1, bufferLimit) }

    /// A new stream of every element yielded from now on; finished at once when the broadcast is.
    package func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let id: Int? = subscribers.withLock { state in
            guard !state.finished else { return nil }
            let id = state.next
            state.next += 1
            state.continuations[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `element` to every current subscriber.
    package func yield(_ element: Element) {
        subscribers.withLock { state in
            for continuation in state.continuations.values { continuation.yield(element) }
        }
    }

    /// Ends every subscriber's stream after what it holds; later subscribers get a finished stream.
    package func finish() {
        let continuations = subscribers.withLock { state in
            state.finished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}

import Dispatch
import FoundationEssentials
import Synchronization

/// A server-sent event stream: handlers ``send(event:data:)`` from any task; the connection's thread
/// takes what was sent and writes it to the client until the stream is closed.
///
/// Events wait for the reader up to ``maxPendingBytes``: past it the oldest whole events are dropped,
/// so a client that stops reading cannot make the server hold memory without bound.
public final class EventStream: Sendable {
    /// The most bytes kept waiting for a slow reader.
    public static let maxPendingBytes = 1 << 20

    private struct State {
        var pending: [UInt8] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    /// Creates an open stream.
    public init() {}

    /// Queues one event. Each line of `data` becomes one `data:` line; `event` names the event.
    /// - Parameters:
    ///   - event: the event's name (no line breaks), or `nil` for the default `message`.
    ///   - data: the payload.
    public func send(event: String? = nil, data: String) {
        var text = ""
        if let event { text += "event: \(event.filter { $0 != "\n" && $0 != "\r" })\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.filter { $0 != "\r" })\n"
        }
        text += "\n"
        append(Array(text.utf8))
    }

    /// Ends the stream: what was queued is still written, then the response ends.
    public func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// True once ``close()`` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    private func append(_ bytes: [UInt8]) {
        let added = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.pending += bytes
            if state.pending.count > Self.maxPendingBytes {
                // Whole events go, the oldest first: a cut inside one would hand the reader half an event.
                var cut = state.pending.count - Self.maxPendingBytes
                while cut < state.pending.count - 1, !(state.pending[cut - 1] == 10 && state.pending[cut] == 10) {
                    cut += 1
                }
                state.pending.removeFirst(min(cut + 1, state.pending.count))
            }
            return true
        }
        if added { ready.signal() }
    }

    /// What the connection writes next: up to `max` bytes, waiting up to `timeout` for some;
    /// an empty array when nothing came in time, `nil` once the stream is closed and drained.
    /// Runs on the connection's thread, which may block.
    func take(max: Int, timeout: Duration) -> [UInt8]? {
        let deadline = DispatchTime.now() + .milliseconds(Int(timeout.components.seconds * 1000))
        while true {
            let taken = state.withLock { state -> [UInt8]?? in
                if !state.pending.isEmpty {
                    let count = min(max, state.pending.count)
                    let head = Array(state.pending.prefix(count))
                    state.pending.removeFirst(count)
                    return .some(head)
                }
                return state.closed ? .some(nil) : .none
            }
            if let taken { return taken }
            if ready.wait(timeout: deadline) == .timedOut { return [] }
        }
    }
}

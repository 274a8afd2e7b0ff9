import AdLifecycle
import FoundationEssentials
import Synchronization
import VAST
import VASTServe

/// One live preview: a real `AdSession` of the chosen ad, driven by the page's `<video>` events, and the
/// event streams (server-sent events) that show each beacon as the session fires it.
///
/// Every beacon the session fires is recorded in ``history`` (so a stream opened late replays it) and sent
/// to every open stream, with its URL redacted, the hop it came from, the page's input that caused it and
/// what became of its delivery.
final class PreviewSession: Sendable {
    let id: String
    let session: AdSession
    private let state = Mutex(State())
    private let began = ContinuousClock.now

    private struct State {
        var history: [String] = []
        var streams: [EventStream] = []
        var cause = 0
        var started = false
        var completed = false
        var closed = false
    }

    init(id: String, session: AdSession) {
        self.id = id
        self.session = session
    }

    /// The input of the page being handled now (its sequence number), given to the beacons it fires.
    var cause: Int {
        get { state.withLock { $0.cause } }
        set { state.withLock { $0.cause = newValue } }
    }

    /// Milliseconds since the session was made.
    var elapsedMs: Int {
        let elapsed = ContinuousClock.now - began
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Marks playback started; true the first time (the impression and the first progress go then).
    func markStarted() -> Bool {
        state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
    }

    /// Marks playback completed; true the first time.
    func markCompleted() -> Bool {
        state.withLock { state in
            defer { state.completed = true }
            return !state.completed
        }
    }

    /// True once playback started.
    var hasStarted: Bool { state.withLock { $0.started } }

    /// Sends `event` with `data` to every open stream and keeps it for streams opened later.
    func publish(event: String, data: String) {
        let streams = state.withLock { state -> [EventStream] in
            state.history.append(event + "\n" + data)
            if state.history.count > 5_000 { state.history.removeFirst() }
            return state.streams
        }
        for stream in streams { stream.send(event: event, data: data) }
    }

    /// A new stream that first replays what was published.
    func openStream() -> EventStream {
        let stream = EventStream()
        let history = state.withLock { state -> [String] in
            state.streams.removeAll(where: \.isClosed)
            if state.closed {
                stream.close()
            } else {
                state.streams.append(stream)
            }
            return state.history
        }
        for entry in history {
            let parts = entry.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            stream.send(event: String(parts[0]), data: parts.count > 1 ? String(parts[1]) : "")
        }
        return stream
    }

    /// Ends every stream; the session takes no more input.
    func close() {
        let streams = state.withLock { state -> [EventStream] in
            state.closed = true
            defer { state.streams = [] }
            return state.streams
        }
        for stream in streams { stream.close() }
    }
}

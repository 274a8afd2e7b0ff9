import FoundationEssentials
import Synchronization
import VASTServe

/// One run of the batch page: its documents' rows as they finish, the outputs of `validate --format
/// json|junit|sarif` built from the same reports, and the progress streams.
final class BatchJob: Sendable {
    let id: String
    let total: Int
    private let state: Mutex<State>

    private struct State {
        var done = 0
        var rows: [String] = []
        var streams: [EventStream] = []
        var outputs: [OutputFormat: String] = [:]
        var finished = false
    }

    init(id: String, total: Int) {
        self.id = id
        self.total = total
        state = Mutex(State())
    }

    /// Records a finished document's row (`{"index","source","verdict","reasons"}`) and sends the progress.
    func finished(row: String) {
        let (streams, done) = state.withLock { state -> ([EventStream], Int) in
            state.done += 1
            state.rows.append(row)
            return (state.streams, state.done)
        }
        let progress = "{\"done\":\(done),\"total\":\(total)}"
        for stream in streams {
            stream.send(event: "row", data: row)
            stream.send(event: "progress", data: progress)
        }
    }

    /// Keeps the three outputs and ends the streams with `event: done`.
    func complete(outputs: [OutputFormat: String]) {
        let streams = state.withLock { state -> [EventStream] in
            state.outputs = outputs
            state.finished = true
            defer { state.streams = [] }
            return state.streams
        }
        for stream in streams {
            stream.send(event: "done", data: "{\"total\":\(total)}")
            stream.close()
        }
    }

    /// A stream that first replays the rows so far.
    func openStream() -> EventStream {
        let stream = EventStream()
        let (rows, done, finished) = state.withLock { state -> ([String], Int, Bool) in
            if !state.finished { state.streams.append(stream) }
            return (state.rows, state.done, state.finished)
        }
        for row in rows { stream.send(event: "row", data: row) }
        stream.send(event: "progress", data: "{\"done\":\(done),\"total\":\(total)}")
        if finished {
            stream.send(event: "done", data: "{\"total\":\(total)}")
            stream.close()
        }
        return stream
    }

    /// True once the run ended (or was cancelled).
    var isFinished: Bool { state.withLock { $0.finished } }

    /// The output in `format`, once the run ended.
    func output(_ format: OutputFormat) -> String? { state.withLock { $0.outputs[format] } }

    /// Ends the streams of a cancelled run.
    func cancel() {
        let streams = state.withLock { state -> [EventStream] in
            state.finished = true
            defer { state.streams = [] }
            return state.streams
        }
        for stream in streams { stream.close() }
    }
}

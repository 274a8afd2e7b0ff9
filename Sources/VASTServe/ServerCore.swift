import Dispatch
import Synchronization

/// What the C callbacks reach through their context pointer: the handler, the bounds, the guard and the
/// event streams open now (closed when the server stops, so their threads end).
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPServer.Handler
    let requestGuard = Mutex<RequestGuard?>(nil)
    private let streams = Mutex<[ObjectIdentifier: EventStream]>([:])
    private let stopping = Atomic<Bool>(false)

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPServer.Handler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Runs the handler for `request` and waits for its answer, on the connection's own thread.
    func answer(_ request: ServerRequest) -> ServerResponse {
        if let refusal = requestGuard.withLock({ $0?.refusal(request) }) { return refusal }
        let result = Mutex<ServerResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = handler
        // Owned by this call, which waits for it: the connection's thread may block, the pool must not.
        Task {
            let response = await handler(request)
            result.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? .refused(500, "internal error")
    }

    /// Remembers an open stream; a stopped server closes it at once.
    func opened(_ stream: EventStream) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
        if stopping.load(ordering: .acquiring) { stream.close() }
    }

    /// Forgets a stream whose response ended.
    func ended(_ stream: EventStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Closes every open stream (the server is stopping).
    func closeStreams() {
        stopping.store(true, ordering: .releasing)
        for stream in streams.withLock({ Array($0.values) }) { stream.close() }
    }
}

internal import CCurl
import Foundation
import Synchronization

/// The client's dedicated thread and its curl multi handle.
///
/// Other threads only append commands to a locked queue and call `curl_multi_wakeup`, which
/// libcurl documents as safe from any thread; everything else (the easy handles, the transfer
/// table, `curl_multi_perform`) happens on the loop thread. The Swift cooperative pool never
/// blocks on the network.
final class CurlLoop: Sendable {
    enum Command: Sendable {
        case start(UInt64, HTTPRequest, timeoutMilliseconds: Int,
                   CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>)
        case cancel(UInt64)
        case stop
    }

    private let commands = CommandQueue()
    private let multi: MultiHandle
    private let nextID = Atomic<UInt64>(1)

    init(configuration: HTTPClientConfiguration) {
        Curl.initializeOnce()
        multi = MultiHandle(configuration: configuration)
        let thread = Thread { [commands, multi] in
            LoopWorker(multi: multi, commands: commands, configuration: configuration).run()
        }
        thread.name = "AdTransport.curl"
        thread.start()
    }

    /// A fresh transfer identifier.
    func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Queues a command for the loop thread and wakes it.
    func submit(_ command: Command) {
        commands.queue.withLock { $0.append(command) }
        multi.wakeUp()
    }
}

/// The commands other threads hand to the loop thread.
final class CommandQueue: Sendable {
    let queue = Mutex<[CurlLoop.Command]>([])
}

/// The multi handle, shared with other threads only for `curl_multi_wakeup`.
///
/// `@unchecked Sendable` because of that one thread-safe call; the handle is freed by the
/// loop thread when it stops, after which `wakeUp` is never reached (the client is gone).
final class MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init(configuration: HTTPClientConfiguration) {
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        pointer = multi
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, configuration.maxTotalConnections)
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maxTotalConnections)
    }

    func wakeUp() {
        curl_multi_wakeup(pointer)
    }
}

/// The loop thread's state: the transfers in flight, by id and by easy handle.
private final class LoopWorker {
    let multi: MultiHandle
    let commands: CommandQueue
    let configuration: HTTPClientConfiguration
    var byID: [UInt64: CurlTransfer] = [:]
    var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Cancels that arrived before their start (the task was cancelled while submitting).
    var cancelledEarly: Set<UInt64> = []
    var stopping = false

    init(multi: MultiHandle, commands: CommandQueue, configuration: HTTPClientConfiguration) {
        self.multi = multi
        self.commands = commands
        self.configuration = configuration
    }

    func run() {
        while !stopping {
            drainCommands()
            var running: Int32 = 0
            curl_multi_perform(multi.pointer, &running)
            collectFinished()
            if stopping { break }
            curl_multi_poll(multi.pointer, nil, 0, byID.isEmpty ? 10_000 : 100, nil)
        }
        for transfer in byID.values {
            finish(transfer, .failure(HTTPError(.shutdown, "the HTTP client was shut down", report: transfer.makeReport())))
        }
        drainCommands()
        curl_multi_cleanup(multi.pointer)
    }

    private func drainCommands() {
        let pending = commands.queue.withLock { queue in
            let taken = queue
            queue.removeAll()
            return taken
        }
        for command in pending {
            switch command {
            case .start(let id, let request, let timeout, let continuation):
                start(id: id, request: request, timeout: timeout, continuation: continuation)
            case .cancel(let id):
                if let transfer = byID[id] {
                    finish(transfer, .failure(HTTPError(.cancelled, "the request was cancelled", report: transfer.makeReport())))
                } else {
                    cancelledEarly.insert(id)
                }
            case .stop:
                stopping = true
            }
        }
    }

    private func start(id: UInt64, request: HTTPRequest, timeout: Int,
                       continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) {
        if stopping {
            continuation.resume(returning: .failure(HTTPError(
                .shutdown, "the HTTP client was shut down", report: HTTPTransferReport(url: request.url))))
            return
        }
        if cancelledEarly.remove(id) != nil {
            continuation.resume(returning: .failure(HTTPError(
                .cancelled, "the request was cancelled", report: HTTPTransferReport(url: request.url))))
            return
        }
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(
                id: id, request: request, timeoutMilliseconds: timeout, configuration: configuration,
                continuation: continuation)
        } catch {
            continuation.resume(returning: .failure(HTTPError(
                .invalidURL, error.message, report: HTTPTransferReport(url: request.url))))
            return
        }
        byID[id] = transfer
        byHandle[transfer.easy] = transfer
        curl_multi_add_handle(multi.pointer, transfer.easy)
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi.pointer, &remaining) {
            var code = CURLE_OK
            guard let easy = ad_curl_msg_done(message, &code), let transfer = byHandle[easy] else { continue }
            finish(transfer, transfer.outcome(code))
        }
    }

    private func finish(_ transfer: CurlTransfer, _ outcome: Result<HTTPResponse, HTTPError>) {
        curl_multi_remove_handle(multi.pointer, transfer.easy)
        byID[transfer.id] = nil
        byHandle[transfer.easy] = nil
        transfer.continuation.resume(returning: outcome)
    }
}

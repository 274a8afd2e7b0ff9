internal import CCurl
import FoundationEssentials
import Glibc
import Synchronization

/// The client's dedicated thread and its curl multi handle.
///
/// Other threads only append commands to a locked queue and call `curl_multi_wakeup`, which
/// libcurl documents as safe from any thread; everything else (the easy handles, the transfer
/// table, `curl_multi_perform`) happens on the loop thread. The Swift cooperative pool never
/// blocks on the network.
final class CurlLoop: Sendable {
    enum Command: Sendable {
        /// A fetch of `request`, whose URL the client already parsed as `AbsoluteURL`.
        case start(
            UInt64, HTTPRequest, AbsoluteURL, deadline: ContinuousClock.Instant,
            FetchCompletion)
        case cancel(UInt64)
        case stop
    }

    private let commands = CommandQueue()
    private let multi: MultiHandle?
    private let nextID = Atomic<UInt64>(1)
    /// Why this loop cannot fetch (libcurl could not be loaded, or no multi handle could be made); nil when
    /// its thread runs. A loop that cannot fetch has no thread and takes no command.
    let unavailable: String?

    init(configuration: HTTPClientConfiguration) {
        Curl.initializeOnce()
        guard let multi = MultiHandle(configuration: configuration) else {
            self.multi = nil
            unavailable = Curl.loadProblem ?? "curl_multi_init failed: out of memory"
            commands.state.withLock { $0.closed = true }
            return
        }
        self.multi = multi
        unavailable = nil
        NamedThread.start(name: "AdTransport.curl") { [commands] in
            LoopWorker(multi: multi, commands: commands, configuration: configuration).run()
        }
    }

    /// A fresh transfer identifier.
    func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Queues a command for the loop thread, and wakes it unless a wake-up is already due.
    ///
    /// The loop takes every queued command at once, so only the command that finds the queue
    /// empty needs to wake it: a burst of starts (the beacon dispatcher launching a group of
    /// sends) costs one `curl_multi_wakeup`, not one each. The wake-up happens under the queue's
    /// lock, so the loop thread cannot end and free the multi handle in between.
    /// - Returns: false when the loop thread has ended (``HTTPClient/shutdown()``): the command
    ///   was not queued, and nobody will answer it.
    @discardableResult
    func submit(_ command: Command) -> Bool {
        commands.state.withLock { state in
            guard !state.closed else { return false }
            state.commands.append(command)
            if state.commands.count == 1 { multi?.wakeUp() }
            return true
        }
    }
}

/// The commands other threads hand to the loop thread, and whether it has ended.
final class CommandQueue: Sendable {
    let state = Mutex<(commands: [CurlLoop.Command], closed: Bool)>(([], false))
}

/// The multi handle, shared with other threads only for `curl_multi_wakeup`.
///
/// `@unchecked Sendable` because of that one thread-safe call; the handle is freed by the
/// loop thread when it stops, after which `wakeUp` is never reached (the client is gone).
final class MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    /// A multi handle with the configuration's connection limits; nil when libcurl cannot make one.
    init?(configuration: HTTPClientConfiguration) {
        guard let multi = ad_curl_multi_init() else { return nil }
        pointer = multi
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, configuration.maxTotalConnections)
        _ = ad_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maxTotalConnections)
    }

    func wakeUp() {
        ad_curl_multi_wakeup(pointer)
    }
}

/// The loop thread's state: the transfers in flight, by id and by easy handle, and the requests
/// waiting for a connection to their host.
///
/// Requests beyond `maxConnectionsPerHost` wait here rather than in curl's own pending list, so
/// that their timeouts start when they start: a transfer queued in curl counts its wait against
/// the connect timeout and fails although the server is healthy. A redirect's next hop waits
/// here too, for a slot of its own host (keyed by ``AbsoluteURL/origin``).
private final class LoopWorker {
    let multi: MultiHandle
    let commands: CommandQueue
    let configuration: HTTPClientConfiguration
    var byID: [UInt64: CurlTransfer] = [:]
    var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    var waiting: [String: WaitingLine] = [:]
    /// No waiting request's deadline is before this (it may be earlier than the earliest).
    var nextWaitingDeadline: ContinuousClock.Instant?
    /// The commands taken from the queue, kept to reuse its storage.
    var drained: [CurlLoop.Command] = []
    var active: [String: Int] = [:]
    /// Cancels that arrived before their start (the task was cancelled while submitting).
    var cancelledEarly: Set<UInt64> = []
    var stopping = false
    /// Easy handles kept for the next transfers.
    let handles: EasyHandles

    init(multi: MultiHandle, commands: CommandQueue, configuration: HTTPClientConfiguration) {
        self.multi = multi
        self.commands = commands
        self.configuration = configuration
        handles = EasyHandles(limit: min(max(configuration.maxTotalConnections, 1), 256))
    }

    func run() {
        while !stopping {
            drainCommands()
            expireWaiting()
            var running: Int32 = 0
            ad_curl_multi_perform(multi.pointer, &running)
            for transfer in byID.values { transfer.flushDownload() }
            collectFinished()
            stopTooSlow()
            if stopping { break }
            let idle = byID.isEmpty && waiting.isEmpty
            ad_curl_multi_poll(multi.pointer, nil, 0, idle ? 10_000 : 50, nil)
        }
        for transfer in byID.values {
            finish(
                transfer, .failure(HTTPError(.shutdown, "the HTTP client was shut down", report: transfer.makeReport()))
            )
        }
        for entry in waiting.values.flatMap(\.all) {
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .shutdown, "the HTTP client was shut down", report: HTTPTransferReport(url: entry.request.url)))
            )
        }
        waiting.removeAll()
        // The last commands fail as shut down; later ones are refused by `submit`.
        drainCommands(closing: true)
        ad_curl_multi_cleanup(multi.pointer)
        handles.freeAll()
    }

    private func drainCommands(closing: Bool = false) {
        commands.state.withLock { state in
            swap(&state.commands, &drained)
            if closing { state.closed = true }
        }
        defer { drained.removeAll(keepingCapacity: true) }
        for command in drained {
            switch command {
            case .start(let id, let request, let url, let deadline, let caller):
                enqueue(Waiting(id: id, request: request, url: url, deadline: deadline, caller: caller))
            case .cancel(let id):
                cancel(id)
            case .stop:
                stopping = true
            }
        }
    }

    private func enqueue(_ entry: Waiting) {
        if stopping {
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .shutdown, "the HTTP client was shut down", report: HTTPTransferReport(url: entry.request.url)))
            )
            return
        }
        if cancelledEarly.remove(entry.id) != nil {
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .cancelled, "the request was cancelled", report: HTTPTransferReport(url: entry.request.url))))
            return
        }
        let host = entry.url.origin
        waiting[host, default: WaitingLine()].append(entry)
        nextWaitingDeadline = min(nextWaitingDeadline ?? entry.deadline, entry.deadline)
        startWaiting(for: host)
    }

    private func cancel(_ id: UInt64) {
        if let transfer = byID[id] {
            finish(
                transfer, .failure(HTTPError(.cancelled, "the request was cancelled", report: transfer.makeReport())))
            return
        }
        for host in waiting.keys {
            guard let entry = waiting[host]?.remove(id: id) else { continue }
            if waiting[host]?.isEmpty == true { waiting[host] = nil }
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .cancelled, "the request was cancelled", report: HTTPTransferReport(url: entry.request.url))))
            return
        }
        cancelledEarly.insert(id)
    }

    /// Starts waiting requests for `host` while it has free connection slots.
    private func startWaiting(for host: String) {
        while active[host, default: 0] < configuration.maxConnectionsPerHost, let entry = waiting[host]?.popFirst() {
            if waiting[host]?.isEmpty == true { waiting[host] = nil }
            start(entry, host: host)
        }
    }

    /// Fails waiting requests whose deadline passed before a connection was free (a look at
    /// the lines only once the earliest deadline among them may have passed).
    private func expireWaiting() {
        let now = ContinuousClock.now
        guard let next = nextWaitingDeadline, next <= now else { return }
        for host in Array(waiting.keys) {
            guard let expired = waiting[host]?.removeExpired(now: now), !expired.isEmpty else { continue }
            if waiting[host]?.isEmpty == true { waiting[host] = nil }
            for entry in expired {
                entry.caller.resume(
                    returning: .failure(
                        HTTPError(
                            .timeout, "the deadline passed while waiting for a connection to \(host)",
                            report: HTTPTransferReport(url: entry.request.url))))
            }
        }
        nextWaitingDeadline = waiting.values.compactMap(\.earliestDeadline).min()
    }

    private func start(_ entry: Waiting, host: String) {
        // curl takes a long; a deadline years away is still a valid one.
        let milliseconds = Int(min(ContinuousClock.now.duration(to: entry.deadline).milliseconds, Int64(Int32.max)))
        guard milliseconds > 0 else {
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .timeout, "the deadline passed before the request started",
                        report: HTTPTransferReport(url: entry.request.url))))
            return
        }
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(
                id: entry.id, request: entry.request, url: entry.url, host: host, redirects: entry.redirects,
                fetchStart: entry.fetchStart, deadline: entry.deadline, timeoutMilliseconds: milliseconds,
                configuration: configuration,
                caller: entry.caller, handles: handles)
        } catch {
            entry.caller.resume(
                returning: .failure(
                    HTTPError(
                        .invalidURL, error.message, report: HTTPTransferReport(url: entry.request.url))))
            return
        }
        byID[entry.id] = transfer
        byHandle[transfer.easy] = transfer
        active[host, default: 0] += 1
        ad_curl_multi_add_handle(multi.pointer, transfer.easy)
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = ad_curl_multi_info_read(multi.pointer, &remaining) {
            var code = CURLE_OK
            guard let easy = ad_curl_msg_done(message, &code), let transfer = byHandle[easy] else { continue }
            switch transfer.completion(code) {
            case .done(let outcome):
                finish(transfer, outcome)
            case .redirect(let next):
                release(transfer)
                enqueue(
                    Waiting(
                        id: transfer.id, request: transfer.request, url: next, redirects: transfer.redirects + 1,
                        fetchStart: transfer.fetchStart, deadline: transfer.deadline,
                        caller: transfer.caller))
                startWaiting(for: transfer.host)
            }
        }
    }

    /// Stops hops that broke the low-speed rule.
    private func stopTooSlow() {
        let now = ContinuousClock.now
        for transfer in Array(byID.values) where transfer.isTooSlow(now: now) {
            finish(transfer, .failure(transfer.tooSlowError()))
        }
    }

    private func finish(_ transfer: CurlTransfer, _ outcome: Result<HTTPResponse, HTTPError>) {
        release(transfer)
        transfer.caller.resume(returning: outcome)
        startWaiting(for: transfer.host)
    }

    /// Takes a hop out of curl and gives back its connection slot.
    private func release(_ transfer: CurlTransfer) {
        ad_curl_multi_remove_handle(multi.pointer, transfer.easy)
        byID[transfer.id] = nil
        byHandle[transfer.easy] = nil
        active[transfer.host, default: 1] -= 1
        if active[transfer.host] == 0 { active[transfer.host] = nil }
    }
}

import Foundation
import Synchronization
import Testing
import VASTServe

@testable import VASTCheck

/// The libmicrohttpd server on its own: requests reach the handler whole, event streams are written as
/// they are fed, and the work limiter refuses work past its bound.
@Suite(.serialized, .timeLimit(.minutes(3))) struct HTTPServerTests {
    @Test func theHandlerSeesTheWholeRequest() async throws {
        let seen = Mutex<ServerRequest?>(nil)
        let server = try HTTPServer(configuration: HTTPServerConfiguration()) { request in
            seen.withLock { $0 = request }
            return .text("ok")
        }
        defer { server.stop() }
        let answered = try Curl.request(
            server.url + "echo?a=1&b=two%20words",
            ["-X", "POST", "-H", "X-Thing: Value", "--data-binary", "@-"], input: Data("hello body".utf8))
        #expect(answered.status == 200)
        #expect(answered.body == "ok")
        let request = try #require(seen.withLock { $0 })
        #expect(request.method == "POST")
        #expect(request.path == "/echo")
        #expect(request.query == ["a": "1", "b": "two words"])
        #expect(request.header("X-THING") == "Value")
        #expect(request.body == Array("hello body".utf8))
    }

    @Test func anEventStreamIsWrittenAsItIsFedAndEndsWhenClosed() async throws {
        let stream = EventStream()
        let server = try HTTPServer(configuration: HTTPServerConfiguration()) { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
        }
        defer { server.stop() }
        let feeder = Task {
            for index in 1...3 {
                try? await Task.sleep(for: .milliseconds(50))
                stream.send(event: "tick", data: "n\(index)\nsecond line")
            }
            stream.close()
        }
        let answered = try Curl.request(server.url + "events", ["-N"])
        await feeder.value
        #expect(answered.status == 200)
        #expect(answered.headers["content-type"] == "text/event-stream")
        let expected = (1...3).map { "event: tick\ndata: n\($0)\ndata: second line\n\n" }.joined()
        #expect(answered.body == expected)
    }

    @Test func stoppingTheServerEndsAnOpenStream() async throws {
        let stream = EventStream()
        let server = try HTTPServer(configuration: HTTPServerConfiguration()) { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
        }
        let url = server.url
        let reader = Task.detached { try Curl.request(url, ["-N"]) }
        try await Task.sleep(for: .milliseconds(300))
        stream.send(data: "before stop")
        try await Task.sleep(for: .milliseconds(100))
        let began = ContinuousClock.now
        server.stop()
        let answered = try await reader.value
        #expect(ContinuousClock.now - began < .seconds(5))
        #expect(stream.isClosed)
        #expect(answered.body == "data: before stop\n\n")
    }

    @Test func aStreamNobodyReadsKeepsItsNewestWholeEventsUnderItsCap() async throws {
        let stream = EventStream()
        // 3,000 numbered events of about 1 KiB before any reader: three times the cap.
        let filler = String(repeating: "x", count: 1_000)
        for number in 0..<3_000 { stream.send(event: "n\(number)", data: filler) }
        stream.close()
        let server = try HTTPServer(configuration: HTTPServerConfiguration()) { _ in
            ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .events(stream))
        }
        defer { server.stop() }
        let url = server.url
        let answered = try await Task.detached { try Curl.request(url, ["-N", "--max-time", "10"]) }.value
        #expect(answered.body.utf8.count <= EventStream.maxPendingBytes)
        let events = answered.body.components(separatedBy: "\n\n").dropLast()
        // Every event is whole, and they are the newest ones, in order, up to the last.
        let numbers = events.map { event in Int(event.split(separator: "\n").first?.dropFirst("event: n".count) ?? "") }
        #expect(events.allSatisfy { $0.hasPrefix("event: n") && $0.hasSuffix("data: " + filler) })
        #expect(numbers.last == 2_999)
        #expect(numbers.count > 900)
        #expect(numbers == Array((3_000 - numbers.count)..<3_000))
    }

    @Test func aPortInUseIsATypedError() throws {
        let first = try HTTPServer(configuration: HTTPServerConfiguration()) { _ in .text("") }
        defer { first.stop() }
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(configuration: HTTPServerConfiguration(port: first.port)) { _ in .text("") }
        }
        #expect(throws: HTTPServerError.badHost("example.com")) {
            try HTTPServer(configuration: HTTPServerConfiguration(host: "example.com")) { _ in .text("") }
        }
    }

    @Test func workPastTheLimitIsRefusedAtOnce() async {
        let limiter = WorkLimiter(limit: 2)
        let gate = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        let running = (0..<2).map { _ in
            Task {
                await limiter.run {
                    started.continuation.yield()
                    for await _ in gate.stream { break }
                    return 1
                }
            }
        }
        var count = 0
        for await _ in started.stream {
            count += 1
            if count == 2 { break }
        }
        let refused = await limiter.run { 3 }
        #expect(refused == nil)
        gate.continuation.yield()
        gate.continuation.yield()
        gate.continuation.finish()
        for task in running { #expect(await task.value == 1) }
        #expect(await limiter.run { 4 } == 4)
    }

    @Test func theGuardRefusesForeignHostsAndOrigins() {
        let guarded = RequestGuard(host: "127.0.0.1", port: 8080)
        func request(_ headers: [String: String]) -> ServerRequest {
            ServerRequest(method: "GET", path: "/", headers: headers)
        }
        #expect(guarded.refusal(request(["host": "127.0.0.1:8080"])) == nil)
        #expect(guarded.refusal(request(["host": "localhost:8080", "origin": "http://localhost:8080"])) == nil)
        #expect(guarded.refusal(request([:]))?.status == 403)
        #expect(guarded.refusal(request(["host": "evil.example:8080"]))?.status == 403)
        #expect(guarded.refusal(request(["host": "127.0.0.1:8080", "origin": "http://evil.example"]))?.status == 403)
        #expect(guarded.refusal(request(["host": "127.0.0.1:8080", "origin": "http://localhost:8080"]))?.status == 403)
        let wildcard = RequestGuard(host: "0.0.0.0", port: 8080)
        #expect(wildcard.refusal(request(["host": "192.0.2.7:8080"])) == nil)
        #expect(wildcard.refusal(request(["host": "192.0.2.7:9090"]))?.status == 403)
        #expect(
            wildcard.refusal(request(["host": "192.0.2.7:8080", "origin": "http://evil.example:8080"]))?.status == 403)
    }
}

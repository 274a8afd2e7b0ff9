import AdTransport
import Foundation
import Synchronization
import TestSupport
import Testing

/// ``CallStop``: what ends a call that runs in its caller's task (the engine's mediation) without
/// cancelling that task, against real fetches on the loopback server.
@Suite(.serialized) struct CallStopTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4, lowSpeedSeconds: 2))
    }

    @Test func stoppingTheCallEndsItsFetchPromptlyAndLeavesTheTaskUncancelled() async throws {
        let client = self.client
        let url = server.url("/hang")
        let stop = CallStop()
        let task = Task { () -> (HTTPError.Code?, ContinuousClock.Instant, Bool) in
            let code = await CallStop.$current.withValue(stop) { () -> HTTPError.Code? in
                do throws(HTTPError) {
                    _ = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(30))
                    return nil
                } catch {
                    return error.code
                }
            }
            return (code, .now, Task.isCancelled)
        }
        _ = try await server.requests(atLeast: 1)
        let stoppedAt = ContinuousClock.now
        stop.stop()
        let (code, finishedAt, cancelled) = await task.value
        #expect(code == .cancelled)
        #expect(finishedAt - stoppedAt < WallClock.slack)
        #expect(!cancelled)
    }

    @Test func aFetchAfterTheStopEndsBeforeAnyRequestAndOneOutsideItRuns() async throws {
        let stop = CallStop()
        stop.stop()
        let url = server.url("/echo")
        let client = self.client
        let inside = await CallStop.$current.withValue(stop) { () -> HTTPError.Code? in
            #expect(CallStop.isCancelled)
            do throws(HTTPError) {
                _ = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5))
                return nil
            } catch {
                return error.code
            }
        }
        #expect(inside == .cancelled)
        #expect(try server.stats().requests == 0)
        #expect(!CallStop.isCancelled)
        let response = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5))
        #expect(response.status == 200)
    }

    /// A count shared with handlers.
    final class Counter: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    @Test func theStopReachesChildTasksAndEachHandlerRunsOnce() async throws {
        let stop = CallStop()
        let runs = Counter()
        let seen = await CallStop.$current.withValue(stop) { () -> [Bool] in
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await CallStop.withCancellationHandler {
                        stop.stop()
                        stop.stop()
                        return CallStop.isCancelled
                    } onCancel: {
                        runs.add()
                    }
                }
                var seen: [Bool] = []
                for await value in group { seen.append(value) }
                return seen
            }
        }
        #expect(seen == [true])
        #expect(runs.count == 1)
        // A handler registered once the call is stopped runs at once.
        let late = await CallStop.$current.withValue(stop) {
            await CallStop.withCancellationHandler {
                runs.count
            } onCancel: {
                runs.add()
            }
        }
        #expect(late == 2)
    }

    @Test func finishedReturnsOnceTheCallFinishes() async throws {
        let stop = CallStop()
        let returned = Counter()
        let waiter = Task {
            await stop.finished()
            returned.add()
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(returned.count == 0)
        stop.finish()
        stop.finish()
        await waiter.value
        #expect(returned.count == 1)
        await stop.finished()
    }
}

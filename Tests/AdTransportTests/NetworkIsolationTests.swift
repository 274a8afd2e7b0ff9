import AdTransport
import Foundation
import TestSupport
import Testing

/// `Tools/test` runs the suite in a network namespace with loopback only: nothing a sample or a test does
/// can reach a resolver or another host. These tests prove it from inside, through the same client every
/// test uses, wherever the namespace has no interface but loopback.
@Suite(
    .enabled(
        if: TestConditions.networkIsLoopbackOnly,
        "runs in a loopback-only network namespace (Tools/test makes one; or unshare -n)"))
struct NetworkIsolationTests {
    @Test func aNonLoopbackAddressIsUnreachable() async throws {
        let client = try HTTPClient()
        let start = ContinuousClock.now
        await #expect {
            _ = try await client.fetch(HTTPRequest(url: "http://192.0.2.1/"), timeout: .seconds(5))
        } throws: { error in
            (error as? HTTPError)?.code == .connect
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func noHostNameResolves() async throws {
        let client = try HTTPClient()
        await #expect {
            _ = try await client.fetch(HTTPRequest(url: "http://example.com/"), timeout: .seconds(5))
        } throws: { error in
            (error as? HTTPError)?.code == .dns
        }
    }
}

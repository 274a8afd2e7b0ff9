import AdEngine
import AdResolution
import AdTransport
import TestSupport
import Testing

/// A source's error pixels go to the engine's sink; a sink that does not answer must not keep the
/// source past its timeout (plus the mediator's grace), and the hand-over is cancelled then.
@Suite(.serialized) struct MediationCutOffTests {
    /// Takes the pixels, then waits for its caller to give up (at most 60 s).
    actor StuckSink: BeaconSink {
        private(set) var handed: [String] = []
        private(set) var stoppedByCancellation = false

        func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError) {
            handed += beacons.map(\.url)
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                stoppedByCancellation = true
            }
        }
    }

    @Test func aSinkThatDoesNotTakeTheErrorPixelsIsCutOffAndTheSourceTimesOut() async throws {
        let server = try TestServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration())
        let sink = StuckSink()
        let mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: sink))
        try server.register("stuck-0", body: MediationDocuments.wrapper(next: server.url("/echo?status=204")))
        let result = await mediator.run(
            sources: [.tag("stuck", template: server.docURL("stuck-0"), timeout: .milliseconds(300))],
            deadline: .now + .seconds(10))
        let report = try #require(result.report.first)
        #expect(
            [report.source, report.outcome.rawValue, report.errorCode.map { String($0.rawValue) }]
                == ["stuck", "timeout", "301"])
        #expect(report.message == "no answer within its timeout of 300 ms")
        #expect(report.hops.map(\.kind) == [.wrapper, .noAd])
        #expect(await sink.handed == [server.url("/beacon/error/hop0?code=303")])
        // The cut-off cancels the hand-over and does not wait for it: the sink sees the cancellation when its
        // own task next runs, which a busy machine can delay; a hand-over never cancelled sleeps a minute.
        let cutOff = ContinuousClock.now
        while await !sink.stoppedByCancellation, ContinuousClock.now - cutOff < .seconds(20) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await sink.stoppedByCancellation)
        #expect(result.error?.code == .noFill)
        client.shutdown()
        server.stop()
    }
}

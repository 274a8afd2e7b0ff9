import Foundation
import TestSupport
import Testing

/// The live preview's API without a browser: the page's `<video>` events posted as the page posts them
/// drive a real ad session; its beacons go to the built-in collector by default, and with `--send` to
/// their real URLs (the loopback test server) through the durable dispatcher.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServeSessionTests {
    /// An InLine of 4 s whose tracking URLs point at `server`'s `/beacon/...`.
    static func document(_ server: TestServer) -> String {
        let events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute"]
        let tracking = events.map { "<Tracking event=\"\($0)\"><![CDATA[\(server.url("/beacon/\($0)"))]]></Tracking>" }
        return """
            <VAST version="3.0"><Ad id="a"><InLine><AdSystem>t</AdSystem><AdTitle>Session</AdTitle>\
            <Impression><![CDATA[\(server.url("/beacon/impression"))]]></Impression><Creatives><Creative><Linear>\
            <Duration>00:00:04</Duration><TrackingEvents>\(tracking.joined())</TrackingEvents>\
            <VideoClicks><ClickTracking><![CDATA[\(server.url("/beacon/click"))]]></ClickTracking></VideoClicks>\
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
            <![CDATA[\(server.url("/media/a.mp4"))]]></MediaFile></MediaFiles></Linear></Creative></Creatives>\
            </InLine></Ad></VAST>
            """
    }

    /// The page's events for a play with a pause, a mute and a click, to the end.
    static var playerEvents: [[String: Any]] {
        [
            ["type": "play", "position": 0.0, "duration": 4.0],
            ["type": "timeupdate", "position": 1.1, "duration": 4.0],
            ["type": "pause", "position": 1.2, "duration": 4.0],
            ["type": "play", "position": 1.2, "duration": 4.0],
            ["type": "volumechange", "position": 1.5, "duration": 4.0, "muted": true],
            ["type": "click", "position": 1.6, "duration": 4.0, "x": 10, "y": 20],
            ["type": "timeupdate", "position": 2.1, "duration": 4.0],
            ["type": "timeupdate", "position": 3.1, "duration": 4.0],
            ["type": "pause", "position": 4.0, "duration": 4.0, "ended": true],
            ["type": "ended", "position": 4.0, "duration": 4.0, "ended": true],
        ]
    }

    static let expectedEvents = [
        "impression", "start", "firstQuartile", "pause", "resume", "mute", "clickTracking", "midpoint", "thirdQuartile",
        "complete",
    ]

    /// Starts a session on `document`, posts ``playerEvents`` and returns the session id and the event stream's
    /// text (read until the last beacon arrived).
    static func play(_ serve: ServeProcess, document: String) throws -> String {
        let token = try Curl.csrfToken(serve.url)
        let post = ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "--data-binary", "@-"]
        let started = try Curl.request(
            serve.url + "api/session", post, input: try JSONSerialization.data(withJSONObject: ["source": document]))
        #expect(started.status == 200, "\(started.body)")
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(started.body.utf8)) as? [String: Any])
        let session = try #require(description["session"] as? String)
        #expect(description["adTitle"] as? String == "Session")
        #expect(description["durationMs"] as? Int == 4000)
        for (seq, event) in playerEvents.enumerated() {
            var body = event
            body["session"] = session
            body["seq"] = seq + 1
            let answered = try Curl.request(
                serve.url + "api/session/event", post, input: try JSONSerialization.data(withJSONObject: body))
            #expect(answered.status == 200)
            let reply = try JSONSerialization.jsonObject(with: Data(answered.body.utf8)) as? [String: Any]
            #expect((reply?["refused"] as? [String]) == [], "\(event["type"] ?? ""): \(answered.body)")
        }
        return session
    }

    @Test func thePagesEventsDriveASessionWhoseBeaconsTheCollectorRecords() throws {
        let server = try TestServer()
        defer { server.stop() }
        let serve = try ServeProcess([])
        defer { serve.stop() }
        let session = try Self.play(serve, document: Self.document(server))
        let collected = try Curl.request(serve.url + "api/collector?session=\(session)")
        let requests = try #require(
            (try JSONSerialization.jsonObject(with: Data(collected.body.utf8)) as? [String: Any])?["requests"]
                as? [[String: Any]])
        #expect(requests.map { $0["event"] as? String ?? "" } == Self.expectedEvents)
        #expect(requests.allSatisfy { ($0["url"] as? String)?.hasPrefix(server.url("/beacon/")) == true })
        // The stream replays them, in the same order, each with its cause and result.
        let stream = try Curl.request(serve.url + "api/events?session=\(session)", ["--max-time", "2"])
        let beacons = stream.body.components(separatedBy: "\n\n").filter { $0.hasPrefix("event: beacon\n") }
        #expect(beacons.count == Self.expectedEvents.count)
        #expect(beacons.allSatisfy { $0.contains("\"result\":\"collected\"") })
        // Nothing was sent.
        #expect(try server.beacons().isEmpty)
    }

    @Test func withSendTheBeaconsReachTheirURLsThroughTheDispatcher() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let serve = try ServeProcess(["--send"])
        defer { serve.stop() }
        let session = try Self.play(serve, document: Self.document(server))
        let received = try await server.waitForBeacons(count: Self.expectedEvents.count, timeout: 10)
        let paths = Self.expectedEvents.map { "/beacon/" + ($0 == "clickTracking" ? "click" : $0) }
        #expect(Set(received.map(\.path)) == Set(paths))
        #expect(received.count == Self.expectedEvents.count)
        let collected = try Curl.request(serve.url + "api/collector?session=\(session)")
        #expect(!collected.body.contains("/beacon/"))
        // Each beacon's delivery result follows it on the stream.
        let stream = try Curl.request(serve.url + "api/events?session=\(session)", ["--max-time", "2"])
        let deliveries = stream.body.components(separatedBy: "\n\n").filter { $0.hasPrefix("event: delivery\n") }
        #expect(deliveries.count == Self.expectedEvents.count)
        #expect(deliveries.allSatisfy { $0.contains("\"result\":\"delivered 204\"") })
    }

    @Test func aDocumentWithoutAPlayableLinearIsUnprocessable() throws {
        let serve = try ServeProcess([])
        defer { serve.stop() }
        let token = try Curl.csrfToken(serve.url)
        let answered = try Curl.request(
            serve.url + "api/session", ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "--data-binary", "@-"],
            input: try JSONSerialization.data(withJSONObject: ["source": "<VAST version=\"3.0\"/>"]))
        #expect(answered.status == 422)
        #expect(answered.body.contains("\"error\": \"no ad"))
        #expect(try Curl.request(serve.url + "api/events?session=nope").status == 404)
    }
}

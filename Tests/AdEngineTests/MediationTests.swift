import AdEngine
import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// Mediations over the loopback server and real libcurl: every test asserts the exact report
/// (names, outcomes and codes in report order) and the chosen ad; latencies only within bounds.
@Suite(.serialized) struct MediationTests {
    let server: TestServer
    let client: HTTPClient
    let mediator: Mediator

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client)))
    }

    /// "name outcome code" per report entry, `-` for no code.
    private func rows(_ report: MediationReport) -> [String] {
        report.map { "\($0.source) \($0.outcome.rawValue) \($0.errorCode.map { String($0.rawValue) } ?? "-")" }
    }

    private func run(
        _ sources: [AdSource], within budget: Duration = .seconds(10),
        context: VASTMacroContext = VASTMacroContext()
    ) async -> MediationResult {
        await mediator.run(sources: sources, context: context, deadline: .now + budget)
    }

    /// Registers `name` with `body` and returns its URL.
    private func doc(_ name: String, _ body: String, status: Int? = nil, query: String = "") throws -> String {
        try server.register(name, body: body, status: status)
        return server.docURL(name) + query
    }

    /// Registers an InLine whose ad id is `name` (priced when `price` is given) and returns its URL.
    private func ad(_ name: String, price: String? = nil, query: String = "") throws -> String {
        try doc(name, MediationDocuments.inLine(name, price: price), query: query)
    }

    // MARK: Waterfall

    @Test func aWaterfallReportsEverySourceInTierThenListOrderAndTheNextTierFills() async throws {
        let chain = try server.registerChain("chain", hops: 3, last: MediationDocuments.inLine("chain", hop: 2))
        let sources: [AdSource] = [
            .tag("chain", tier: 1, template: chain),
            .tag("empty", template: try doc("empty", MediationDocuments.empty)),
            .tag("no-content", template: try doc("no-content", "", status: 204)),
            .tag("broken", template: try doc("broken", MediationDocuments.inLine("broken"), status: 500)),
            .tag("malformed", template: try doc("malformed", MediationDocuments.malformed)),
            .tag("hung", template: server.url("/hang"), timeout: .milliseconds(300)),
            .tag("spare", tier: 2, template: try ad("spare")),
        ]
        let result = await run(sources)
        #expect(
            rows(result.report) == [
                "empty noFill 303", "no-content noFill 303", "broken error -", "malformed error 100",
                "hung timeout -",
                "chain won -", "spare notTried -",
            ])
        #expect(result.report.map(\.tier) == [0, 0, 0, 0, 0, 1, 2])
        let winner = try #require(result.winner)
        #expect(winner.source == "chain" && winner.tier == 1 && winner.price == nil)
        #expect(winner.ads.map(\.ad.id) == ["chain"])
        #expect(winner.resolution.hops.map(\.kind) == [.wrapper, .wrapper, .inline])
        #expect(result.report[source: "chain"]?.hops.count == 3)
        #expect(result.report[source: "chain"]?.url == chain)
        #expect(result.error == nil)
        let hung = try #require(result.report[source: "hung"])
        #expect(hung.milliseconds >= 295 && hung.milliseconds < 300 + WallClock.slackMilliseconds)
        #expect(hung.message.contains("timeout of 300 ms"))
        #expect(result.report[source: "spare"]?.milliseconds == 0)
        #expect(result.report.milliseconds < 1_500)
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case noContent, emptyVAST, serverError, connectionRefused, timeout, malformed, wrapperLoop
        var testDescription: String { rawValue }
        var row: String {
            switch self {
            case .noContent, .emptyVAST: "first noFill 303"
            // The tag's own request failing has no IAB code (301 is a Wrapper's VASTAdTagURI).
            case .serverError, .connectionRefused: "first error -"
            case .timeout: "first timeout -"
            case .malformed: "first error 100"
            case .wrapperLoop: "first error 300"
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func aTierThatDoesNotFillFallsBackToTheNextTier(_ fault: Fault) async throws {
        let url: String
        switch fault {
        case .noContent: url = try doc("f", "", status: 204)
        case .emptyVAST: url = try doc("f", MediationDocuments.empty)
        case .serverError: url = try doc("f", MediationDocuments.inLine("f"), status: 500)
        case .connectionRefused: url = "http://127.0.0.1:1/vast"
        case .timeout: url = try ad("f", query: "?delay_ms=3000")
        case .malformed: url = try doc("f", MediationDocuments.malformed)
        case .wrapperLoop: url = try doc("f", MediationDocuments.wrapper(next: server.docURL("f")))
        }
        let result = await run([
            .tag("first", template: url, timeout: .milliseconds(250)),
            .tag("backup", tier: 1, template: try ad("backup")),
        ])
        #expect(rows(result.report) == [fault.row, "backup won -"])
        #expect(result.winner?.ads.map(\.ad.id) == ["backup"])
        if fault == .timeout {
            let first = try #require(result.report.first)
            #expect(first.milliseconds >= 245 && first.milliseconds < 250 + WallClock.slackMilliseconds)
        }
    }

    @Test func aChainThatRunsOutOfItsSourceTimeoutIsATimeoutAndItsWrappersHear301() async throws {
        try server.register("slow-1", body: MediationDocuments.inLine("slow", hop: 1))
        let tag = try doc("slow-0", MediationDocuments.wrapper(next: server.docURL("slow-1") + "?delay_ms=2000"))
        let result = await run([.tag("slow-chain", template: tag, timeout: .milliseconds(300))])
        #expect(rows(result.report) == ["slow-chain timeout 301"])
        #expect(result.report.first?.hops.map(\.kind) == [.wrapper, .error])
        #expect(result.error?.code == .noFill)
        let pixels = try await server.waitForBeacons(count: 1).filter { $0.path.hasPrefix("/beacon/error/") }
        #expect(pixels.map(\.target) == ["/beacon/error/hop0?code=301"])
    }

    @Test func everySourceFailingIsANoFillErrorCarryingTheReport() async throws {
        let result = await run([
            .tag("empty", template: try doc("empty", MediationDocuments.empty)),
            .tag("broken", tier: 1, template: try doc("broken", "oops", status: 500)),
        ])
        #expect(result.winner == nil)
        let error = try #require(result.error)
        #expect(error.code == .noFill && error.vastErrorCode == .noAdsAfterWrapper)
        #expect(rows(error.report) == ["empty noFill 303", "broken error -"])
        #expect(throws: MediationError.self) { try result.get() }
    }

    // MARK: Price and order within a tier

    @Test func theHighestPriceWinsEvenWhenItAnswersLastAndBeatsEarlierUnpricedFills() async throws {
        let result = await run([
            .tag("plain", template: try ad("plain")),
            .tag("cheap", template: try ad("cheap", price: "1.50")),
            .tag("rich", template: try ad("rich", price: "4.00", query: "?delay_ms=250")),
            .tag("backup", tier: 1, template: try ad("backup", price: "9")),
        ])
        #expect(rows(result.report) == ["plain filledLost -", "cheap filledLost -", "rich won -", "backup notTried -"])
        #expect(result.report.map(\.price) == [nil, 1.5, 4.0, nil])
        let winner = try #require(result.winner)
        #expect(winner.source == "rich" && winner.price == 4.0)
        #expect(winner.pricing == VASTPricing(model: "cpm", currency: "USD", value: "4.00"))
        #expect(winner.ads.map(\.ad.id) == ["rich"])
        #expect((result.report[source: "rich"]?.milliseconds ?? 0) >= 250)
        #expect(result.report[source: "cheap"]?.message == "filled, but rich won the tier")
    }

    @Test func equalPricesGoToTierOrderEvenWhenTheEarlierSourceIsSlower() async throws {
        let result = await run([
            .tag("a", template: try ad("a", price: "2.00", query: "?delay_ms=150")),
            .tag("b", template: try ad("b", price: "2")),
        ])
        #expect(rows(result.report) == ["a won -", "b filledLost -"])
        #expect(result.winner?.ads.map(\.ad.id) == ["a"])
    }

    @Test func aWrappersPriceCountsWhenItsInLineHasNone() async throws {
        let inner = try doc("inner", MediationDocuments.inLine("wrapped", hop: 1))
        let result = await run([
            .tag("direct", template: try ad("direct", price: "2.00")),
            .tag("wrapped", template: try doc("outer", MediationDocuments.wrapper(next: inner, price: "3.25"))),
        ])
        #expect(rows(result.report) == ["direct filledLost -", "wrapped won -"])
        #expect(result.winner?.price == 3.25)
        #expect(result.winner?.ads.map(\.ad.id) == ["wrapped"])
    }

    @Test func aBiddingTierWaitsForAHungBidderUntilItsTimeout() async throws {
        let result = await run([
            .tag("fast", template: try ad("fast", price: "1")),
            .tag("hung", template: server.url("/hang"), timeout: .milliseconds(300)),
        ])
        #expect(rows(result.report) == ["fast won -", "hung timeout -"])
        #expect(result.report.milliseconds >= 295 && result.report.milliseconds < 300 + WallClock.slackMilliseconds)
    }

    @Test func withoutBiddingTheEarliestFillWinsAndLaterSourcesAreCancelledOnceItFills() async throws {
        let started = ContinuousClock.now
        let result = await run([
            .tag("first", template: try ad("first", query: "?delay_ms=200"), bids: false),
            .tag("second", template: try ad("second", price: "50"), bids: false),
            .tag("hung", template: server.url("/hang"), bids: false),
            .tag("late", template: try ad("late", query: "?delay_ms=2000"), bids: false),
        ])
        let elapsed = ContinuousClock.now - started
        #expect(rows(result.report) == ["first won -", "second filledLost -", "hung cancelled -", "late cancelled -"])
        #expect(result.winner?.ads.map(\.ad.id) == ["first"])
        // A non-bidding source's price is reported but not ranked.
        #expect(result.report[source: "second"]?.price == 50)
        #expect(result.winner?.price == nil)
        // Well before the late source's 2,000 ms: it was cancelled, not waited for.
        #expect(elapsed < .milliseconds(200) + WallClock.slack)
        for name in ["hung", "late"] {
            let entry = try #require(result.report[source: name])
            #expect(entry.milliseconds >= 195 && entry.milliseconds < 200 + WallClock.slackMilliseconds)
            #expect(entry.message == "stopped: first won the tier")
        }
    }

    // MARK: Deadline and cancellation

    @Test func theOverallDeadlineStopsTheRunningTierAndLeavesLaterTiersNotTried() async throws {
        let started = ContinuousClock.now
        let result = await run(
            [
                .tag("empty", template: try doc("empty", MediationDocuments.empty)),
                .tag("hung", tier: 1, template: server.url("/hang"), timeout: .seconds(5)),
                .tag("spare", tier: 2, template: try ad("spare")),
                .tag("spare-2", tier: 2, template: try ad("spare-2")),
            ], within: .milliseconds(400))
        let elapsed = ContinuousClock.now - started
        #expect(
            rows(result.report)
                == ["empty noFill 303", "hung timeout -", "spare notTried -", "spare-2 notTried -"])
        #expect(elapsed >= .milliseconds(395) && elapsed < .milliseconds(400) + WallClock.slack)
        #expect(result.report[source: "hung"]?.message.hasPrefix("the overall deadline passed") == true)
        let error = try #require(result.error)
        #expect(error.code == .deadlineExceeded && error.vastErrorCode == .wrapperTimeout)
        #expect(result.report[source: "spare"]?.message == "not tried: the overall deadline passed before tier 2")
    }

    @Test func aDeadlineAlreadyPassedTriesNothing() async throws {
        let result = await mediator.run(sources: [.tag("a", template: server.docURL("a"))], deadline: .now)
        #expect(rows(result.report) == ["a notTried -"])
        #expect(result.error?.code == .deadlineExceeded)
        #expect(try server.stats().requests == 0)
    }

    @Test func cancellingTheCallerCancelsEverySourceAndClosesTheirConnections() async throws {
        let sources: [AdSource] = [
            .tag("hang-a", template: server.url("/hang")),
            .tag("hang-b", template: server.url("/hang?delay_ms=1")),
            .document("wrapped", xml: MediationDocuments.wrapper(next: server.url("/hang?delay_ms=2"))),
            .tag("backup", tier: 1, template: try ad("backup")),
        ]
        let mediator = self.mediator
        let task = Task { await mediator.run(sources: sources, deadline: .now + .seconds(10)) }
        let connected = ContinuousClock.now + .seconds(3)
        while try server.stats().openConnections < 3 && ContinuousClock.now < connected {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try server.stats().openConnections == 3)
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.value
        #expect(ContinuousClock.now - cancelledAt < WallClock.slack)
        #expect(
            rows(result.report)
                == ["hang-a cancelled -", "hang-b cancelled -", "wrapped cancelled -", "backup notTried -"])
        #expect(result.winner == nil && result.error?.code == .cancelled)
        #expect(result.report[source: "hang-a"]?.message == "stopped: the call was cancelled")
        let closed = ContinuousClock.now + .seconds(1)
        while try server.stats().openConnections > 0 && ContinuousClock.now < closed {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try server.stats().openConnections == 0)
        #expect(result.report[source: "wrapped"]?.hops.map(\.outcome) == ["wrapper", "cancelled"])
        #expect(try server.stats().byPath["/doc/backup"] == nil)
    }

    // MARK: Sources

    @Test func tagTemplatesAreExpandedWithTheCallsMacros() async throws {
        try server.register("macro", body: MediationDocuments.inLine("macro"))
        var context = VASTMacroContext(random: { 0 })
        context.ifa = "ab cd"
        let result = await run(
            [.tag("macro", template: server.docURL("macro") + "?cb=[CACHEBUSTING]&ifa=%%IFA%%")],
            context: context)
        #expect(rows(result.report) == ["macro won -"])
        // The report hides the IFA (see MediationPrivacyTests); without private macros it shows the expansion.
        #expect(result.report.first?.url == server.docURL("macro") + "?cb=10000000&ifa=[redacted:IFA]")
        let shown = await mediator.run(
            sources: [.tag("macro", template: server.docURL("macro") + "?cb=[CACHEBUSTING]&ifa=%%IFA%%")],
            context: context, deadline: .now + .seconds(10), privateMacros: [])
        #expect(shown.report.first?.url == server.docURL("macro") + "?cb=10000000&ifa=ab%20cd")
    }

    @Test func aDocumentSourceFollowsItsWrappers() async throws {
        let inner = try doc("inner", MediationDocuments.inLine("inner", hop: 1))
        let result = await run([
            .document("house", xml: MediationDocuments.empty),
            .document("wrapped", tier: 1, xml: MediationDocuments.wrapper(next: inner)),
        ])
        #expect(rows(result.report) == ["house noFill 303", "wrapped won -"])
        #expect(result.winner?.resolution.hops.map(\.url) == ["wrapped", inner])
        #expect(result.report[source: "wrapped"]?.url == nil)
    }

    @Test func anInvalidSourceListTriesNothingAndNamesTheField() async throws {
        let result = await run([
            .tag("a", template: server.docURL("a")),
            .tag("a", tier: 1, template: server.docURL("a")),
        ])
        #expect(rows(result.report) == ["a notTried -", "a notTried -"])
        let error = try #require(result.error)
        #expect(error.code == .invalidSources)
        #expect(error.message.hasPrefix("sources[1].name: duplicate name \"a\""))
        #expect(try server.stats().requests == 0)
    }
}

import AdEngine
import AdPlacement
import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// The format a mediation is given reaches every source (issue 24, item 5): an ad that cannot be shown
/// in it is its source's `noFit`, ranks as no ad, and is handed back (not fired) in `unfit`; the winner
/// says how its ad is shown.
@Suite(.serialized) struct MediationFormatTests {
    let server: TestServer
    let client: HTTPClient
    let mediator: Mediator

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client)))
    }

    private func rows(_ report: MediationReport) -> [String] {
        report.map { "\($0.source) \($0.outcome.rawValue) \($0.errorCode.map { String($0.rawValue) } ?? "-")" }
    }

    /// A banner ad named `name` priced at `price`, its one companion `companion`.
    private func banner(_ name: String, price: String, _ companion: String) throws -> String {
        let document = BannerDocuments.inLine(name, creatives: BannerDocuments.companions("c-\(name)", companion))
            .replacingOccurrences(of: "</AdTitle>", with: "</AdTitle>" + MediationDocuments.pricing(price))
        try server.register(name, body: document)
        return server.docURL(name)
    }

    @Test func aHigherBidWhoseBannerDoesNotFitLosesToALowerOneThatFits() async throws {
        let sources: [AdSource] = [
            .tag(
                "rich",
                template: try banner(
                    "rich", price: "9", BannerDocuments.htmlCompanion(id: "box", width: 300, height: 250))),
            .tag(
                "modest",
                template: try banner(
                    "modest", price: "1", BannerDocuments.staticCompanion(id: "p", width: 320, height: 50))),
        ]
        let result = await mediator.run(
            sources: sources, format: .bottomBanner(maxHeight: 50, maxWidth: nil), deadline: .now + .seconds(10))
        #expect(rows(result.report) == ["rich noFit 601", "modest won -"])
        #expect(result.report[source: "rich"]?.price == 9)
        let winner = try #require(result.winner)
        #expect(winner.source == "modest" && winner.price == 1)
        guard case .banner(let choice) = winner.fit else {
            Issue.record("expected a banner fit, got \(String(describing: winner.fit))")
            return
        }
        #expect(choice.size == AdSize(width: 320, height: 50) && choice.creativeIndex == 0)
        #expect(result.unfit.map(\.source) == ["rich"])
        #expect(result.unfit.map(\.error.code) == [.noFittingBanner])
        #expect(result.unfit.map(\.ad.ad.id) == ["rich"])
        #expect(result.error == nil)
        // The mediator hands the unfit ad back; firing its Error URLs is the caller's (the engine's) job.
        #expect(try server.beacons().isEmpty)
        #expect(try server.stats().requests == 2)

        // Without a format the higher bid wins as it is.
        let unchecked = await mediator.run(sources: sources, deadline: .now + .seconds(10))
        #expect(rows(unchecked.report) == ["rich won -", "modest filledLost -"])
        #expect(unchecked.winner?.fit == nil && unchecked.unfit.isEmpty)
    }

    @Test func whenNoAdFitsTheErrorIsNoFitWithTheFirstCode() async throws {
        try server.register("linear", body: MediationDocuments.inLine("linear"))
        let sources: [AdSource] = [
            .tag("linear", template: server.docURL("linear")),
            .tag("empty", tier: 1, template: server.url("/echo?status=204")),
        ]
        let result = await mediator.run(
            sources: sources, format: .bottomBanner(maxHeight: 90, maxWidth: 320), deadline: .now + .seconds(10))
        #expect(rows(result.report) == ["linear noFit 201", "empty noFill 303"])
        let error = try #require(result.error)
        #expect(error.code == .noFit && error.vastErrorCode == .unexpectedLinearity)
        #expect(
            error.message
                == "no source's ad can be shown as asked; linear: the ad has no companion or non-linear creative")
    }
}

import AdEngine
import AdPlacement
import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// Mediation reports and engine errors end up in logs and on screens: the request's identifiers and
/// consent strings, expanded into tag URLs, must not appear in them. The ads' own URLs (what the
/// player fires) keep them.
@Suite(.serialized) final class MediationPrivacyTests: Sendable {
    static let ifa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    static let consent = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    static let gpp = "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
    static let query = "ifa=[IFA]&gdpr=[GDPRCONSENT]&gpp=%%GPPSTRING%%&ua=[DEVICEUA]"
    static let redactedQuery =
        "ifa=[redacted:IFA]&gdpr=[redacted:GDPRCONSENT]&gpp=[redacted:GPPSTRING]&ua=[redacted:DEVICEUA]"

    let server: TestServer
    let client: HTTPClient
    let folder: URL

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 8))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func context() -> VASTMacroContext {
        var context = VASTMacroContext()
        context.ifa = ifa
        context.gdprConsent = consent
        context.gppString = gpp
        context.deviceUA = userAgent
        return context
    }

    /// Every string of a report entry a person or a log sees.
    private func texts(_ report: MediationReport) -> [String] {
        report.flatMap { entry in [entry.message, entry.url ?? ""] + entry.hops.flatMap { [$0.url, $0.outcome] } }
    }

    private func leaks(_ texts: [String]) -> [String] {
        texts.filter { text in [Self.ifa, Self.consent, "DBABMA", "Mozilla", "iPhone"].contains { text.contains($0) } }
    }

    @Test func aReportHidesTheCallsIdentifiersInURLsMessagesAndHops() async throws {
        let mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: DiscardingBeaconSink()))
        let tag = try server.registerChain("private", hops: 2)
        let result = await mediator.run(
            sources: [
                .tag("broken", template: server.url("/echo?status=404&") + Self.query),
                .tag("main", tier: 1, template: tag + "?" + Self.query),
            ], context: Self.context(), deadline: .now + .seconds(10))
        #expect(result.report.map(\.outcome) == [.error, .won])
        #expect(leaks(texts(result.report)).isEmpty, "\(leaks(texts(result.report)))")
        #expect(result.report[source: "broken"]?.url == server.url("/echo?status=404&") + Self.redactedQuery)
        #expect(result.report[source: "broken"]?.message.contains(Self.redactedQuery) == true)
        #expect(result.report[source: "main"]?.hops.first?.url == tag + "?" + Self.redactedQuery)
        #expect(result.winner?.resolution.hops.first?.url == tag + "?" + Self.redactedQuery)
    }

    @Test func theAdsToPlayKeepTheirURLsAsTheyCame() async throws {
        // A server that echoes the IFA into the ad's impression URL: that URL is the player's to fire.
        let body = MediationDocuments.inLine("echo").replacingOccurrences(
            of: "</AdTitle>", with: "</AdTitle><Impression>https://127.0.0.1/imp?ifa=\(Self.ifa)</Impression>")
        try server.register("echo", body: body)
        let mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: DiscardingBeaconSink()))
        let result = await mediator.run(
            sources: [.tag("echo", template: server.docURL("echo") + "?ifa=[IFA]")],
            context: Self.context(), deadline: .now + .seconds(10))
        let impressions = try #require(result.winner?.ads.first?.impressions.map(\.url))
        #expect(impressions.contains("https://127.0.0.1/imp?ifa=\(Self.ifa)"))
        #expect(result.report.first?.url == server.docURL("echo") + "?ifa=[redacted:IFA]")
    }

    @Test func aPodAdThatFailedSaysWhyWithoutTheCallsIdentifiers() async throws {
        // The pod's second ad is a Wrapper whose tag, expanded with the IFA, answers 404: the winner's
        // resolution names that URL in the failed ad's message.
        let pod = ChainDocuments.vast(
            ChainDocuments.inLineAd(hop: 0, id: "first", sequence: 1),
            ChainDocuments.wrapperAd(
                hop: 0, id: "second", sequence: 2, next: server.url("/echo?status=404&") + Self.query))
        try server.register("pod", body: pod)
        let mediator = Mediator(resolver: WrapperResolver(client: client, errorSink: DiscardingBeaconSink()))
        let result = await mediator.run(
            sources: [.tag("pod", template: server.docURL("pod"))], context: Self.context(),
            deadline: .now + .seconds(10))
        let failed = try #require(result.winner?.resolution.failedAds.first)
        #expect(failed.failure.message.contains(server.url("/echo?status=404&") + Self.redactedQuery))
        #expect(leaks([failed.failure.message]).isEmpty, "\(failed.failure.message)")
    }

    private func engine(
        privateMacros: Set<VASTMacro> = [], redacts: Bool = true,
        sources: [PlacementSourceSettings]
    ) throws -> AdEngine {
        try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    placements: [.storiesBetweenPages: PlacementSettings(enabled: true, sources: sources)],
                    privateMacros: privateMacros),
                beaconStorePath: folder.appendingPathComponent("beacons-\(UUID().uuidString).sqlite").path,
                redactsPrivateValues: redacts))
    }

    private func request() -> AdRequestInfo {
        AdRequestInfo(
            placement: .storiesBetweenPages, itemId: "story-8472",
            consent: AdConsent(gdprApplies: true, gdprConsent: Self.consent, gppString: Self.gpp),
            device: DeviceInfo(ifa: Self.ifa, userAgent: Self.userAgent))
    }

    private func failure(_ engine: AdEngine) async -> AdEngineError? {
        do {
            _ = try await engine.getAd(for: request())
            return nil
        } catch {
            return error
        }
    }

    private func broken(_ query: String) -> PlacementSourceSettings {
        PlacementSourceSettings(
            name: "broken", kind: .tag(urlTemplate: server.url("/echo?status=404&") + query),
            timeoutMilliseconds: 2_000)
    }

    @Test func anEngineErrorsReportHidesTheRequestsValuesByDefault() async throws {
        let error = try #require(await failure(try engine(sources: [broken(Self.query)])))
        #expect(error.code == .allSourcesFailed)
        let report = try #require(error.report)
        #expect(leaks(texts(report) + [error.message]).isEmpty)
        #expect(report.first?.url == server.url("/echo?status=404&") + Self.redactedQuery)
    }

    @Test func anEngineBuiltNotToRedactShowsThem() async throws {
        let error = try #require(await failure(try engine(redacts: false, sources: [broken(Self.query)])))
        #expect(
            error.report?.first?.url
                == server.url(
                    "/echo?status=404&ifa=\(Self.ifa)&gdpr=\(Self.consent)&gpp=\(Self.gpp)"
                        + "&ua=Mozilla%2F5.0%20%28iPhone%3B%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X%29"))
    }

    @Test func theTenantsPrivateMacrosAreHiddenToo() async throws {
        let plain = try #require(await failure(try engine(sources: [broken("item=[CONTENTID]")])))
        #expect(plain.report?.first?.url == server.url("/echo?status=404&item=story-8472"))
        let settings = try TenantSettings(json: #"{"privateMacros": ["CONTENTID"], "placements": {}}"#)
        #expect(settings.privateMacros == [.contentID])
        let hidden = try #require(
            await failure(
                try engine(
                    privateMacros: settings.privateMacros,
                    sources: [broken("item=[CONTENTID]")])))
        #expect(hidden.report?.first?.url == server.url("/echo?status=404&item=[redacted:CONTENTID]"))
    }

    @Test func aPrivateMacroThatIsNotAnIABNameIsASettingsError() {
        do {
            _ = try TenantSettings(json: #"{"privateMacros": ["CONTENTID", "contentid"], "placements": {}}"#)
            Issue.record("a lowercase name was accepted")
        } catch {
            #expect(error.issues.map(\.field) == ["privateMacros[1]"])
        }
    }
}

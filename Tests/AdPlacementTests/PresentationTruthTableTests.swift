import AdPlacement
import Foundation
import Testing

/// Two presentations open at once: every placement x every pair of opt-ins x every tenant setting, for a
/// Clips presentation beside another Clips presentation and beside a Stories one. Each presentation's
/// decision must follow its own opt-in alone and name that presentation.
@Suite struct PresentationTruthTableTests {
    enum Tenant: String, CaseIterable, Sendable { case enabled, disabled, missing }

    enum OptIn: String, CaseIterable, Sendable {
        case none, both, preRollOnly, bottomBannerOnly, neither

        var configuration: ClipsAdConfiguration? {
            switch self {
            case .none: nil
            case .both: ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)
            case .preRollOnly: ClipsAdConfiguration(preRollEnabled: true)
            case .bottomBannerOnly: ClipsAdConfiguration(bottomBannerEnabled: true)
            case .neither: ClipsAdConfiguration()
            }
        }
    }

    typealias R = PlacementDecision.Reason

    /// Written from the rules (DESIGN.md, the issue), not from the code: a placement of the other product
    /// than the presentation is refused first, whatever the tenant says; then the tenant decides (no
    /// entry, then turned off); then the pre-roll and the bottom banner need the presentation's own local
    /// switch, no configuration at all being its own reason; between items and between pages follow the
    /// tenant alone. Nothing about the other open presentation enters.
    static func expected(_ placement: Placement, in kind: AdProduct, tenant: Tenant, optIn: OptIn) -> R {
        let product: AdProduct = placement == .storiesBetweenPages ? .stories : .clips
        if product != kind { return .wrongProduct }
        switch tenant {
        case .missing: return .placementNotConfigured
        case .disabled: return .tenantDisabled
        case .enabled: break
        }
        switch (placement, optIn) {
        case (.clipsPreRoll, .none), (.clipsBottomBanner, .none): return .noPresentationConfiguration
        case (.clipsPreRoll, .both), (.clipsPreRoll, .preRollOnly): return .allowed
        case (.clipsPreRoll, _): return .notOptedIn
        case (.clipsBottomBanner, .both), (.clipsBottomBanner, .bottomBannerOnly): return .allowed
        case (.clipsBottomBanner, _): return .notOptedIn
        default: return .allowed
        }
    }

    /// The message each reason carries here (after `placement: `).
    static func message(_ reason: R, _ placement: Placement, in kind: AdProduct) -> String {
        switch reason {
        case .allowed: "allowed"
        case .wrongProduct:
            "a \(placement == .storiesBetweenPages ? "stories" : "clips") placement, asked in a \(kind.rawValue) "
                + "presentation"
        case .placementNotConfigured: "the tenant settings have no entry for this placement"
        case .tenantDisabled: "turned off in the tenant settings"
        case .noPresentationConfiguration: "the presentation gave no ClipsAdConfiguration, so it is not opted in"
        case .notOptedIn: "the presentation's ClipsAdConfiguration leaves this placement off"
        default: "?"
        }
    }

    struct Cell: Sendable, CustomTestStringConvertible {
        var placement: Placement
        var tenant: Tenant
        var first: OptIn
        var second: OptIn
        var secondKind: AdProduct
        var testDescription: String {
            "\(placement) tenant=\(tenant) A(clips)=\(first) B(\(secondKind.rawValue))=\(second)"
        }
    }

    static let cells: [Cell] = Placement.known.flatMap { placement in
        Tenant.allCases.flatMap { tenant in
            OptIn.allCases.flatMap { first in
                OptIn.allCases.flatMap { second in
                    [AdProduct.clips, .stories].map {
                        Cell(placement: placement, tenant: tenant, first: first, second: second, secondKind: $0)
                    }
                }
            }
        }
    }

    static let source = PlacementSourceSettings(name: "house", kind: .document("<VAST/>"), timeoutMilliseconds: 1000)
    static let a = PresentationHandle(id: "A")
    static let b = PresentationHandle(id: "B")

    static func settings(_ tenant: Tenant, for placement: Placement) -> TenantSettings {
        var placements = Dictionary(
            uniqueKeysWithValues: Placement.known.map { ($0, PlacementSettings(enabled: true, sources: [source])) })
        switch tenant {
        case .enabled: break
        case .disabled: placements[placement] = PlacementSettings(enabled: false, sources: [source])
        case .missing: placements[placement] = nil
        }
        return TenantSettings(tenantId: "t", placements: placements)
    }

    @Test func tableCoversEveryCell() {
        #expect(Self.cells.count == 4 * 3 * 5 * 5 * 2)
    }

    @Test(arguments: cells)
    func eachPresentationIsDecidedByItsOwnOptIn(_ cell: Cell) throws {
        var policy = PlacementPolicy(settings: Self.settings(cell.tenant, for: cell.placement))
        try policy.presentationOpened(
            Self.a, kind: .clips, collectionId: "home", configuration: cell.first.configuration)
        // B opens last: a policy that kept one opt-in would now decide A with B's.
        try policy.presentationOpened(
            Self.b, kind: cell.secondKind, collectionId: "search", configuration: cell.second.configuration)
        let now = Date(timeIntervalSince1970: 0)

        for (handle, kind, optIn) in [(Self.a, AdProduct.clips, cell.first), (Self.b, cell.secondKind, cell.second)] {
            let reason = Self.expected(cell.placement, in: kind, tenant: cell.tenant, optIn: optIn)
            let decision = try policy.decide(
                request: AdRequestInfo(placement: cell.placement, collectionId: "c", itemId: "i"), in: handle, now: now)
            #expect(
                decision
                    == PlacementDecision(
                        placement: cell.placement, reason: reason,
                        message: "\(cell.placement): \(Self.message(reason, cell.placement, in: kind))",
                        sources: reason == .allowed ? [Self.source] : [], presentation: handle),
                "presentation \(handle)")
        }
    }

    @Test func theDefaultPresentationKeepsTheSinglePresentationAnswersBesideOpenOnes() throws {
        var policy = PlacementPolicy(settings: Self.settings(.enabled, for: .clipsPreRoll))
        try policy.presentationOpened(Self.a, kind: .clips, configuration: OptIn.both.configuration)
        let decision = policy.decide(.clipsPreRoll, presentation: nil, now: Date(timeIntervalSince1970: 0))
        #expect(decision.reason == .noPresentationConfiguration)
        #expect(decision.presentation == nil)
        #expect(
            try policy.decide(.clipsPreRoll, in: .default, now: Date(timeIntervalSince1970: 0)).reason
                == .noPresentationConfiguration)
        #expect(try policy.decide(.clipsPreRoll, in: Self.a, now: Date(timeIntervalSince1970: 0)).reason == .allowed)
    }

    @Test func aHandleThatIsNotOpenIsAnErrorNotAnotherPresentationsDecision() throws {
        var policy = PlacementPolicy(settings: Self.settings(.enabled, for: .clipsPreRoll))
        try policy.presentationOpened(Self.a, kind: .clips, configuration: OptIn.both.configuration)
        #expect(throws: PresentationError.notOpen(Self.b)) {
            try policy.decide(.clipsPreRoll, in: Self.b, now: Date(timeIntervalSince1970: 0))
        }
        try policy.presentationClosed(Self.a)
        #expect(throws: PresentationError.notOpen(Self.a)) {
            try policy.decide(.clipsPreRoll, in: Self.a, now: Date(timeIntervalSince1970: 0))
        }
        #expect(policy.state.openPresentations == [.default])
    }
}

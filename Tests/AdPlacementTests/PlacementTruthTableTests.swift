import AdPlacement
import Foundation
import Testing

/// Every combination of tenant setting x presentation opt-in x placement, against a grid written by hand.
@Suite struct PlacementTruthTableTests {
    enum Tenant: String, CaseIterable, Sendable { case enabled, disabled, missing }

    enum Presentation: String, CaseIterable, Sendable {
        case none, both, preRollOnly, bottomBannerOnly, neither

        var configuration: ClipsAdConfiguration? {
            switch self {
            case .none: nil
            case .both: ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)
            case .preRollOnly: ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: false)
            case .bottomBannerOnly: ClipsAdConfiguration(preRollEnabled: false, bottomBannerEnabled: true)
            case .neither: ClipsAdConfiguration(preRollEnabled: false, bottomBannerEnabled: false)
            }
        }
    }

    typealias R = PlacementDecision.Reason

    /// The expected reason per placement and tenant setting, one column per presentation in the order
    /// `none, both, preRollOnly, bottomBannerOnly, neither`. Written from the rules, not from the code:
    /// the tenant decides first; the pre-roll and the bottom banner then need their own local switch
    /// (no configuration at all is its own reason); between items and between pages follow the tenant alone.
    static let grid: [Placement: [Tenant: [R]]] = [
        .clipsPreRoll: [
            .enabled: [.noPresentationConfiguration, .allowed, .allowed, .notOptedIn, .notOptedIn],
            .disabled: [.tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled],
            .missing: [
                .placementNotConfigured, .placementNotConfigured, .placementNotConfigured,
                .placementNotConfigured, .placementNotConfigured,
            ],
        ],
        .clipsBottomBanner: [
            .enabled: [.noPresentationConfiguration, .allowed, .notOptedIn, .allowed, .notOptedIn],
            .disabled: [.tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled],
            .missing: [
                .placementNotConfigured, .placementNotConfigured, .placementNotConfigured,
                .placementNotConfigured, .placementNotConfigured,
            ],
        ],
        .clipsBetweenItems: [
            .enabled: [.allowed, .allowed, .allowed, .allowed, .allowed],
            .disabled: [.tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled],
            .missing: [
                .placementNotConfigured, .placementNotConfigured, .placementNotConfigured,
                .placementNotConfigured, .placementNotConfigured,
            ],
        ],
        .storiesBetweenPages: [
            .enabled: [.allowed, .allowed, .allowed, .allowed, .allowed],
            .disabled: [.tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled, .tenantDisabled],
            .missing: [
                .placementNotConfigured, .placementNotConfigured, .placementNotConfigured,
                .placementNotConfigured, .placementNotConfigured,
            ],
        ],
    ]

    /// The message each reason carries in these cells (after `placement: `).
    static let messages: [R: String] = [
        .allowed: "allowed",
        .placementNotConfigured: "the tenant settings have no entry for this placement",
        .tenantDisabled: "turned off in the tenant settings",
        .noPresentationConfiguration: "the presentation gave no ClipsAdConfiguration, so it is not opted in",
        .notOptedIn: "the presentation's ClipsAdConfiguration leaves this placement off",
    ]

    struct Cell: Sendable, CustomTestStringConvertible {
        var placement: Placement
        var tenant: Tenant
        var presentation: Presentation
        var testDescription: String { "\(placement) tenant=\(tenant) presentation=\(presentation)" }
    }

    static let cells: [Cell] = Placement.known.flatMap { placement in
        Tenant.allCases.flatMap { tenant in
            Presentation.allCases.map { Cell(placement: placement, tenant: tenant, presentation: $0) }
        }
    }

    static let source = PlacementSourceSettings(name: "house", kind: .document("<VAST/>"), timeoutMilliseconds: 1000)

    static func settings(_ tenant: Tenant, for placement: Placement) -> TenantSettings {
        // The other placements are all enabled, so a cell can only be decided by its own entry.
        var placements = Dictionary(
            uniqueKeysWithValues: Placement.known.map {
                ($0, PlacementSettings(enabled: true, sources: [source]))
            })
        switch tenant {
        case .enabled: break
        case .disabled: placements[placement] = PlacementSettings(enabled: false, sources: [source])
        case .missing: placements[placement] = nil
        }
        return TenantSettings(tenantId: "t", placements: placements)
    }

    @Test func tableCoversEveryCell() {
        #expect(Self.cells.count == 4 * 3 * 5)
        #expect(Set(Self.grid.keys) == Set(Placement.known))
    }

    @Test(arguments: cells)
    func decisionMatchesTheRuleTable(_ cell: Cell) throws {
        let settings = Self.settings(cell.tenant, for: cell.placement)
        try settings.validate()
        let policy = PlacementPolicy(settings: settings)
        let column = try #require(Presentation.allCases.firstIndex(of: cell.presentation))
        let expected = try #require(Self.grid[cell.placement]?[cell.tenant]?[column])
        let request = AdRequestInfo(placement: cell.placement, collectionId: "c", itemId: "i")

        let decision = policy.decide(
            request: request, presentation: cell.presentation.configuration, now: Date(timeIntervalSince1970: 0))

        #expect(
            decision
                == PlacementDecision(
                    placement: cell.placement, reason: expected,
                    message: "\(cell.placement): \(Self.messages[expected] ?? "?")",
                    sources: expected == .allowed ? [Self.source] : []))
        #expect(decision.allowed == (expected == .allowed))
    }

    @Test func unknownPlacementIsRefusedBeforeTheTenantIsConsulted() {
        let policy = PlacementPolicy(settings: Self.settings(.enabled, for: .clipsPreRoll))
        let decision = policy.decide(
            Placement(rawValue: "clipsMidRoll"), presentation: nil, now: Date(timeIntervalSince1970: 0))
        #expect(
            decision
                == PlacementDecision(
                    placement: Placement(rawValue: "clipsMidRoll"), reason: .placementUnknown,
                    message: "clipsMidRoll: not a placement this SDK knows"))
    }
}

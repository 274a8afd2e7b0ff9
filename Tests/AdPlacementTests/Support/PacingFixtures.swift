import AdPlacement
import Foundation

/// What the pacing suites share: a tenant with every known placement enabled from one house source, with
/// the caps a test gives, and time as seconds from a fixed origin.
enum PacingFixtures {
    static let source = PlacementSourceSettings(name: "house", kind: .document("<VAST/>"), timeoutMilliseconds: 1000)

    static func policy(_ caps: [Placement: PlacementCaps]) -> PlacementPolicy {
        let placements = Dictionary(
            uniqueKeysWithValues: Placement.known.map {
                ($0, PlacementSettings(enabled: true, sources: [source], caps: caps[$0] ?? PlacementCaps()))
            })
        return PlacementPolicy(settings: TenantSettings(placements: placements))
    }

    static func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
}

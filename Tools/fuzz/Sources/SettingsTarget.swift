import AdPlacement
import Foundation

/// Tenant settings, request and presentation JSON as the CLI's `getad` and the app read them, then the
/// placement policy over a short session.
///
/// Input: byte 0 drives the session (bit 0..3: items viewed, bit 4: an ad shown, bit 5: a clock set
/// back), then up to three parts separated by ``FuzzInput/separator``: settings, request, presentation.
/// Settings either decode (and survive an encode-decode round trip unchanged) or fail with issues that
/// each name a field; a request that fails to decode names its field too when the failure is a value's.
enum SettingsTarget {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let session = input.byte()
        let parts = input.parts(limit: 3)
        let settings = decodeSettings(Data(parts[0]))
        let request = parts.count > 1 ? decodeRequest(Data(parts[1])) : nil
        let presentation =
            parts.count > 2 ? try? JSONDecoder().decode(ClipsAdConfiguration.self, from: Data(parts[2])) : nil
        guard let settings else { return }
        var policy = PlacementPolicy(settings: settings)
        policy.sessionStarted()
        policy.presentationStarted()
        for _ in 0..<(session & 0x0F) { policy.itemViewed() }
        let placements = Placement.known + (request.map { [$0.placement] } ?? [])
        for placement in placements {
            var decision = policy.decide(placement, presentation: presentation, now: now)
            checkDecision(decision, settings: settings, presentation: presentation)
            if decision.allowed, session & 0x10 != 0 {
                policy.adShown(placement: placement, at: now)
                let later = session & 0x20 != 0 ? now.addingTimeInterval(-86_400) : now.addingTimeInterval(1)
                decision = policy.decide(placement, presentation: presentation, now: later)
                checkDecision(decision, settings: settings, presentation: presentation)
            }
        }
    }

    private static func decodeSettings(_ data: Data) -> TenantSettings? {
        do {
            let settings = try TenantSettings(json: data)
            let encoded: Data
            do {
                encoded = try JSONEncoder().encode(settings)
            } catch {
                Invariant.fail("decoded settings do not encode: \(error)")
            }
            do {
                let again = try TenantSettings(json: encoded)
                Invariant.check(again == settings, "settings changed in an encode-decode round trip")
            } catch {
                Invariant.fail("encoded settings do not decode: \(error)")
            }
            return settings
        } catch {
            Invariant.check(!error.issues.isEmpty, "a settings error with no issue")
            for issue in error.issues {
                Invariant.check(
                    !issue.field.isEmpty && !issue.problem.isEmpty, "a settings issue naming no field: \(issue)")
            }
            return nil
        }
    }

    private static func decodeRequest(_ data: Data) -> AdRequestInfo? {
        do {
            let request = try JSONDecoder().decode(AdRequestInfo.self, from: data)
            if let size = request.playerSize {
                Invariant.check(size.isWithinBounds, "a decoded player size \(size) out of bounds")
            }
            return request
        } catch let error as AdRequestError {
            Invariant.check(!error.field.isEmpty && !error.problem.isEmpty, "a request error naming no field: \(error)")
            return nil
        } catch {
            Invariant.sink(String(describing: error).utf8.count)
            return nil
        }
    }

    /// Allowed only when the tenant enabled the placement and, for the Clips slots that need it, the
    /// presentation opted in.
    private static func checkDecision(
        _ decision: PlacementDecision, settings: TenantSettings, presentation: ClipsAdConfiguration?
    ) {
        Invariant.check(!decision.message.isEmpty, "a decision without a message")
        guard decision.allowed else {
            Invariant.check(decision.sources.isEmpty, "a refusal carrying sources")
            return
        }
        let placement = decision.placement
        Invariant.check(settings.placements[placement]?.enabled == true, "\(placement) allowed but not enabled")
        if placement == .clipsPreRoll {
            Invariant.check(presentation?.preRollEnabled == true, "pre-roll allowed without opt-in")
        }
        if placement == .clipsBottomBanner {
            Invariant.check(presentation?.bottomBannerEnabled == true, "bottom banner allowed without opt-in")
        }
    }
}

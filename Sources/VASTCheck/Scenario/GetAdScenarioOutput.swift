import AdEngine
import AdPlacement
import FoundationEssentials
import VAST

/// A scenario run for people and for JSON: one entry per step, in order, then a summary.
///
/// Timings are left out (each source's milliseconds), so the same scenario prints the same text on
/// every run; the scenario clock's seconds stand in for time.
struct GetAdScenarioOutput {
    let outcomes: [GetAdScenarioRun.Outcome]

    /// Request steps.
    var requests: Int { outcomes.filter { $0.result != nil }.count }
    /// Request steps that returned an ad.
    var ads: Int { outcomes.filter { $0.result?.ad != nil }.count }
    /// Request steps whose decision refused the placement.
    var declined: Int { outcomes.filter { $0.result?.decision.map { !$0.allowed } ?? false }.count }
    /// Steps the engine refused (a presentation not open, or already open): the run's failures.
    var refusedSteps: Int { outcomes.filter(\.refused).count }

    /// `{"steps":[{"step","action","presentation"?,"at", ...}],"summary":{"requests","ads","declined","refusedSteps"}}`
    var json: JSON {
        .object([
            ("steps", .array(outcomes.map(Self.json))),
            (
                "summary",
                .object([
                    ("requests", .int(requests)), ("ads", .int(ads)), ("declined", .int(declined)),
                    ("refusedSteps", .int(refusedSteps)),
                ])
            ),
        ])
    }

    var human: String {
        var text = ""
        for outcome in outcomes {
            text += "[\(outcome.index + 1)] at \(Self.seconds(outcome.at)) s  \(Self.describe(outcome.step))\n"
            if let refusal = outcome.refusal { text += "  refused: \(refusal.message)\n" }
            if let result = outcome.result {
                for line in result.human(timings: false).split(separator: "\n") { text += "  \(line)\n" }
                if outcome.shown { text += "  shown: the impression was logged\n" }
            }
        }
        text +=
            "summary: \(Self.count(requests, "request")), \(Self.count(ads, "ad")), \(declined) declined by the "
            + "policy, \(Self.count(refusedSteps, "step")) refused\n"
        return text
    }

    private static func json(_ outcome: GetAdScenarioRun.Outcome) -> JSON {
        var members: [(String, JSON)] = [("step", .int(outcome.index + 1)), ("action", .string(action(outcome.step)))]
        if let handle = outcome.step.presentation { members.append(("presentation", .string(handle.id))) }
        members.append(("at", .int(Int(outcome.at))))
        switch outcome.step {
        case .open(_, let kind, let collectionId, let configuration):
            members.append(("kind", .string(kind.rawValue)))
            members.append(("collectionId", collectionId.map { .string($0) } ?? .null))
            members.append(("configuration", configurationJSON(configuration)))
        case .itemsViewed(_, let count):
            members.append(("count", .int(count)))
        case .request(_, let placement, let itemId, let maxHeight, _):
            members.append(("placement", .string(placement.rawValue)))
            if let itemId { members.append(("itemId", .string(itemId))) }
            if let maxHeight { members.append(("maxHeight", heightJSON(maxHeight))) }
        case .wait(let seconds):
            members.append(("seconds", .int(seconds)))
        case .configure(_, let configuration):
            members.append(("configuration", configurationJSON(configuration)))
        case .reload, .close:
            break
        }
        if let result = outcome.result {
            if case .object(let fields) = result.json(timings: false) { members += fields }
            members.append(("shown", .bool(outcome.shown)))
        }
        if let refusal = outcome.refusal {
            members.append(
                ("error", .object([("kind", .string("presentationRefused")), ("message", .string(refusal.message))])))
        }
        return .object(members)
    }

    private static func configurationJSON(_ configuration: ClipsAdConfiguration?) -> JSON {
        guard let configuration else { return .null }
        return .object([
            ("preRollEnabled", .bool(configuration.preRollEnabled)),
            ("bottomBannerEnabled", .bool(configuration.bottomBannerEnabled)),
        ])
    }

    private static func action(_ step: GetAdScenario.Step) -> String {
        switch step {
        case .open: "open"
        case .itemsViewed: "itemsViewed"
        case .request: "request"
        case .wait: "wait"
        case .reload: "reload"
        case .configure: "configure"
        case .close: "close"
        }
    }

    private static func describe(_ step: GetAdScenario.Step) -> String {
        switch step {
        case .open(let handle, let kind, let collectionId, let configuration):
            "open \(handle) (\(kind.rawValue)\(collectionId.map { ", collection \($0)" } ?? "")): "
                + optIn(configuration)
        case .itemsViewed(let handle, let count): "\(count) \(count == 1 ? "item" : "items") viewed in \(handle)"
        case .request(let handle, let placement, _, let maxHeight, _):
            "\(handle) asks for \(placement)" + (maxHeight.map { " (banner at most \(height($0)) high)" } ?? "")
        case .wait(let seconds): "wait \(seconds) s"
        case .reload(let handle): "reload \(handle)"
        case .configure(let handle, let configuration): "configure \(handle): " + optIn(configuration)
        case .close(let handle): "close \(handle)"
        }
    }

    private static func optIn(_ configuration: ClipsAdConfiguration?) -> String {
        guard let configuration else { return "no ClipsAdConfiguration (not opted in to pre-roll or banner)" }
        let on = [
            configuration.preRollEnabled ? "preRoll" : nil, configuration.bottomBannerEnabled ? "bottomBanner" : nil,
        ].compactMap { $0 }
        return on.isEmpty ? "opted in to neither pre-roll nor banner" : "opted in to " + on.joined(separator: " and ")
    }

    /// A height as the scenario gave it: a whole number, or, with a fraction, a string (`"50.5"`), as this
    /// JSON writes every number that is not whole (prices, times).
    private static func heightJSON(_ value: Double) -> JSON {
        value.rounded() == value ? .int(Int(value)) : .string(String(value))
    }

    /// `50`, `50.5`.
    private static func height(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    /// `1 ad`, `2 ads`.
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Scenario seconds: whole, as every wait is.
    private static func seconds(_ value: Double) -> String { String(Int(value)) }
}

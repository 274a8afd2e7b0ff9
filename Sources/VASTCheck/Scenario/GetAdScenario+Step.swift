import AdPlacement
import FoundationEssentials

/// Decodes one step object: its action member, the members that action allows, and every bound.
struct StepDecoding: Decodable {
    let step: GetAdScenario.Step

    /// The members each action allows besides itself.
    private static let allowed: [String: Set<String>] = [
        "open": ["kind", "collectionId", "configuration"],
        "itemsViewed": ["count"],
        "request": ["placement", "itemId", "maxHeight", "show"],
        "wait": [],
        "reload": [],
        "configure": ["configuration"],
        "close": [],
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ScenarioKey.self)
        let actions = container.allKeys.filter { Self.allowed[$0.stringValue] != nil }.map(\.stringValue).sorted()
        guard actions.count == 1, let action = actions.first, let allowed = Self.allowed[action] else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: actions.isEmpty
                        ? "a step needs one of open, itemsViewed, request, wait, reload, configure, close"
                        : "a step has one action, not \(actions.joined(separator: " and "))"))
        }
        if let unknown = container.allKeys.first(where: {
            $0.stringValue != action && !allowed.contains($0.stringValue)
        }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container, debugDescription: "not a known field of a \(action) step")
        }
        let path = Self.path(decoder.codingPath)
        func key(_ name: String) -> ScenarioKey { ScenarioKey(name) }
        func handle() throws -> PresentationHandle {
            let name = try container.decode(String.self, forKey: key(action))
            guard PresentationHandle.isValidId(name) else {
                throw GetAdScenarioError.tooLarge(
                    "\(path).\(action) must be 1 to \(PresentationHandle.maximumIdLength) letters, digits, '-', '_' "
                        + "or '.'")
            }
            return PresentationHandle(id: name)
        }
        func id(_ name: String) throws -> String? {
            guard let value = try container.decodeIfPresent(String.self, forKey: key(name)) else { return nil }
            guard value.utf8.count <= GetAdScenario.maximumIdLength else {
                throw GetAdScenarioError.tooLarge(
                    "\(path).\(name) is longer than \(GetAdScenario.maximumIdLength) bytes")
            }
            return value
        }
        func whole(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key(name)) else { return nil }
            guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound)
            else {
                throw GetAdScenarioError.tooLarge(
                    "\(path).\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return Int(value)
        }
        /// A banner height in points: whole or not, from 1 to 10,000.
        func points(_ name: String) throws -> Double? {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key(name)) else { return nil }
            guard value >= 1, value <= 10_000 else {
                throw GetAdScenarioError.tooLarge("\(path).\(name) must be a number of points from 1 to 10000")
            }
            return value
        }
        switch action {
        case "open":
            let kind = try container.decode(AdProduct.self, forKey: key("kind"))
            step = .open(
                try handle(), kind: kind, collectionId: try id("collectionId"),
                configuration: try container.decodeIfPresent(ClipsAdConfiguration.self, forKey: key("configuration")))
        case "itemsViewed":
            step = .itemsViewed(
                try handle(), count: try whole("count", 1...GetAdScenario.maximumItemsPerStep) ?? 1)
        case "request":
            step = .request(
                try handle(), placement: try container.decode(Placement.self, forKey: key("placement")),
                itemId: try id("itemId"), maxHeight: try points("maxHeight"),
                show: try container.decodeIfPresent(Bool.self, forKey: key("show")) ?? false)
        case "wait":
            step = .wait(seconds: try whole("wait", 0...GetAdScenario.maximumWaitSeconds) ?? 0)
        case "reload":
            step = .reload(try handle())
        case "configure":
            step = .configure(
                try handle(),
                configuration: try container.decodeIfPresent(ClipsAdConfiguration.self, forKey: key("configuration")))
        default:
            step = .close(try handle())
        }
    }

    /// `steps[3]` for a coding path.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}

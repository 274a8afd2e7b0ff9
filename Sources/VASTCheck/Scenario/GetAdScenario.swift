import AdPlacement
import FoundationEssentials

/// A `vastcheck getad --scenario FILE` run: several presentations opened, viewed and asked for ads in one
/// engine, in order, so ad-ops can see why one player shows ads and another does not.
///
/// ```json
/// {"steps": [
///   {"open": "A", "kind": "clips", "collectionId": "clips-home", "configuration": {"bottomBannerEnabled": true}},
///   {"open": "B", "kind": "clips", "configuration": {"preRollEnabled": true}},
///   {"request": "B", "placement": "clipsPreRoll", "show": true},
///   {"itemsViewed": "A", "count": 3},
///   {"request": "A", "placement": "clipsBottomBanner", "maxHeight": 50},
///   {"wait": 30},
///   {"reload": "B"}, {"configure": "A", "configuration": null}, {"close": "B"}
/// ]}
/// ```
///
/// Each step is one object with one action member (`open`, `itemsViewed`, `request`, `wait`, `reload`,
/// `configure`, `close`) whose value names the presentation (or, for `wait`, the seconds). Decoded with
/// Foundation's JSON decoder like getad's other files; a wrong shape or an unknown member is an invalid
/// file (exit 2, the message names the field), a value past a bound is a usage error (exit 64,
/// ``GetAdScenarioError``).
struct GetAdScenario: Sendable, Decodable {
    /// At most this many steps in one scenario.
    static let maximumSteps = 1_000
    /// At most this many distinct presentation names in one scenario.
    static let maximumPresentations = 16
    /// The longest collection or item id a step may give.
    static let maximumIdLength = 256
    /// The most items one `itemsViewed` step may count.
    static let maximumItemsPerStep = 10_000
    /// The longest `wait`, in whole seconds (a day, the longest minimum interval a tenant may set).
    static let maximumWaitSeconds = 86_400

    /// One input or request, in the order the file gives them.
    enum Step: Sendable, Hashable {
        /// A player came on screen.
        case open(PresentationHandle, kind: AdProduct, collectionId: String?, configuration: ClipsAdConfiguration?)
        /// `count` items were viewed in the presentation.
        case itemsViewed(PresentationHandle, count: Int)
        /// The presentation asks for an ad; with `maxHeight` (points), a bottom banner. With `show`, the ad's
        /// impression is logged when one is returned, so it counts toward the caps.
        case request(PresentationHandle, placement: Placement, itemId: String?, maxHeight: Double?, show: Bool)
        /// The clock moves on by this many whole seconds.
        case wait(seconds: Int)
        /// The player went back to its initial state.
        case reload(PresentationHandle)
        /// The player was given a new ad configuration.
        case configure(PresentationHandle, configuration: ClipsAdConfiguration?)
        /// The player left the screen.
        case close(PresentationHandle)
    }

    let steps: [Step]

    private enum CodingKeys: String, CodingKey { case steps }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ScenarioKey.self)
        if let unknown = container.allKeys.first(where: { $0.stringValue != "steps" }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container, debugDescription: "not a known field (a scenario has only steps)")
        }
        var list = try container.nestedUnkeyedContainer(forKey: ScenarioKey("steps"))
        var steps: [Step] = []
        var names: Set<PresentationHandle> = []
        while !list.isAtEnd {
            guard steps.count < Self.maximumSteps else {
                throw GetAdScenarioError.tooLarge("steps has more than \(Self.maximumSteps) steps")
            }
            let step = try list.decode(StepDecoding.self).step
            if let handle = step.presentation, names.insert(handle).inserted, names.count > Self.maximumPresentations {
                throw GetAdScenarioError.tooLarge(
                    "steps[\(steps.count)] names a presentation past the \(Self.maximumPresentations) "
                        + "a scenario may use")
            }
            steps.append(step)
        }
        self.steps = steps
    }
}

extension GetAdScenario.Step {
    /// The presentation the step names, if any.
    var presentation: PresentationHandle? {
        switch self {
        case .open(let handle, _, _, _), .itemsViewed(let handle, _), .request(let handle, _, _, _, _),
            .reload(let handle), .configure(let handle, _), .close(let handle):
            handle
        case .wait: nil
        }
    }
}

/// Any member name, so unknown members can be named in the error.
struct ScenarioKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

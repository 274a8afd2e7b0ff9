/// The user's privacy signals, passed to ad servers as they are.
///
/// Every value is optional: `nil` means the app has no signal, which is different from a signal that
/// says "no" (see `VASTMacroContext` on `-1` and `-2`).
public struct AdConsent: Sendable, Hashable, Codable {
    /// Whether GDPR applies to this user, when the app knows (fills `[REGULATIONS]` with `gdpr`).
    public var gdprApplies: Bool?
    /// The IAB TCF consent string (`[GDPRCONSENT]`).
    public var gdprConsent: String?
    /// The IAB GPP string (`[GPPSTRING]`).
    public var gppString: String?
    /// The GPP section ids that apply (`[GPPSECTIONID]`); decoded from JSON, each is -1 (the IAB's
    /// "not applicable") to 1,000.
    public var gppSectionIds: [Int]?
    /// The OS "limit ad tracking" setting (`[LIMITADTRACKING]`); when `true`, `[IFA]` is withheld.
    public var limitAdTracking: Bool?

    /// Creates consent signals; all absent by default.
    public init(
        gdprApplies: Bool? = nil, gdprConsent: String? = nil, gppString: String? = nil,
        gppSectionIds: [Int]? = nil, limitAdTracking: Bool? = nil
    ) {
        self.gdprApplies = gdprApplies
        self.gdprConsent = gdprConsent
        self.gppString = gppString
        self.gppSectionIds = gppSectionIds
        self.limitAdTracking = limitAdTracking
    }

    /// The range of a GPP section id in a request document.
    public static let gppSectionIdBounds: ClosedRange<Int> = -1...1_000

    private enum CodingKeys: String, CodingKey {
        case gdprApplies, gdprConsent, gppString, gppSectionIds, limitAdTracking
    }

    /// Decodes consent signals; every one may be omitted.
    /// - Throws: ``AdRequestError`` for a section id outside ``gppSectionIdBounds``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gdprApplies = try container.decodeIfPresent(Bool.self, forKey: .gdprApplies)
        gdprConsent = try container.decodeIfPresent(String.self, forKey: .gdprConsent)
        gppString = try container.decodeIfPresent(String.self, forKey: .gppString)
        limitAdTracking = try container.decodeIfPresent(Bool.self, forKey: .limitAdTracking)
        if let numbers = try container.decodeIfPresent([Double].self, forKey: .gppSectionIds) {
            var ids: [Int] = []
            for (index, number) in numbers.enumerated() {
                let path = container.codingPath + [CodingKeys.gppSectionIds, IndexKey(index)]
                ids.append(try AdRequestError.bounded(number, in: Self.gppSectionIdBounds, at: path))
            }
            gppSectionIds = ids
        } else {
            gppSectionIds = nil
        }
    }
}

/// An array position in a coding path, written `[i]` by ``TenantSettingsError/path(_:)``.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { nil }
}

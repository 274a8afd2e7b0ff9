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
    /// The GPP section ids that apply (`[GPPSECTIONID]`).
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
}

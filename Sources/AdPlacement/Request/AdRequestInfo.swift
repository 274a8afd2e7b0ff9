/// What the app knows when it asks for an ad: the slot, the content around it, consent, and the app and
/// device facts that fill the VAST macros.
///
/// One type serves Clips and Stories; ``placement`` says which (see ``Placement/product``). For Clips,
/// ``collectionId`` is the Clips collection and ``itemId`` the clip being watched; for Stories, the
/// category (row) of stories and the story. A plain value, decoded from JSON by the CLI: the shape is in
/// `Sources/AdPlacement/README.md`.
public struct AdRequestInfo: Sendable, Hashable, Codable {
    /// The slot asked for.
    public var placement: Placement
    /// The collection (Clips) or stories category (Stories) being shown.
    public var collectionId: String?
    /// The clip (Clips) or story (Stories) next to the slot.
    public var itemId: String?
    /// The content categories of the item, with the ids an ad server knows them by.
    public var categories: [AdCategory]
    /// Free key-values passed to ad servers as targeting (for example `team=reds`).
    public var context: [String: String]
    /// The user's consent and tracking choices.
    public var consent: AdConsent
    /// The app's facts.
    public var app: AppInfo?
    /// The device's facts.
    public var device: DeviceInfo?
    /// The size of the player or of the view the ad renders in, in points.
    public var playerSize: AdSize?

    /// Creates a request.
    public init(
        placement: Placement, collectionId: String? = nil, itemId: String? = nil, categories: [AdCategory] = [],
        context: [String: String] = [:], consent: AdConsent = AdConsent(), app: AppInfo? = nil,
        device: DeviceInfo? = nil, playerSize: AdSize? = nil
    ) {
        self.placement = placement
        self.collectionId = collectionId
        self.itemId = itemId
        self.categories = categories
        self.context = context
        self.consent = consent
        self.app = app
        self.device = device
        self.playerSize = playerSize
    }

    private enum CodingKeys: String, CodingKey {
        case placement, collectionId, itemId, categories, context, consent, app, device, playerSize
    }

    /// Decodes a request; `categories`, `context` and `consent` may be omitted (empty, no consent signals).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        placement = try container.decode(Placement.self, forKey: .placement)
        collectionId = try container.decodeIfPresent(String.self, forKey: .collectionId)
        itemId = try container.decodeIfPresent(String.self, forKey: .itemId)
        categories = try container.decodeIfPresent([AdCategory].self, forKey: .categories) ?? []
        context = try container.decodeIfPresent([String: String].self, forKey: .context) ?? [:]
        consent = try container.decodeIfPresent(AdConsent.self, forKey: .consent) ?? AdConsent()
        app = try container.decodeIfPresent(AppInfo.self, forKey: .app)
        device = try container.decodeIfPresent(DeviceInfo.self, forKey: .device)
        playerSize = try container.decodeIfPresent(AdSize.self, forKey: .playerSize)
    }
}

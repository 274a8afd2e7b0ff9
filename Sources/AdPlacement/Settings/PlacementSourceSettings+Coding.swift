extension PlacementSourceSettings {
    private static let commonKeys: Set<String> = ["name", "tier", "kind", "timeoutMs", "floor", "price"]

    /// Decodes a source: `kind` `tag` takes `url`, `kind` `document` takes `document`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SettingsKey.self)
        let kindName = try container.decode(String.self, forKey: SettingsKey("kind"))
        switch kindName {
        case "tag":
            try SettingsKey.rejectUnknownKeys(in: decoder, allowed: Self.commonKeys.union(["url"]))
            kind = .tag(urlTemplate: try container.decode(String.self, forKey: SettingsKey("url")))
        case "document":
            try SettingsKey.rejectUnknownKeys(in: decoder, allowed: Self.commonKeys.union(["document"]))
            kind = .document(try container.decode(String.self, forKey: SettingsKey("document")))
        default:
            throw TenantSettingsError(
                field: TenantSettingsError.path(decoder.codingPath + [SettingsKey("kind")]),
                problem: "must be \"tag\" or \"document\", not \"\(kindName)\"")
        }
        name = try container.decode(String.self, forKey: SettingsKey("name"))
        tier = try container.decodeWholeNumberIfPresent("tier") ?? 0
        timeoutMilliseconds = try container.decodeWholeNumber("timeoutMs")
        floor = try container.decodeIfPresent(Double.self, forKey: SettingsKey("floor"))
        price = try container.decodeIfPresent(Double.self, forKey: SettingsKey("price"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingsKey.self)
        try container.encode(name, forKey: SettingsKey("name"))
        try container.encode(tier, forKey: SettingsKey("tier"))
        switch kind {
        case .tag(let urlTemplate):
            try container.encode("tag", forKey: SettingsKey("kind"))
            try container.encode(urlTemplate, forKey: SettingsKey("url"))
        case .document(let text):
            try container.encode("document", forKey: SettingsKey("kind"))
            try container.encode(text, forKey: SettingsKey("document"))
        }
        try container.encode(timeoutMilliseconds, forKey: SettingsKey("timeoutMs"))
        try container.encodeIfPresent(floor, forKey: SettingsKey("floor"))
        try container.encodeIfPresent(price, forKey: SettingsKey("price"))
    }
}

public import FoundationEssentials
import VAST

extension TenantSettings: Codable {
    /// Decodes tenant settings from JSON and validates them.
    ///
    /// Prefer ``init(json:)-(String)``, which also turns decoding errors into ``TenantSettingsError``.
    /// - Throws: `DecodingError` for JSON of the wrong shape, ``TenantSettingsError`` for unknown fields
    ///   and values out of range.
    public init(from decoder: any Decoder) throws {
        try SettingsKey.rejectUnknownKeys(in: decoder, allowed: ["tenantId", "placements", "privateMacros"])
        let container = try decoder.container(keyedBy: SettingsKey.self)
        tenantId = try container.decodeIfPresent(String.self, forKey: SettingsKey("tenantId"))
        let byName = try container.decode([String: PlacementSettings].self, forKey: SettingsKey("placements"))
        placements = Dictionary(uniqueKeysWithValues: byName.map { (Placement(rawValue: $0.key), $0.value) })
        let names = try container.decodeIfPresent([String].self, forKey: SettingsKey("privateMacros")) ?? []
        privateMacros = []
        for (index, name) in names.enumerated() {
            guard VASTMacro(rawValue: name).isIAB else {
                throw TenantSettingsError(
                    field: "privateMacros[\(index)]",
                    problem: "\"\(name)\" is not an IAB macro name (write it as the IAB does: CONTENTID)")
            }
            privateMacros.insert(VASTMacro(rawValue: name))
        }
        try validate()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingsKey.self)
        try container.encodeIfPresent(tenantId, forKey: SettingsKey("tenantId"))
        let byName = Dictionary(uniqueKeysWithValues: placements.map { ($0.key.rawValue, $0.value) })
        try container.encode(byName, forKey: SettingsKey("placements"))
        if !privateMacros.isEmpty {
            try container.encode(privateMacros.map(\.rawValue).sorted(), forKey: SettingsKey("privateMacros"))
        }
    }

    /// Decodes and validates tenant settings from a JSON document.
    /// - Parameter json: the document's bytes (UTF-8).
    /// - Throws: ``TenantSettingsError`` naming every bad field.
    public init(json: Data) throws(TenantSettingsError) {
        do {
            self = try JSONDecoder().decode(TenantSettings.self, from: json)
        } catch let error as TenantSettingsError {
            throw error
        } catch let error as DecodingError {
            throw TenantSettingsError.from(error)
        } catch {
            throw TenantSettingsError(field: "document", problem: "could not be read (\(error))")
        }
    }

    /// Decodes and validates tenant settings from JSON text.
    /// - Parameter json: the document.
    /// - Throws: ``TenantSettingsError`` naming every bad field.
    public init(json: String) throws(TenantSettingsError) {
        try self.init(json: Data(json.utf8))
    }
}

extension PlacementSettings: Codable {
    public init(from decoder: any Decoder) throws {
        try SettingsKey.rejectUnknownKeys(in: decoder, allowed: ["enabled", "sources", "caps"])
        let container = try decoder.container(keyedBy: SettingsKey.self)
        enabled = try container.decode(Bool.self, forKey: SettingsKey("enabled"))
        sources = try container.decodeIfPresent([PlacementSourceSettings].self, forKey: SettingsKey("sources")) ?? []
        caps = try container.decodeIfPresent(PlacementCaps.self, forKey: SettingsKey("caps")) ?? PlacementCaps()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingsKey.self)
        try container.encode(enabled, forKey: SettingsKey("enabled"))
        try container.encode(sources, forKey: SettingsKey("sources"))
        try container.encode(caps, forKey: SettingsKey("caps"))
    }
}

extension PlacementCaps: Codable {
    private static let keys = ["firstAfterItems", "everyItems", "maxPerSession", "minimumIntervalSeconds"]

    public init(from decoder: any Decoder) throws {
        try SettingsKey.rejectUnknownKeys(in: decoder, allowed: Set(Self.keys))
        let container = try decoder.container(keyedBy: SettingsKey.self)
        firstAfterItems = try container.decodeWholeNumberIfPresent("firstAfterItems")
        everyItems = try container.decodeWholeNumberIfPresent("everyItems")
        maxPerSession = try container.decodeWholeNumberIfPresent("maxPerSession")
        minimumIntervalSeconds = try container.decodeIfPresent(
            Double.self, forKey: SettingsKey("minimumIntervalSeconds"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingsKey.self)
        try container.encodeIfPresent(firstAfterItems, forKey: SettingsKey("firstAfterItems"))
        try container.encodeIfPresent(everyItems, forKey: SettingsKey("everyItems"))
        try container.encodeIfPresent(maxPerSession, forKey: SettingsKey("maxPerSession"))
        try container.encodeIfPresent(minimumIntervalSeconds, forKey: SettingsKey("minimumIntervalSeconds"))
    }
}

/// A coding key made from any string, so the settings can list the keys a document actually holds.
struct SettingsKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Throws for the first key (in sorted order, so errors are stable) that is not in `allowed`.
    static func rejectUnknownKeys(in decoder: any Decoder, allowed: Set<String>) throws {
        let container = try decoder.container(keyedBy: SettingsKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            let field = TenantSettingsError.path(decoder.codingPath + [SettingsKey(unknown)])
            throw TenantSettingsError(field: field, problem: "is not a known field")
        }
    }
}

extension KeyedDecodingContainer where Key == SettingsKey {
    /// Decodes a whole number as a number first, so that `2.5` is reported against its field: Foundation's
    /// decoder reports a fraction read as `Int` as invalid JSON, with no path.
    func decodeWholeNumberIfPresent(_ name: String) throws -> Int? {
        let key = SettingsKey(name)
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite, value.rounded() == value else {
            throw TenantSettingsError(
                field: TenantSettingsError.path(codingPath + [key]), problem: "must be a whole number")
        }
        // Checked before the conversion, which would trap past Int's range; the real bounds follow in validate().
        guard abs(value) < 1e15 else {
            throw TenantSettingsError(field: TenantSettingsError.path(codingPath + [key]), problem: "is far too large")
        }
        return Int(value)
    }

    /// See ``decodeWholeNumberIfPresent(_:)``; a missing key is a `keyNotFound` error.
    func decodeWholeNumber(_ name: String) throws -> Int {
        guard let value = try decodeWholeNumberIfPresent(name) else {
            throw DecodingError.keyNotFound(
                SettingsKey(name), DecodingError.Context(codingPath: codingPath, debugDescription: "\(name) is missing")
            )
        }
        return value
    }
}

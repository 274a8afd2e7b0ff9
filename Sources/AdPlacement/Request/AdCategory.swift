/// A content category of the item next to the slot.
public struct AdCategory: Sendable, Hashable, Codable {
    /// The category as the tenant names it, for example `Sports`.
    public var name: String
    /// The id an ad server knows the category by (for example an IAB content taxonomy id), when the
    /// tenant mapped one. Filled into `[CONTENTCAT]`.
    public var externalId: String?

    /// Creates a category.
    public init(name: String, externalId: String? = nil) {
        self.name = name
        self.externalId = externalId
    }
}

/// Facts about the app, used by the VAST macros.
public struct AppInfo: Sendable, Hashable, Codable {
    /// The bundle or package id, for example `com.example.news` (`[APPBUNDLE]`).
    public var bundleId: String?
    /// The app's display name.
    public var name: String?
    /// The app's version, for example `5.2.0`.
    public var version: String?
    /// The store's id for the app (`[STOREID]`).
    public var storeId: String?
    /// The app's store page (`[STOREURL]`).
    public var storeUrl: String?

    /// Creates app facts; all absent by default.
    public init(
        bundleId: String? = nil, name: String? = nil, version: String? = nil, storeId: String? = nil,
        storeUrl: String? = nil
    ) {
        self.bundleId = bundleId
        self.name = name
        self.version = version
        self.storeId = storeId
        self.storeUrl = storeUrl
    }
}

/// Facts about the device, used by the VAST macros.
public struct DeviceInfo: Sendable, Hashable, Codable {
    /// The advertising identifier (`[IFA]`), withheld when ``AdConsent/limitAdTracking`` is `true`.
    public var ifa: String?
    /// The kind of ``ifa``, for example `idfa` or `aaid` (`[IFATYPE]`).
    public var ifaType: String?
    /// The user agent of the device's HTTP stack (`[DEVICEUA]` and `[CLIENTUA]`).
    public var userAgent: String?
    /// The operating system, for example `iOS`.
    public var os: String?
    /// The operating system's version, for example `17.4`.
    public var osVersion: String?
    /// The hardware model, for example `iPhone15,2`.
    public var model: String?
    /// The user's language as a BCP 47 tag, for example `en-GB`.
    public var language: String?

    /// Creates device facts; all absent by default.
    public init(
        ifa: String? = nil, ifaType: String? = nil, userAgent: String? = nil, os: String? = nil,
        osVersion: String? = nil, model: String? = nil, language: String? = nil
    ) {
        self.ifa = ifa
        self.ifaType = ifaType
        self.userAgent = userAgent
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.language = language
    }
}

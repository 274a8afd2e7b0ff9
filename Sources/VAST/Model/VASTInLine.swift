/// `<InLine>`: an ad with everything needed to play it.
public struct VASTInLine: Sendable, Hashable {
    /// Children shared with Wrapper (AdSystem, Error, Impression, Pricing, ...).
    public var common = VASTAdCommon()
    /// `<AdTitle>`.
    public var adTitle: String?
    /// `<AdServingId>` (4.1 and later).
    public var adServingId: String?
    /// `<Description>`.
    public var description: String?
    /// `<Advertiser>`.
    public var advertiser: VASTAdvertiser?
    /// `<Category>` elements.
    public var categories: [VASTCategory] = []
    /// `<Survey>` elements.
    public var surveys: [VASTSurvey] = []
    /// `<Expires>`: seconds the response may be cached.
    public var expires: Int?
    /// `<Creatives>`.
    public var creatives: [VASTCreative] = []

    /// Creates an empty InLine.
    public init() {}
}

/// `<Wrapper>`: a redirect to another VAST response, whose tracking is merged into the ad found there.
public struct VASTWrapper: Sendable, Hashable {
    /// Children shared with InLine.
    public var common = VASTAdCommon()
    /// `<VASTAdTagURI>`: where the next response is (macros unexpanded).
    public var vastAdTagURI: String?
    /// `<BlockedAdCategories>`: categories the InLine must not have (205 when it does).
    public var blockedAdCategories: [VASTCategory] = []
    /// `followAdditionalWrappers` (default true).
    public var followAdditionalWrappers: Bool = true
    /// `allowMultipleAds` (default false).
    public var allowMultipleAds: Bool = false
    /// `fallbackOnNoAd`, when written.
    public var fallbackOnNoAd: Bool?
    /// `<Creatives>`: tracking-only creatives to merge.
    public var creatives: [VASTCreative] = []

    /// Creates an empty Wrapper.
    public init() {}
}

/// `<Advertiser>`.
public struct VASTAdvertiser: Sendable, Hashable {
    /// The advertiser's name.
    public var name: String
    /// The `id` attribute (4.1 and later).
    public var id: String?

    /// Creates an advertiser.
    public init(name: String, id: String? = nil) {
        self.name = name
        self.id = id
    }
}

/// `<Category>` or a `<BlockedAdCategories>` entry.
public struct VASTCategory: Sendable, Hashable {
    /// The `authority` attribute (the taxonomy's URL).
    public var authority: String?
    /// The category code or text.
    public var value: String

    /// Creates a category.
    public init(authority: String? = nil, value: String) {
        self.authority = authority
        self.value = value
    }
}

/// `<Survey>`.
public struct VASTSurvey: Sendable, Hashable {
    /// The `type` attribute (MIME type).
    public var type: String?
    /// The survey URI.
    public var url: String

    /// Creates a survey.
    public init(type: String? = nil, url: String) {
        self.type = type
        self.url = url
    }
}

/// `<Verification>`: one measurement vendor's scripts.
public struct VASTVerification: Sendable, Hashable {
    /// The `vendor` attribute.
    public var vendor: String?
    /// `<JavaScriptResource>` elements.
    public var javaScriptResources: [VASTJavaScriptResource] = []
    /// `<ExecutableResource>` elements.
    public var executableResources: [VASTExecutableResource] = []
    /// `<VerificationParameters>` as written.
    public var parameters: String?
    /// `<TrackingEvents>` (verificationNotExecuted).
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty verification.
    public init(vendor: String? = nil) { self.vendor = vendor }
}

/// `<JavaScriptResource>`.
public struct VASTJavaScriptResource: Sendable, Hashable {
    /// `apiFramework` (for example `omid`).
    public var apiFramework: String?
    /// `browserOptional`.
    public var browserOptional: Bool?
    /// The script URI.
    public var url: String

    /// Creates a resource.
    public init(apiFramework: String? = nil, browserOptional: Bool? = nil, url: String) {
        self.apiFramework = apiFramework
        self.browserOptional = browserOptional
        self.url = url
    }
}

/// `<ExecutableResource>`.
public struct VASTExecutableResource: Sendable, Hashable {
    /// `apiFramework`.
    public var apiFramework: String?
    /// `type` (MIME type).
    public var type: String?
    /// The resource URI.
    public var url: String

    /// Creates a resource.
    public init(apiFramework: String? = nil, type: String? = nil, url: String) {
        self.apiFramework = apiFramework
        self.type = type
        self.url = url
    }
}

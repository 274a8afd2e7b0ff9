/// One `<Ad>`: an InLine with the creative, or a Wrapper that points at another response.
public struct VASTAd: Sendable, Hashable {
    /// The `id` attribute.
    public var id: String?
    /// The position in a pod (`sequence`); `nil` for a stand-alone (buffet) ad.
    public var sequence: Int?
    /// The `adType` attribute (`video`, `audio`, `hybrid`), 4.1 and later.
    public var adType: String?
    /// The `conditionalAd` attribute, 4.1 and later.
    public var conditionalAd: Bool?
    /// The InLine or Wrapper body.
    public var content: Content

    /// An ad's body.
    public enum Content: Sendable, Hashable {
        /// The ad itself.
        case inLine(VASTInLine)
        /// A redirect to another VAST response, with tracking to merge.
        case wrapper(VASTWrapper)
    }

    /// Creates an ad.
    public init(
        id: String? = nil, sequence: Int? = nil, adType: String? = nil, conditionalAd: Bool? = nil,
        content: Content
    ) {
        self.id = id
        self.sequence = sequence
        self.adType = adType
        self.conditionalAd = conditionalAd
        self.content = content
    }

    /// The InLine body, when this ad is one.
    public var inLine: VASTInLine? {
        if case .inLine(let value) = content { return value }
        return nil
    }

    /// The Wrapper body, when this ad is one.
    public var wrapper: VASTWrapper? {
        if case .wrapper(let value) = content { return value }
        return nil
    }

    /// What InLine and Wrapper share.
    public var common: VASTAdCommon {
        switch content {
        case .inLine(let value): value.common
        case .wrapper(let value): value.common
        }
    }

    /// The creatives of either body.
    public var creatives: [VASTCreative] {
        switch content {
        case .inLine(let value): value.creatives
        case .wrapper(let value): value.creatives
        }
    }
}

/// The children that InLine and Wrapper have in common.
public struct VASTAdCommon: Sendable, Hashable {
    /// `<AdSystem>`: the ad server's name and `version`.
    public var adSystem: VASTAdSystem?
    /// `<Error>` URIs (macros unexpanded).
    public var errors: [String] = []
    /// `<Impression>` URIs with their ids.
    public var impressions: [VASTImpression] = []
    /// `<ViewableImpression>` groups.
    public var viewableImpressions: [VASTViewableImpression] = []
    /// `<Pricing>`.
    public var pricing: VASTPricing?
    /// `<AdVerifications>`: the verification scripts to load.
    public var verifications: [VASTVerification] = []
    /// `<Extensions>`: each kept as raw XML.
    public var extensions: [VASTExtension] = []

    /// Creates an empty set of common children.
    public init() {}
}

/// `<AdSystem>`.
public struct VASTAdSystem: Sendable, Hashable {
    /// The server's name (element text).
    public var name: String
    /// The `version` attribute.
    public var version: String?

    /// Creates an ad system.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

/// `<Impression>`: a URI fired when the ad is rendered.
public struct VASTImpression: Sendable, Hashable {
    /// The `id` attribute.
    public var id: String?
    /// The URI, trimmed, macros unexpanded (may be empty or `about:blank`).
    public var url: String

    /// Creates an impression.
    public init(id: String? = nil, url: String) {
        self.id = id
        self.url = url
    }
}

/// `<ViewableImpression>`: viewability outcome pixels.
public struct VASTViewableImpression: Sendable, Hashable {
    /// The `id` attribute.
    public var id: String?
    /// `<Viewable>` URIs.
    public var viewable: [String] = []
    /// `<NotViewable>` URIs.
    public var notViewable: [String] = []
    /// `<ViewUndetermined>` URIs.
    public var viewUndetermined: [String] = []

    /// Creates an empty group.
    public init(id: String? = nil) { self.id = id }
}

/// `<Pricing>`.
public struct VASTPricing: Sendable, Hashable {
    /// The `model` attribute (`cpm`, `cpc`, `cpe`, `cpv`), as written.
    public var model: String?
    /// The ISO 4217 `currency` attribute.
    public var currency: String?
    /// The price as written (trimmed).
    public var value: String

    /// The price as a number, when it is a plain decimal inside ``VASTValueBounds/price``
    /// (`nil` for text, `inf`, `nan`, signs, exponents and absurd amounts, so that ranking never
    /// compares against a value that is not a price).
    public var amount: Double? {
        guard !value.isEmpty, value.utf8.count <= 32,
            value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
            let number = Double(value), VASTValueBounds.price.contains(number)
        else { return nil }
        return number
    }

    /// Creates a price.
    public init(model: String? = nil, currency: String? = nil, value: String) {
        self.model = model
        self.currency = currency
        self.value = value
    }
}

/// `<Extension>` or `<CreativeExtension>`: opaque to the engine, kept as the XML inside it.
public struct VASTExtension: Sendable, Hashable {
    /// The `type` attribute.
    public var type: String?
    /// Every attribute of the element, in document order.
    public var attributes: [VASTAttribute]
    /// The element's content re-serialised as XML (namespace declarations included).
    public var rawXML: String

    /// Creates an extension.
    public init(type: String? = nil, attributes: [VASTAttribute] = [], rawXML: String) {
        self.type = type
        self.attributes = attributes
        self.rawXML = rawXML
    }
}

/// A name and value, for the few places where attributes are kept as written.
public struct VASTAttribute: Sendable, Hashable {
    /// The attribute's qualified name as written.
    public var name: String
    /// Its value.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

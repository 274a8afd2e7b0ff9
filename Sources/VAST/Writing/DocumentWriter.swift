/// Writes one document's model into an ``XMLOutput``, element by element, in the order of the
/// version's IAB schema. The root, the ads and what InLine and Wrapper share are here; creatives
/// and their bodies are in the extensions beside this file.
struct DocumentWriter {
    let version: VASTVersion
    var out = XMLOutput()
    /// True inside a Wrapper, whose Linear the 3.0 schema orders differently.
    var inWrapper = false

    init(version: VASTVersion) {
        self.version = version
    }

    var isVAST4: Bool { version.isVAST4 }

    mutating func root(_ document: VASTDocument) throws(VASTWriteError) {
        var attributes = XMLAttributes()
        // An empty version is left out: written as version="" it would read as an unsupported version.
        attributes.set("version", document.version.isEmpty ? nil : document.version)
        attributes.set("xmlns", isVAST4 ? "http://www.iab.com/VAST" : nil)
        try out.open(.vast, attributes)
        for ad in document.ads { try self.ad(ad) }
        try urls(.error, document.errors)
        out.close()
    }

    private mutating func ad(_ ad: VASTAd) throws(VASTWriteError) {
        var attributes = XMLAttributes()
        attributes.set("id", ad.id)
        attributes.set("sequence", ad.sequence)
        attributes.set("adType", ad.adType)
        attributes.set("conditionalAd", ad.conditionalAd)
        try out.open(.ad, attributes)
        switch ad.content {
        case .inLine(let body): try inLine(body)
        case .wrapper(let body): try wrapper(body)
        }
        out.close()
    }

    private mutating func inLine(_ inLine: VASTInLine) throws(VASTWriteError) {
        inWrapper = false
        try out.open(.inLine)
        let common = inLine.common
        if isVAST4 {
            try adSystem(common.adSystem)
            try urls(.error, common.errors)
            try extensions(common.extensions, container: .extensions, element: .extensionElement)
            try impressions(common.impressions)
            try pricing(common.pricing)
            try viewableImpressions(common.viewableImpressions)
            try text(.adServingId, inLine.adServingId)
            try text(.adTitle, inLine.adTitle)
            try verifications(common.verifications)
            try advertiser(inLine.advertiser)
            try categories(.category, inLine.categories)
            try creatives(inLine.creatives)
            try text(.description, inLine.description)
            try number(.expires, inLine.expires)
            try surveys(inLine.surveys)
        } else {
            // 3.0's schema order; 2.0's is the same without Advertiser and Pricing. Elements of
            // later versions go where the 4.x order puts them relative to these.
            try adSystem(common.adSystem)
            try text(.adTitle, inLine.adTitle)
            try text(.adServingId, inLine.adServingId)
            try text(.description, inLine.description)
            try advertiser(inLine.advertiser)
            try categories(.category, inLine.categories)
            try pricing(common.pricing)
            try surveys(inLine.surveys)
            try urls(.error, common.errors)
            try impressions(common.impressions)
            try viewableImpressions(common.viewableImpressions)
            try verifications(common.verifications)
            try creatives(inLine.creatives)
            try number(.expires, inLine.expires)
            try extensions(common.extensions, container: .extensions, element: .extensionElement)
        }
        out.close()
    }

    private mutating func wrapper(_ wrapper: VASTWrapper) throws(VASTWriteError) {
        inWrapper = true
        defer { inWrapper = false }
        var attributes = XMLAttributes()
        attributes.set("followAdditionalWrappers", wrapper.followAdditionalWrappers ? nil : false)
        attributes.set("allowMultipleAds", wrapper.allowMultipleAds ? true : nil)
        attributes.set("fallbackOnNoAd", wrapper.fallbackOnNoAd)
        try out.open(.wrapper, attributes)
        let common = wrapper.common
        if isVAST4 {
            try adSystem(common.adSystem)
            try urls(.error, common.errors)
            try extensions(common.extensions, container: .extensions, element: .extensionElement)
            try impressions(common.impressions)
            try pricing(common.pricing)
            try viewableImpressions(common.viewableImpressions)
            try verifications(common.verifications)
            try categories(.blockedAdCategories, wrapper.blockedAdCategories)
            try creatives(wrapper.creatives)
            try text(.vastAdTagURI, wrapper.vastAdTagURI)
        } else {
            try adSystem(common.adSystem)
            try text(.vastAdTagURI, wrapper.vastAdTagURI)
            try urls(.error, common.errors)
            try impressions(common.impressions)
            try pricing(common.pricing)
            try viewableImpressions(common.viewableImpressions)
            try verifications(common.verifications)
            try categories(.blockedAdCategories, wrapper.blockedAdCategories)
            try creatives(wrapper.creatives)
            try extensions(common.extensions, container: .extensions, element: .extensionElement)
        }
        out.close()
    }

    // MARK: Shared children

    private mutating func adSystem(_ system: VASTAdSystem?) throws(VASTWriteError) {
        guard let system else { return }
        var attributes = XMLAttributes()
        attributes.set("version", system.version)
        try text(.adSystem, system.name, attributes)
    }

    private mutating func impressions(_ impressions: [VASTImpression]) throws(VASTWriteError) {
        for impression in impressions {
            var attributes = XMLAttributes()
            attributes.set("id", impression.id)
            try text(.impression, impression.url, attributes)
        }
    }

    private mutating func pricing(_ pricing: VASTPricing?) throws(VASTWriteError) {
        guard let pricing else { return }
        var attributes = XMLAttributes()
        attributes.set("model", pricing.model)
        attributes.set("currency", pricing.currency)
        try text(.pricing, pricing.value, attributes)
    }

    private mutating func viewableImpressions(_ groups: [VASTViewableImpression]) throws(VASTWriteError) {
        for group in groups {
            var attributes = XMLAttributes()
            attributes.set("id", group.id)
            try out.open(.viewableImpression, attributes)
            try urls(.viewable, group.viewable)
            try urls(.notViewable, group.notViewable)
            try urls(.viewUndetermined, group.viewUndetermined)
            out.close()
        }
    }

    private mutating func advertiser(_ advertiser: VASTAdvertiser?) throws(VASTWriteError) {
        guard let advertiser else { return }
        var attributes = XMLAttributes()
        attributes.set("id", advertiser.id)
        try text(.advertiser, advertiser.name, attributes)
    }

    private mutating func categories(_ element: VASTElement, _ categories: [VASTCategory]) throws(VASTWriteError) {
        for category in categories {
            var attributes = XMLAttributes()
            attributes.set("authority", category.authority)
            try text(element, category.value, attributes)
        }
    }

    private mutating func surveys(_ surveys: [VASTSurvey]) throws(VASTWriteError) {
        for survey in surveys {
            var attributes = XMLAttributes()
            attributes.set("type", survey.type)
            try text(.survey, survey.url, attributes)
        }
    }

    private mutating func verifications(_ verifications: [VASTVerification]) throws(VASTWriteError) {
        guard !verifications.isEmpty else { return }
        try out.open(.adVerifications)
        for verification in verifications {
            var attributes = XMLAttributes()
            attributes.set("vendor", verification.vendor)
            try out.open(.verification, attributes)
            for resource in verification.executableResources {
                var resourceAttributes = XMLAttributes()
                resourceAttributes.set("apiFramework", resource.apiFramework)
                resourceAttributes.set("type", resource.type)
                try text(.executableResource, resource.url, resourceAttributes)
            }
            for resource in verification.javaScriptResources {
                var resourceAttributes = XMLAttributes()
                resourceAttributes.set("apiFramework", resource.apiFramework)
                resourceAttributes.set("browserOptional", resource.browserOptional)
                try text(.javaScriptResource, resource.url, resourceAttributes)
            }
            try trackingEvents(verification.trackingEvents)
            try text(.verificationParameters, verification.parameters)
            out.close()
        }
        out.close()
    }

    // MARK: Leaves

    /// A text element, when the value is present; URIs in CDATA, markup in CDATA when it needs it.
    mutating func text(_ element: VASTElement, _ value: String?, _ attributes: XMLAttributes = XMLAttributes())
        throws(VASTWriteError)
    {
        guard let value else { return }
        let style: XMLOutput.TextStyle =
            switch element {
            case _ where element.holdsURL: .url
            case .htmlResource, .adParameters, .verificationParameters: .markup
            default: .plain
            }
        try out.leaf(element, attributes, value, style: style)
    }

    /// One element per URI.
    mutating func urls(_ element: VASTElement, _ values: [String]) throws(VASTWriteError) {
        for value in values { try text(element, value) }
    }

    private mutating func number(_ element: VASTElement, _ value: Int?) throws(VASTWriteError) {
        guard let value else { return }
        guard value >= 0 else {
            throw VASTWriteError(
                .valueOutOfRange, "<\(element.name)> is \(value); it is a number of seconds from 0",
                at: out.location(ofNext: element))
        }
        try text(element, String(value))
    }

    /// `<TrackingEvents>` with one `<Tracking>` per event, when there are any.
    mutating func trackingEvents(_ events: [VASTTrackingEvent]) throws(VASTWriteError) {
        guard !events.isEmpty else { return }
        try out.open(.trackingEvents)
        for event in events {
            var attributes = XMLAttributes()
            attributes.set("event", event.event.rawValue)
            attributes.set("offset", event.offset)
            try text(.tracking, event.url, attributes)
        }
        out.close()
    }

    /// `<TrackedURL id>` elements (ClickTracking, CustomClick, ...).
    mutating func tracked(_ element: VASTElement, _ values: [VASTTrackedURL]) throws(VASTWriteError) {
        for value in values {
            var attributes = XMLAttributes()
            attributes.set("id", value.id)
            try text(element, value.url, attributes)
        }
    }

    /// Extensions or CreativeExtensions, each checked to read back as one element with its attributes.
    mutating func extensions(_ extensions: [VASTExtension], container: VASTElement, element: VASTElement)
        throws(VASTWriteError)
    {
        guard !extensions.isEmpty else { return }
        try out.open(container)
        for value in extensions {
            var attributes = value.attributes.map { (name: $0.name, value: $0.value) }
            if let type = value.type, !attributes.contains(where: { $0.name == "type" }) {
                attributes.insert((name: "type", value: type), at: 0)
            }
            try ExtensionCheck.check(
                type: value.type, attributes: attributes, rawXML: value.rawXML, version: version,
                location: out.location(ofNext: element))
            try out.verbatim(element, attributes: attributes, content: value.rawXML)
        }
        out.close()
    }
}

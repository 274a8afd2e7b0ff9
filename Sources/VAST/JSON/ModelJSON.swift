/// The model as JSON: one object per element, keys named after the model's properties (the
/// element and attribute names of VAST in lower camel case), in the order the spec presents them.
/// URLs are as written (macros unexpanded); times and offsets in VAST's own spelling.
///
/// The schema is documented in docs/json.md ("The model as JSON"); ``JSONMembers`` applies its
/// rules on what is left out. This file holds the document, the ad and what InLine and Wrapper
/// share; creatives are in the extensions beside it.
enum ModelJSON {
    static func document(_ document: VASTDocument) -> OrderedJSON {
        var members = JSONMembers()
        members.add("version", document.version)
        members.add("ads", document.ads.map(ad))
        members.add("errors", urls: document.errors)
        return members.json
    }

    static func ad(_ ad: VASTAd) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", ad.id)
        members.add("sequence", ad.sequence)
        members.add("adType", ad.adType)
        members.add("conditionalAd", ad.conditionalAd)
        switch ad.content {
        case .inLine(let body): members.add("inLine", inLine(body))
        case .wrapper(let body): members.add("wrapper", wrapper(body))
        }
        return members.json
    }

    static func inLine(_ inLine: VASTInLine) -> OrderedJSON {
        var members = JSONMembers()
        members.add("adSystem", inLine.common.adSystem.map(adSystem))
        members.add("adTitle", inLine.adTitle)
        members.add("adServingId", inLine.adServingId)
        members.add("description", inLine.description)
        members.add("advertiser", inLine.advertiser.map(advertiser))
        members.add("categories", inLine.categories.map(category))
        members.add("pricing", inLine.common.pricing.map(pricing))
        members.add("expires", inLine.expires)
        members.add("surveys", inLine.surveys.compactMap(survey))
        common(inLine.common, into: &members)
        members.add("creatives", inLine.creatives.map(creative))
        members.add("extensions", inLine.common.extensions.map(extensionJSON))
        return members.json
    }

    static func wrapper(_ wrapper: VASTWrapper) -> OrderedJSON {
        var members = JSONMembers()
        members.add("followAdditionalWrappers", wrapper.followAdditionalWrappers)
        members.add("allowMultipleAds", wrapper.allowMultipleAds)
        members.add("fallbackOnNoAd", wrapper.fallbackOnNoAd)
        members.add("adSystem", wrapper.common.adSystem.map(adSystem))
        members.add("vastAdTagURI", url: wrapper.vastAdTagURI)
        members.add("blockedAdCategories", wrapper.blockedAdCategories.map(category))
        members.add("pricing", wrapper.common.pricing.map(pricing))
        common(wrapper.common, into: &members)
        members.add("creatives", wrapper.creatives.map(creative))
        members.add("extensions", wrapper.common.extensions.map(extensionJSON))
        return members.json
    }

    /// Errors, impressions, viewable impressions and verifications (AdSystem, Pricing and Extensions
    /// are placed by the callers).
    private static func common(_ common: VASTAdCommon, into members: inout JSONMembers) {
        members.add("errors", urls: common.errors)
        members.add("impressions", common.impressions.compactMap { tracked(id: $0.id, url: $0.url) })
        members.add("viewableImpressions", common.viewableImpressions.map(viewableImpression))
        members.add("verifications", common.verifications.map(verification))
    }

    // MARK: Children

    private static func adSystem(_ system: VASTAdSystem) -> OrderedJSON {
        var members = JSONMembers()
        members.add("name", system.name)
        members.add("version", system.version)
        return members.json
    }

    private static func advertiser(_ advertiser: VASTAdvertiser) -> OrderedJSON {
        var members = JSONMembers()
        members.add("name", advertiser.name)
        members.add("id", advertiser.id)
        return members.json
    }

    private static func category(_ category: VASTCategory) -> OrderedJSON {
        var members = JSONMembers()
        members.add("authority", category.authority)
        members.add("value", category.value)
        return members.json
    }

    private static func pricing(_ pricing: VASTPricing) -> OrderedJSON {
        var members = JSONMembers()
        members.add("model", pricing.model)
        members.add("currency", pricing.currency)
        members.add("value", pricing.value)
        return members.json
    }

    private static func survey(_ survey: VASTSurvey) -> OrderedJSON? {
        guard !survey.url.isEmpty else { return nil }
        var members = JSONMembers()
        members.add("type", survey.type)
        members.add("url", survey.url)
        return members.json
    }

    private static func viewableImpression(_ group: VASTViewableImpression) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", group.id)
        members.add("viewable", urls: group.viewable)
        members.add("notViewable", urls: group.notViewable)
        members.add("viewUndetermined", urls: group.viewUndetermined)
        return members.json
    }

    static func verification(_ verification: VASTVerification) -> OrderedJSON {
        var members = JSONMembers()
        members.add("vendor", verification.vendor)
        members.add(
            "javaScriptResources",
            verification.javaScriptResources.map { resource in
                var resourceMembers = JSONMembers()
                resourceMembers.add("apiFramework", resource.apiFramework)
                resourceMembers.add("browserOptional", resource.browserOptional)
                resourceMembers.add("url", url: resource.url)
                return resourceMembers.json
            })
        members.add(
            "executableResources",
            verification.executableResources.map { resource in
                var resourceMembers = JSONMembers()
                resourceMembers.add("apiFramework", resource.apiFramework)
                resourceMembers.add("type", resource.type)
                resourceMembers.add("url", url: resource.url)
                return resourceMembers.json
            })
        members.add("parameters", verification.parameters)
        members.add("trackingEvents", verification.trackingEvents.compactMap(trackingEvent))
        return members.json
    }

    /// `{"type"?, "attributes"?: [{"name","value"}], "xml"}`: the element's content as raw XML.
    static func extensionJSON(_ value: VASTExtension) -> OrderedJSON {
        var members = JSONMembers()
        members.add("type", value.type)
        members.add(
            "attributes",
            value.attributes.map { attribute in
                OrderedJSON.object([("name", .string(attribute.name)), ("value", .string(attribute.value))])
            })
        members.add("xml", value.rawXML)
        return members.json
    }

    // MARK: Shared shapes

    /// `{"id"?, "url"}` for a URL with an id (Impression, ClickTracking, ...); `nil` when the URL is empty.
    static func tracked(id: String?, url: String) -> OrderedJSON? {
        guard !url.isEmpty else { return nil }
        var members = JSONMembers()
        members.add("id", id)
        members.add("url", url)
        return members.json
    }

    static func tracked(_ value: VASTTrackedURL) -> OrderedJSON? { tracked(id: value.id, url: value.url) }

    /// `{"event", "offset"?, "url"}`; `nil` when the URL is empty.
    static func trackingEvent(_ event: VASTTrackingEvent) -> OrderedJSON? {
        guard !event.url.isEmpty else { return nil }
        var members = JSONMembers()
        members.add("event", event.event.rawValue)
        members.add("offset", event.offset)
        members.add("url", event.url)
        return members.json
    }
}

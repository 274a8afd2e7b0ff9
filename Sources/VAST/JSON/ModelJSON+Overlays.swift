/// NonLinear and Companion bodies and the resources they (and icons) show, as JSON.
extension ModelJSON {
    static func nonLinearAds(_ ads: VASTNonLinearAds) -> OrderedJSON {
        var members = JSONMembers()
        members.add("nonLinears", ads.nonLinears.map(nonLinear))
        members.add("trackingEvents", ads.trackingEvents.compactMap(trackingEvent))
        return members.json
    }

    private static func nonLinear(_ nonLinear: VASTNonLinear) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", nonLinear.id)
        members.add("width", nonLinear.width)
        members.add("height", nonLinear.height)
        members.add("expandedWidth", nonLinear.expandedWidth)
        members.add("expandedHeight", nonLinear.expandedHeight)
        members.add("scalable", nonLinear.scalable)
        members.add("maintainAspectRatio", nonLinear.maintainAspectRatio)
        members.add("minSuggestedDuration", nonLinear.minSuggestedDuration)
        members.add("apiFramework", nonLinear.apiFramework)
        members.add("resources", nonLinear.resources.map(resource))
        members.add("adParameters", nonLinear.adParameters.map(adParameters))
        members.add("clickThrough", url: nonLinear.clickThrough)
        members.add("clickTracking", nonLinear.clickTracking.compactMap(tracked))
        return members.json
    }

    static func companionAds(_ ads: VASTCompanionAds) -> OrderedJSON {
        var members = JSONMembers()
        members.add("required", ads.required)
        members.add("companions", ads.companions.map(companion))
        return members.json
    }

    static func companion(_ companion: VASTCompanion) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", companion.id)
        members.add("width", companion.width)
        members.add("height", companion.height)
        members.add("assetWidth", companion.assetWidth)
        members.add("assetHeight", companion.assetHeight)
        members.add("expandedWidth", companion.expandedWidth)
        members.add("expandedHeight", companion.expandedHeight)
        members.add("apiFramework", companion.apiFramework)
        members.add("adSlotId", companion.adSlotId)
        members.add("pxratio", companion.pxratio)
        members.add("renderingMode", companion.renderingMode)
        members.add("resources", companion.resources.map(resource))
        members.add("adParameters", companion.adParameters.map(adParameters))
        members.add("altText", companion.altText)
        members.add("clickThrough", url: companion.clickThrough)
        members.add("clickTracking", companion.clickTracking.compactMap(tracked))
        members.add("trackingEvents", companion.trackingEvents.compactMap(trackingEvent))
        return members.json
    }

    /// `{"kind": "static", "creativeType"?, "url"?}`, `{"kind": "iframe", "url"?}` or `{"kind": "html", "html"}`.
    static func resource(_ resource: VASTResource) -> OrderedJSON {
        var members = JSONMembers()
        switch resource {
        case .staticResource(let creativeType, let url):
            members.add("kind", "static")
            members.add("creativeType", creativeType)
            members.add("url", url: url)
        case .iframe(let url):
            members.add("kind", "iframe")
            members.add("url", url: url)
        case .html(let markup):
            members.add("kind", "html")
            members.add("html", markup)
        }
        return members.json
    }
}

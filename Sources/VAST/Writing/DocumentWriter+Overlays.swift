/// NonLinear and Companion bodies and the resources they (and icons) show.
extension DocumentWriter {
    mutating func nonLinearAds(_ nonLinearAds: VASTNonLinearAds, creativeExtensions: [VASTExtension])
        throws(VASTWriteError)
    {
        try out.open(.nonLinearAds)
        try trackingEvents(nonLinearAds.trackingEvents)
        for (index, nonLinear) in nonLinearAds.nonLinears.enumerated() {
            try self.nonLinear(nonLinear, creativeExtensions: index == 0 ? creativeExtensions : [])
        }
        out.close()
    }

    private mutating func nonLinear(_ nonLinear: VASTNonLinear, creativeExtensions: [VASTExtension])
        throws(VASTWriteError)
    {
        var attributes = XMLAttributes()
        attributes.set("id", nonLinear.id)
        attributes.set("width", nonLinear.width)
        attributes.set("height", nonLinear.height)
        attributes.set("expandedWidth", nonLinear.expandedWidth)
        attributes.set("expandedHeight", nonLinear.expandedHeight)
        attributes.set("scalable", nonLinear.scalable)
        attributes.set("maintainAspectRatio", nonLinear.maintainAspectRatio)
        attributes.set("minSuggestedDuration", nonLinear.minSuggestedDuration)
        attributes.set("apiFramework", nonLinear.apiFramework)
        try out.open(.nonLinear, attributes)
        try resources(nonLinear.resources)
        if isVAST4 {
            try adParameters(nonLinear.adParameters)
            try text(.nonLinearClickThrough, nonLinear.clickThrough)
            try tracked(.nonLinearClickTracking, nonLinear.clickTracking)
        } else {
            try extensions(creativeExtensions, container: .creativeExtensions, element: .creativeExtension)
            try tracked(.nonLinearClickTracking, nonLinear.clickTracking)
            try text(.nonLinearClickThrough, nonLinear.clickThrough)
            try adParameters(nonLinear.adParameters)
        }
        out.close()
    }

    mutating func companionAds(_ companionAds: VASTCompanionAds, creativeExtensions: [VASTExtension])
        throws(VASTWriteError)
    {
        var attributes = XMLAttributes()
        attributes.set("required", companionAds.required)
        try out.open(.companionAds, attributes)
        for (index, companion) in companionAds.companions.enumerated() {
            try self.companion(companion, creativeExtensions: index == 0 ? creativeExtensions : [])
        }
        out.close()
    }

    private mutating func companion(_ companion: VASTCompanion, creativeExtensions: [VASTExtension])
        throws(VASTWriteError)
    {
        var attributes = XMLAttributes()
        attributes.set("id", companion.id)
        attributes.set("width", companion.width)
        attributes.set("height", companion.height)
        attributes.set("assetWidth", companion.assetWidth)
        attributes.set("assetHeight", companion.assetHeight)
        attributes.set("expandedWidth", companion.expandedWidth)
        attributes.set("expandedHeight", companion.expandedHeight)
        attributes.set("apiFramework", companion.apiFramework)
        // adSlotID until 4.0 (the 4.0 schema and the IAB's 4.0 samples spell it so), adSlotId from 4.1.
        attributes.set(version >= .v4_1 ? "adSlotId" : "adSlotID", companion.adSlotId)
        attributes.set("pxratio", companion.pxratio)
        attributes.set("renderingMode", companion.renderingMode)
        try out.open(.companion, attributes)
        try resources(companion.resources)
        if isVAST4 {
            try adParameters(companion.adParameters)
            try text(.altText, companion.altText)
            try text(.companionClickThrough, companion.clickThrough)
            try tracked(.companionClickTracking, companion.clickTracking)
            try trackingEvents(companion.trackingEvents)
        } else {
            try extensions(creativeExtensions, container: .creativeExtensions, element: .creativeExtension)
            try trackingEvents(companion.trackingEvents)
            try text(.companionClickThrough, companion.clickThrough)
            try tracked(.companionClickTracking, companion.clickTracking)
            try text(.altText, companion.altText)
            try adParameters(companion.adParameters)
        }
        out.close()
    }

    /// Resources in the model's order (the order the document had them in).
    mutating func resources(_ resources: [VASTResource]) throws(VASTWriteError) {
        for resource in resources {
            switch resource {
            case .staticResource(let creativeType, let url):
                var attributes = XMLAttributes()
                attributes.set("creativeType", creativeType)
                try text(.staticResource, url, attributes)
            case .iframe(let url):
                try text(.iframeResource, url)
            case .html(let markup):
                try text(.htmlResource, markup)
            }
        }
    }
}

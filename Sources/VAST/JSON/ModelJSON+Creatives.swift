/// Creatives and Linear bodies as JSON: media files, mezzanines, interactive and caption files,
/// clicks and icons.
extension ModelJSON {
    /// `{"id"?, "adId"?, "sequence"?, "apiFramework"?, "universalAdIds"?, "linear" | "nonLinearAds" |
    /// "companionAds"?, "creativeExtensions"?}`.
    static func creative(_ creative: VASTCreative) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", creative.id)
        members.add("adId", creative.adId)
        members.add("sequence", creative.sequence)
        members.add("apiFramework", creative.apiFramework)
        members.add(
            "universalAdIds",
            creative.universalAdIds.map { identifier in
                var idMembers = JSONMembers()
                idMembers.add("idRegistry", identifier.idRegistry)
                idMembers.add("idValue", identifier.idValue)
                idMembers.add("value", identifier.value)
                return idMembers.json
            })
        switch creative.kind {
        case .linear(let linear): members.add("linear", self.linear(linear))
        case .nonLinearAds(let ads): members.add("nonLinearAds", nonLinearAds(ads))
        case .companionAds(let ads): members.add("companionAds", companionAds(ads))
        case nil: break
        }
        members.add("creativeExtensions", creative.creativeExtensions.map(extensionJSON))
        return members.json
    }

    private static func linear(_ linear: VASTLinear) -> OrderedJSON {
        var members = JSONMembers()
        members.add("skipOffset", linear.skipOffset)
        members.add("duration", linear.duration)
        members.add("adParameters", linear.adParameters.map(adParameters))
        members.add("mediaFiles", linear.mediaFiles.map(mediaFile))
        members.add("mezzanines", linear.mezzanines.map(mezzanine))
        members.add(
            "interactiveCreativeFiles",
            linear.interactiveCreativeFiles.map { file in
                var fileMembers = JSONMembers()
                fileMembers.add("type", file.type)
                fileMembers.add("apiFramework", file.apiFramework)
                fileMembers.add("variableDuration", file.variableDuration)
                fileMembers.add("url", url: file.url)
                return fileMembers.json
            })
        members.add(
            "closedCaptionFiles",
            linear.closedCaptionFiles.map { file in
                var fileMembers = JSONMembers()
                fileMembers.add("type", file.type)
                fileMembers.add("language", file.language)
                fileMembers.add("url", url: file.url)
                return fileMembers.json
            })
        members.add("trackingEvents", linear.trackingEvents.compactMap(trackingEvent))
        members.add("videoClicks", linear.videoClicks.map(videoClicks))
        members.add("icons", linear.icons.map(icon))
        return members.json
    }

    static func adParameters(_ parameters: VASTAdParameters) -> OrderedJSON {
        var members = JSONMembers()
        members.add("xmlEncoded", parameters.xmlEncoded)
        members.add("value", parameters.value)
        return members.json
    }

    private static func mediaFile(_ file: VASTMediaFile) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", file.id)
        members.add("delivery", file.delivery)
        members.add("type", file.type)
        members.add("width", file.width)
        members.add("height", file.height)
        members.add("codec", file.codec)
        members.add("bitrate", file.bitrate)
        members.add("minBitrate", file.minBitrate)
        members.add("maxBitrate", file.maxBitrate)
        members.add("scalable", file.scalable)
        members.add("maintainAspectRatio", file.maintainAspectRatio)
        members.add("fileSize", file.fileSize)
        members.add("mediaType", file.mediaType)
        members.add("apiFramework", file.apiFramework)
        members.add("url", url: file.url)
        return members.json
    }

    private static func mezzanine(_ file: VASTMezzanine) -> OrderedJSON {
        var members = JSONMembers()
        members.add("id", file.id)
        members.add("delivery", file.delivery)
        members.add("type", file.type)
        members.add("width", file.width)
        members.add("height", file.height)
        members.add("codec", file.codec)
        members.add("fileSize", file.fileSize)
        members.add("mediaType", file.mediaType)
        members.add("url", url: file.url)
        return members.json
    }

    private static func videoClicks(_ clicks: VASTVideoClicks) -> OrderedJSON {
        var members = JSONMembers()
        members.add("clickThrough", clicks.clickThrough.flatMap(tracked))
        members.add("clickTracking", clicks.clickTracking.compactMap(tracked))
        members.add("customClicks", clicks.customClicks.compactMap(tracked))
        return members.json
    }

    private static func icon(_ icon: VASTIcon) -> OrderedJSON {
        var members = JSONMembers()
        members.add("program", icon.program)
        members.add("width", icon.width)
        members.add("height", icon.height)
        members.add("xPosition", icon.xPosition)
        members.add("yPosition", icon.yPosition)
        members.add("duration", icon.duration)
        members.add("offset", icon.offset)
        members.add("apiFramework", icon.apiFramework)
        members.add("pxratio", icon.pxratio)
        members.add("resources", icon.resources.map(resource))
        if let clicks = icon.iconClicks {
            var clickMembers = JSONMembers()
            clickMembers.add("clickThrough", url: clicks.clickThrough)
            clickMembers.add("clickTracking", clicks.clickTracking.compactMap(tracked))
            clickMembers.add(
                "fallbackImages",
                clicks.fallbackImages.map { image in
                    var imageMembers = JSONMembers()
                    imageMembers.add("width", image.width)
                    imageMembers.add("height", image.height)
                    imageMembers.add("altText", image.altText)
                    imageMembers.add("staticResource", url: image.staticResource)
                    return imageMembers.json
                })
            members.add("iconClicks", clickMembers.json)
        }
        members.add("viewTracking", urls: icon.viewTracking)
        members.add("altText", icon.altText)
        members.add("hoverText", icon.hoverText)
        return members.json
    }
}

/// Creatives and Linear bodies: media files, clicks, icons.
extension DocumentWriter {
    /// `<Creatives>`, also when empty where it is required (every InLine; a Wrapper until 3.0).
    mutating func creatives(_ creatives: [VASTCreative]) throws(VASTWriteError) {
        guard !creatives.isEmpty || !inWrapper || !isVAST4 else { return }
        try out.open(.creatives)
        for creative in creatives { try self.creative(creative) }
        out.close()
    }

    private mutating func creative(_ creative: VASTCreative) throws(VASTWriteError) {
        var attributes = XMLAttributes()
        attributes.set("id", creative.id)
        attributes.set(isVAST4 ? "adId" : "AdID", creative.adId)
        attributes.set("sequence", creative.sequence)
        attributes.set("apiFramework", creative.apiFramework)
        try out.open(.creative, attributes)
        let extensions = creative.creativeExtensions
        if isVAST4 {
            // 4.x's schema: CompanionAds, CreativeExtensions, Linear, NonLinearAds, UniversalAdId.
            if let companionAds = creative.companionAds { try self.companionAds(companionAds, creativeExtensions: []) }
            try self.extensions(extensions, container: .creativeExtensions, element: .creativeExtension)
            if let linear = creative.linear { try self.linear(linear, creativeExtensions: []) }
            if let nonLinearAds = creative.nonLinearAds { try self.nonLinearAds(nonLinearAds, creativeExtensions: []) }
            try universalAdIds(creative.universalAdIds)
        } else {
            // 3.0's schema has no CreativeExtensions on the Creative: they sit in its Linear, or in
            // its first NonLinear or Companion. The parser reads them back into the creative.
            try universalAdIds(creative.universalAdIds)
            var placed = true
            switch creative.kind {
            case .linear(let linear):
                try self.linear(linear, creativeExtensions: extensions)
            case .nonLinearAds(let nonLinearAds):
                placed = !nonLinearAds.nonLinears.isEmpty
                try self.nonLinearAds(nonLinearAds, creativeExtensions: placed ? extensions : [])
            case .companionAds(let companionAds):
                placed = !companionAds.companions.isEmpty
                try self.companionAds(companionAds, creativeExtensions: placed ? extensions : [])
            case nil:
                placed = false
            }
            if !placed { try self.extensions(extensions, container: .creativeExtensions, element: .creativeExtension) }
        }
        out.close()
    }

    private mutating func universalAdIds(_ identifiers: [VASTUniversalAdId]) throws(VASTWriteError) {
        for identifier in identifiers {
            var attributes = XMLAttributes()
            attributes.set("idRegistry", identifier.idRegistry)
            attributes.set("idValue", identifier.idValue)
            try text(.universalAdId, identifier.value, attributes)
        }
    }

    // MARK: Linear

    private mutating func linear(_ linear: VASTLinear, creativeExtensions: [VASTExtension]) throws(VASTWriteError) {
        var attributes = XMLAttributes()
        attributes.set("skipoffset", linear.skipOffset)
        try out.open(.linear, attributes)
        if isVAST4 {
            try icons(linear.icons)
            try trackingEvents(linear.trackingEvents)
            try adParameters(linear.adParameters)
            try duration(linear.duration)
            try mediaFiles(linear)
            try videoClicks(linear.videoClicks)
        } else if inWrapper {
            try extensions(creativeExtensions, container: .creativeExtensions, element: .creativeExtension)
            try icons(linear.icons)
            try trackingEvents(linear.trackingEvents)
            try videoClicks(linear.videoClicks)
            try duration(linear.duration)
            try adParameters(linear.adParameters)
            try mediaFiles(linear)
        } else {
            try icons(linear.icons)
            try extensions(creativeExtensions, container: .creativeExtensions, element: .creativeExtension)
            try duration(linear.duration)
            try trackingEvents(linear.trackingEvents)
            try adParameters(linear.adParameters)
            try videoClicks(linear.videoClicks)
            try mediaFiles(linear)
        }
        out.close()
    }

    private mutating func duration(_ duration: VASTTime?) throws(VASTWriteError) {
        guard let duration else { return }
        switch VASTValueText.time(duration) {
        case .success(let value): try text(.duration, value)
        case .failure(let problem):
            throw VASTWriteError(
                .valueOutOfRange, "the duration \(problem.reason)",
                at: out.location(ofNext: .duration))
        }
    }

    mutating func adParameters(_ parameters: VASTAdParameters?) throws(VASTWriteError) {
        guard let parameters else { return }
        var attributes = XMLAttributes()
        attributes.set("xmlEncoded", parameters.xmlEncoded)
        try text(.adParameters, parameters.value, attributes)
    }

    /// `<MediaFiles>`, also when empty in an InLine, which requires it.
    private mutating func mediaFiles(_ linear: VASTLinear) throws(VASTWriteError) {
        guard
            !inWrapper || !linear.mediaFiles.isEmpty || !linear.mezzanines.isEmpty
                || !linear.interactiveCreativeFiles.isEmpty || !linear.closedCaptionFiles.isEmpty
        else { return }
        try out.open(.mediaFiles)
        if isVAST4 { try closedCaptionFiles(linear.closedCaptionFiles) }
        for file in linear.mediaFiles {
            var attributes = XMLAttributes()
            attributes.set("id", file.id)
            attributes.set("delivery", file.delivery)
            attributes.set("type", file.type)
            attributes.set("width", file.width)
            attributes.set("height", file.height)
            attributes.set("codec", file.codec)
            attributes.set("bitrate", file.bitrate)
            attributes.set("minBitrate", file.minBitrate)
            attributes.set("maxBitrate", file.maxBitrate)
            attributes.set("scalable", file.scalable)
            attributes.set("maintainAspectRatio", file.maintainAspectRatio)
            attributes.set("fileSize", file.fileSize)
            attributes.set("mediaType", file.mediaType)
            attributes.set("apiFramework", file.apiFramework)
            try text(.mediaFile, file.url, attributes)
        }
        for file in linear.mezzanines {
            var attributes = XMLAttributes()
            attributes.set("id", file.id)
            attributes.set("delivery", file.delivery)
            attributes.set("type", file.type)
            attributes.set("width", file.width)
            attributes.set("height", file.height)
            attributes.set("codec", file.codec)
            attributes.set("fileSize", file.fileSize)
            attributes.set("mediaType", file.mediaType)
            try text(.mezzanine, file.url, attributes)
        }
        for file in linear.interactiveCreativeFiles {
            var attributes = XMLAttributes()
            attributes.set("type", file.type)
            attributes.set("apiFramework", file.apiFramework)
            attributes.set("variableDuration", file.variableDuration)
            try text(.interactiveCreativeFile, file.url, attributes)
        }
        if !isVAST4 { try closedCaptionFiles(linear.closedCaptionFiles) }
        out.close()
    }

    private mutating func closedCaptionFiles(_ files: [VASTClosedCaptionFile]) throws(VASTWriteError) {
        guard !files.isEmpty else { return }
        try out.open(.closedCaptionFiles)
        for file in files {
            var attributes = XMLAttributes()
            attributes.set("type", file.type)
            attributes.set("language", file.language)
            try text(.closedCaptionFile, file.url, attributes)
        }
        out.close()
    }

    private mutating func videoClicks(_ clicks: VASTVideoClicks?) throws(VASTWriteError) {
        guard let clicks else { return }
        try out.open(.videoClicks)
        if isVAST4 {
            try tracked(.clickTracking, clicks.clickTracking)
            try tracked(.clickThrough, clicks.clickThrough.map { [$0] } ?? [])
        } else {
            try tracked(.clickThrough, clicks.clickThrough.map { [$0] } ?? [])
            try tracked(.clickTracking, clicks.clickTracking)
        }
        try tracked(.customClick, clicks.customClicks)
        out.close()
    }

    // MARK: Icons

    private mutating func icons(_ icons: [VASTIcon]) throws(VASTWriteError) {
        guard !icons.isEmpty else { return }
        try out.open(.icons)
        for icon in icons {
            var attributes = XMLAttributes()
            attributes.set("program", icon.program)
            attributes.set("width", icon.width)
            attributes.set("height", icon.height)
            attributes.set("xPosition", icon.xPosition)
            attributes.set("yPosition", icon.yPosition)
            attributes.set("duration", icon.duration)
            attributes.set("offset", icon.offset)
            attributes.set("apiFramework", icon.apiFramework)
            attributes.set("pxratio", icon.pxratio)
            try out.open(.icon, attributes)
            try resources(icon.resources)
            try iconClicks(icon.iconClicks)
            try urls(.iconViewTracking, icon.viewTracking)
            try text(.altText, icon.altText)
            try text(.hoverText, icon.hoverText)
            out.close()
        }
        out.close()
    }

    private mutating func iconClicks(_ clicks: VASTIconClicks?) throws(VASTWriteError) {
        guard let clicks else { return }
        try out.open(.iconClicks)
        if isVAST4 {
            try fallbackImages(clicks.fallbackImages)
            try text(.iconClickThrough, clicks.clickThrough)
            try tracked(.iconClickTracking, clicks.clickTracking)
        } else {
            try tracked(.iconClickTracking, clicks.clickTracking)
            try text(.iconClickThrough, clicks.clickThrough)
            try fallbackImages(clicks.fallbackImages)
        }
        out.close()
    }

    private mutating func fallbackImages(_ images: [VASTIconClickFallbackImage]) throws(VASTWriteError) {
        guard !images.isEmpty else { return }
        try out.open(.iconClickFallbackImages)
        for image in images {
            var attributes = XMLAttributes()
            attributes.set("width", image.width)
            attributes.set("height", image.height)
            try out.open(.iconClickFallbackImage, attributes)
            try text(.altText, image.altText)
            try text(.staticResource, image.staticResource)
            out.close()
        }
        out.close()
    }
}

/// Closing the elements whose text is their value.
extension VASTModelBuilder {
    mutating func finishLeaf(_ element: VASTElement) {
        let written = String(decoding: text, as: UTF8.self)
        let value = element.holdsURL ? checkedURL(written, in: element) : written.trimmingASCIIWhitespace()
        let parent = frames.count >= 2 ? frames[frames.count - 2].element : nil
        switch element {
        case .adSystem:
            let system = VASTAdSystem(name: value, version: attr("version"))
            common.adSystem = system
        case .adTitle: inLine?.adTitle = value
        case .adServingId: inLine?.adServingId = value
        case .description: inLine?.description = value
        case .advertiser:
            let advertiser = VASTAdvertiser(name: value, id: attr("id"))
            inLine?.advertiser = advertiser
        case .category:
            let category = VASTCategory(authority: attr("authority"), value: value)
            inLine?.categories.append(category)
        case .blockedAdCategories:
            let category = VASTCategory(authority: attr("authority"), value: value)
            wrapper?.blockedAdCategories.append(category)
        case .pricing:
            let pricing = VASTPricing(model: attr("model"), currency: attr("currency"), value: value)
            common.pricing = pricing
        case .survey:
            let survey = VASTSurvey(type: attr("type"), url: value)
            inLine?.surveys.append(survey)
        case .expires:
            if let seconds = Int(value), seconds >= 0 {
                inLine?.expires = seconds
            } else {
                report(.error, .content, "value.format", "<Expires> \"\(value.prefix(40))\" is not a number of seconds")
            }
        case .error:
            if parent == .vast { rootErrors.append(value) } else { common.errors.append(value) }
        case .impression:
            let impression = VASTImpression(id: attr("id"), url: value)
            common.impressions.append(impression)
        case .viewable: viewable?.viewable.append(value)
        case .notViewable: viewable?.notViewable.append(value)
        case .viewUndetermined: viewable?.viewUndetermined.append(value)
        case .javaScriptResource:
            let resource = VASTJavaScriptResource(
                apiFramework: attr("apiFramework"), browserOptional: boolAttr("browserOptional"), url: value)
            verification?.javaScriptResources.append(resource)
        case .executableResource:
            let resource = VASTExecutableResource(apiFramework: attr("apiFramework"), type: attr("type"), url: value)
            verification?.executableResources.append(resource)
        case .verificationParameters: verification?.parameters = value
        case .tracking: finishTracking(value)
        case .vastAdTagURI: wrapper?.vastAdTagURI = value
        case .universalAdId:
            let identifier = VASTUniversalAdId(idRegistry: attr("idRegistry"), idValue: attr("idValue"), value: value)
            creative?.universalAdIds.append(identifier)
        case .duration:
            let duration = time(value, what: "<Duration>")
            linear?.duration = duration
        case .adParameters: finishAdParameters(value, parent: parent)
        case .mediaFile:
            let file = mediaFile(value)
            linear?.mediaFiles.append(file)
        case .mezzanine:
            let file = mezzanine(value)
            linear?.mezzanines.append(file)
        case .interactiveCreativeFile:
            let file = VASTInteractiveCreativeFile(
                type: attr("type"), apiFramework: attr("apiFramework"),
                variableDuration: boolAttr("variableDuration"), url: value)
            linear?.interactiveCreativeFiles.append(file)
        case .closedCaptionFile:
            let file = VASTClosedCaptionFile(type: attr("type"), language: attr("language"), url: value)
            linear?.closedCaptionFiles.append(file)
        case .clickThrough:
            let click = trackedURL(value)
            videoClicks?.clickThrough = click
        case .clickTracking:
            let click = trackedURL(value)
            videoClicks?.clickTracking.append(click)
        case .customClick:
            let click = trackedURL(value)
            videoClicks?.customClicks.append(click)
        case .staticResource, .iframeResource, .htmlResource: finishResource(element, value, parent: parent)
        case .iconClickThrough: iconClicks?.clickThrough = value
        case .iconClickTracking:
            let click = trackedURL(value)
            iconClicks?.clickTracking.append(click)
        case .iconViewTracking: icon?.viewTracking.append(value)
        case .altText:
            if parent == .companion {
                companion?.altText = value
            } else if parent == .iconClickFallbackImage {
                fallbackImage?.altText = value
            } else {
                icon?.altText = value
            }
        case .hoverText: icon?.hoverText = value
        case .nonLinearClickThrough: nonLinear?.clickThrough = value
        case .nonLinearClickTracking:
            let click = trackedURL(value)
            nonLinear?.clickTracking.append(click)
        case .companionClickThrough: companion?.clickThrough = value
        case .companionClickTracking:
            let click = trackedURL(value)
            companion?.clickTracking.append(click)
        default: break
        }
    }

    private mutating func trackedURL(_ url: String) -> VASTTrackedURL {
        VASTTrackedURL(id: attr("id"), url: url)
    }

    private mutating func finishTracking(_ url: String) {
        guard let name = attr("event") else { return }
        let owner = frames.count >= 3 ? frames[frames.count - 3].element : nil
        if owner == .verification {
            if name != VASTTrackingEventName.verificationNotExecuted.rawValue {
                report(.error, .content, "tracking.event-unknown",
                       "event \"\(name)\" is not a Verification event (only verificationNotExecuted is)")
            }
        } else if !VASTSpecRules.trackingEvents(in: version).contains(name) {
            if VASTSpecRules.allTrackingEvents.contains(name) {
                report(.warning, .content, "tracking.event-version",
                       "event \"\(name)\" is not defined in VAST \(version.rawValue) (other versions define it)")
            } else {
                report(.error, .content, "tracking.event-unknown", "event \"\(name.prefix(40))\" is not a VAST tracking event")
            }
        }
        let event = VASTTrackingEventName(rawValue: name)
        let offset = offsetAttr("offset")
        if event == .progress && offset == nil && attr("offset") == nil {
            report(.error, .content, "tracking.progress-offset", "a progress event needs an offset attribute")
        }
        let tracking = VASTTrackingEvent(event: event, offset: offset, url: url)
        switch owner {
        case .linear: linear?.trackingEvents.append(tracking)
        case .nonLinearAds: nonLinearAds?.trackingEvents.append(tracking)
        case .companion: companion?.trackingEvents.append(tracking)
        case .verification: verification?.trackingEvents.append(tracking)
        default: break
        }
    }

    private mutating func finishAdParameters(_ value: String, parent: VASTElement?) {
        let parameters = VASTAdParameters(xmlEncoded: boolAttr("xmlEncoded"), value: value)
        switch parent {
        case .linear: linear?.adParameters = parameters
        case .nonLinear: nonLinear?.adParameters = parameters
        case .companion: companion?.adParameters = parameters
        default: break
        }
    }

    private mutating func finishResource(_ element: VASTElement, _ value: String, parent: VASTElement?) {
        let resource: VASTResource
        switch element {
        case .staticResource:
            let creativeType = attr("creativeType")
            resource = .staticResource(creativeType: creativeType, url: value)
        case .iframeResource: resource = .iframe(url: value)
        default: resource = .html(value)
        }
        switch parent {
        case .icon: icon?.resources.append(resource)
        case .nonLinear: nonLinear?.resources.append(resource)
        case .companion: companion?.resources.append(resource)
        case .iconClickFallbackImage: fallbackImage?.staticResource = value
        default: break
        }
    }

    private mutating func mediaFile(_ url: String) -> VASTMediaFile {
        var file = VASTMediaFile(url: url)
        file.id = attr("id")
        file.delivery = attr("delivery")
        file.type = attr("type")
        file.width = intAttr("width")
        file.height = intAttr("height")
        file.codec = attr("codec")
        file.bitrate = intAttr("bitrate")
        file.minBitrate = intAttr("minBitrate")
        file.maxBitrate = intAttr("maxBitrate")
        file.scalable = boolAttr("scalable")
        file.maintainAspectRatio = boolAttr("maintainAspectRatio")
        file.fileSize = intAttr("fileSize")
        file.mediaType = attr("mediaType")
        file.apiFramework = attr("apiFramework")
        return file
    }

    private mutating func mezzanine(_ url: String) -> VASTMezzanine {
        var file = VASTMezzanine(url: url)
        file.id = attr("id")
        file.delivery = attr("delivery")
        file.type = attr("type")
        file.width = intAttr("width")
        file.height = intAttr("height")
        file.codec = attr("codec")
        file.fileSize = intAttr("fileSize")
        file.mediaType = attr("mediaType")
        return file
    }

    /// Trims a URI and reports what players would tolerate or choke on.
    private mutating func checkedURL(_ written: String, in element: VASTElement) -> String {
        let url = written.trimmingASCIIWhitespace()
        guard !url.isEmpty else {
            if element == .vastAdTagURI || element == .mediaFile {
                report(.error, .content, "url.empty", "<\(element.name)> has no URI")
            } else if element != .impression && element != .error {
                report(.warning, .content, "url.empty", "<\(element.name)> has no URI")
            }
            return url
        }
        if cdataChunks > 1 {
            report(.warning, .tolerance, "url.split",
                   "the URI is split across \(cdataChunks) CDATA sections; joined as one")
        }
        if cdataChunks > 0 ? cdataPadded : url.utf8.count != written.utf8.count {
            report(.info, .tolerance, "url.whitespace", "whitespace around the URI was trimmed")
        }
        checkScheme(url, in: element)
        if url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            report(.warning, .content, "url.invalid", "the URI contains spaces or control characters")
        }
        if let macro = firstUnencodedMacro(url) {
            report(.info, .schema, "url.macro-unencoded",
                   "macro [\(macro)] is not percent-encoded (fine for players; the XML schema's anyURI rejects it)")
        }
        return url
    }

    private mutating func checkScheme(_ url: String, in element: VASTElement) {
        let lower = url.prefix(8).lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return }
        if element == .impression && url == "about:blank" { return }
        if url.hasPrefix("//") {
            report(.warning, .content, "url.invalid", "the URI is protocol-relative (\(url.prefix(40))); players assume https")
        } else if lower.hasPrefix("rtmp://") || lower.hasPrefix("rtmps://") || lower.hasPrefix("rtsp://") {
            report(.warning, .content, "url.invalid", "\"\(url.prefix(60))\" is a streaming URL most players cannot open")
        } else {
            report(.error, .content, "url.invalid", "<\(element.name)> \"\(url.prefix(60))\" is not an http(s) URL",
                   code: element == .vastAdTagURI ? .wrapper : nil)
        }
    }

    /// The name of the first `[MACRO]` (capitals, digits, underscores) written in clear in a URI.
    private func firstUnencodedMacro(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x5B {
                var end = index + 1
                while end < bytes.count, (bytes[end] >= 0x41 && bytes[end] <= 0x5A) || bytes[end] == 0x5F
                    || (bytes[end] >= 0x30 && bytes[end] <= 0x39) {
                    end += 1
                }
                if end < bytes.count, bytes[end] == 0x5D, end > index + 1 {
                    return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                }
            }
            index += 1
        }
        return nil
    }
}

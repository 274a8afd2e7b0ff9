internal import CLibXML2
import Glibc

/// Closing the elements whose text is their value.
extension VASTModelBuilder {
    mutating func finishLeaf(_ element: VASTElement) {
        let value = element.holdsURL ? checkedURL(in: element) : Self.trimmedText(text)
        let parent = frames.count >= 2 ? frames[frames.count - 2].element : nil
        if value.isEmpty, let row = VASTSpecRules.leafContentTable[Int(element.rawValue)] { requireValue(row) }
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
            let model = enumAttr("model", of: .pricing, allowed: ["CPM", "CPC", "CPE", "CPV"], ignoringCase: true)
            let pricing = VASTPricing(model: model, currency: currencyAttr(), value: value)
            checkPrice(value)
            common.pricing = pricing
        case .survey:
            let survey = VASTSurvey(type: attr("type"), url: value)
            inLine?.surveys.append(survey)
        case .expires:
            if let seconds = Int(value), seconds >= 0 {
                if VASTValueBounds.expiresSeconds.contains(seconds) {
                    inLine?.expires = seconds
                } else {
                    report(
                        .error, .content, "value.range",
                        "<Expires> \(seconds) is more than a year of seconds; read as no expiry")
                }
            } else {
                report(.error, .content, "value.format", "<Expires> \"\(value.prefix(40))\" is not a number of seconds")
            }
        case .error:
            if parent == .vast { rootErrors.append(value) } else { common.errors.append(value, roomForFirst: 4) }
        case .impression:
            let impression = VASTImpression(id: attr("id"), url: value)
            common.impressions.append(impression, roomForFirst: 4)
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
        case .url:
            if parent == .vastAdTagURL, wrapper?.vastAdTagURI == nil { wrapper?.vastAdTagURI = value }
        case .universalAdId:
            let identifier = VASTUniversalAdId(idRegistry: attr("idRegistry"), idValue: attr("idValue"), value: value)
            creative?.universalAdIds.append(identifier)
        case .duration:
            let duration = time(value, what: "<Duration>")
            linear?.duration = duration
        case .adParameters: finishAdParameters(value, parent: parent)
        case .mediaFile:
            let file = mediaFile(value)
            linear?.mediaFiles.append(file, roomForFirst: 4)
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
            videoClicks?.clickTracking.append(click, roomForFirst: 4)
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

    /// `<Pricing>` holds an xs:decimal (3.4.8) that mediation ranks by: a plain decimal number
    /// inside ``VASTValueBounds/price`` (no sign, exponent, `inf` or `nan`, which `Double` would read).
    private mutating func checkPrice(_ value: String) {
        let plain =
            !value.isEmpty && value.utf8.count <= 32
            && value.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
        guard plain, let amount = Double(value) else {
            report(.error, .content, "value.format", "<Pricing> \"\(value.prefix(40))\" is not a decimal number")
            return
        }
        if !VASTValueBounds.price.contains(amount) {
            report(
                .error, .content, "value.range",
                "<Pricing> \(value.prefix(40)) is above \(Int(VASTValueBounds.price.upperBound)); no real ad costs that"
            )
        }
    }

    /// An element whose value the text requires (``VASTSpecRules/contentRequirements``: AdSystem,
    /// AdTitle, AdServingId; UniversalAdId and an InLine's ClickThrough as warnings) is empty: as
    /// good as none.
    private mutating func requireValue(_ row: VASTSpecRules.ContentRequirement) {
        guard row.applies(to: version, inWrapper: inWrapper), let id = row.ruleID else { return }
        if row.level == .content {
            report(
                .error, .content, "element.empty", "<\(row.element.name)> is empty; VAST requires a value",
                subrule: id)
        } else {
            report(
                .warning, .content, "element.empty",
                "<\(row.element.name)> is empty; the VAST text requires a value (section \(row.section)): "
                    + row.fallback, subrule: id)
        }
    }

    /// True when an empty `element` is reported by ``requireValue(_:)`` here, not as an empty URI.
    private func requiresValue(_ element: VASTElement) -> Bool {
        VASTSpecRules.leafContentTable[Int(element.rawValue)]?.applies(to: version, inWrapper: inWrapper) == true
    }

    /// `currency`: an ISO 4217 code, three letters (the schema's pattern).
    private mutating func currencyAttr() -> String? {
        guard let text = attr("currency") else { return nil }
        let letters = text.utf8.count == 3 && text.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        if !letters {
            report(
                .warning, .content, "attribute.enumeration",
                "currency=\"\(text.prefix(40))\" is not a three-letter ISO 4217 code (prices cannot be compared)",
                subrule: "attribute.enumeration.Pricing.currency")
        }
        return text
    }

    private mutating func trackedURL(_ url: String) -> VASTTrackedURL {
        VASTTrackedURL(id: attr("id"), url: url)
    }

    private mutating func finishTracking(_ url: String) {
        guard let eventIndex = attrIndex("event") else { return }
        let name = attrValue(at: eventIndex)
        let owner = frames.count >= 3 ? frames[frames.count - 3].element : nil
        if owner == .verification {
            if name != VASTTrackingEventName.verificationNotExecuted.rawValue {
                report(
                    .error, .content, "tracking.event-unknown",
                    "event \"\(name)\" is not a Verification event (only verificationNotExecuted is)")
            }
        } else if let versions = Self.trackingEventVersions(attrs[eventIndex], in: attrValues, rows: trackingEventRows),
            versions & VASTSpecRules.trackingEventBit(of: version) != 0
        {
            // Defined in this version: nothing to report.
        } else {
            if Self.trackingEventVersions(attrs[eventIndex], in: attrValues, rows: trackingEventRows) != nil {
                report(
                    .warning, .content, "tracking.event-version",
                    "event \"\(name)\" is not defined in VAST \(version.rawValue) (other versions define it)")
            } else {
                report(
                    .error, .content, "tracking.event-unknown",
                    "event \"\(name.prefix(40))\" is not a VAST tracking event")
            }
        }
        let event = VASTTrackingEventName(rawValue: name)
        let written = attr("offset")
        let offset = written.flatMap { timeOffset($0, name: "offset") }
        if event == .progress && written == nil {
            report(.error, .content, "tracking.progress-offset", "a progress event needs an offset attribute")
        } else if let written, event != .progress || owner != .linear {
            report(
                .warning, .content, "tracking.offset-ignored",
                event != .progress
                    ? "offset=\"\(written.prefix(40))\" on a \(name.prefix(40)) event is ignored: players fire it at its own moment "
                        + "(only progress takes an offset)"
                    : "offset=\"\(written.prefix(40))\" is only read under <Linear>; players ignore this progress event"
            )
        }
        let tracking = VASTTrackingEvent(event: event, offset: offset, url: url)
        switch owner {
        case .linear: linear?.trackingEvents.append(tracking, roomForFirst: 16)
        case .nonLinearAds: nonLinearAds?.trackingEvents.append(tracking, roomForFirst: 4)
        case .companion: companion?.trackingEvents.append(tracking, roomForFirst: 4)
        case .verification: verification?.trackingEvents.append(tracking)
        default: break
        }
    }

    /// The versions that define the event named by `slot`'s value (``VASTSpecRules/TrackingEventRow``),
    /// or `nil` for a name no version defines; read from the bytes, so no `String` is hashed. Every
    /// name is ASCII with no letter a Unicode singleton maps to (no `K`), so bytes compare as the
    /// strings did.
    private static func trackingEventVersions(
        _ slot: AttributeSlot, in values: [UInt8], rows: [VASTSpecRules.TrackingEventRow]
    ) -> UInt8? {
        let count = slot.end - slot.start
        return values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            for row in rows where row.name.utf8CodeUnitCount == count {
                if count == 0 || memcmp(base + slot.start, row.name.utf8Start, count) == 0 { return row.versions }
            }
            return nil
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
        file.delivery = enumAttr("delivery", of: .mediaFile, allowed: ["progressive", "streaming"], severity: .error)
        file.type = attr("type")
        file.width = intAttr("width", in: VASTValueBounds.pixels, code: .linear)
        file.height = intAttr("height", in: VASTValueBounds.pixels, code: .linear)
        file.codec = attr("codec")
        file.bitrate = intAttr("bitrate", in: VASTValueBounds.bitrateKbps, code: .linear)
        file.minBitrate = intAttr("minBitrate", in: VASTValueBounds.bitrateKbps, code: .linear)
        file.maxBitrate = intAttr("maxBitrate", in: VASTValueBounds.bitrateKbps, code: .linear)
        file.scalable = boolAttr("scalable")
        file.maintainAspectRatio = boolAttr("maintainAspectRatio")
        file.fileSize = intAttr("fileSize", in: VASTValueBounds.fileSizeBytes, code: .linear)
        file.mediaType = attr("mediaType")
        file.apiFramework = attr("apiFramework")
        return file
    }

    private mutating func mezzanine(_ url: String) -> VASTMezzanine {
        var file = VASTMezzanine(url: url)
        file.id = attr("id")
        file.delivery = enumAttr("delivery", of: .mezzanine, allowed: ["progressive", "streaming"], severity: .error)
        file.type = attr("type")
        file.width = intAttr("width", in: VASTValueBounds.pixels, code: .linear)
        file.height = intAttr("height", in: VASTValueBounds.pixels, code: .linear)
        file.codec = attr("codec")
        file.fileSize = intAttr("fileSize", in: VASTValueBounds.fileSizeBytes, code: .linear)
        file.mediaType = attr("mediaType")
        return file
    }

    // The helpers below are static and take the bytes: a non-mutating method called from a
    // mutating one copies part of the builder (callgrind shows a memcpy per call).

    /// The bounds of the collected text without its leading and trailing ASCII whitespace.
    private static func trimmedRange(_ text: [UInt8]) -> Range<Int> {
        var lower = 0
        var upper = text.count
        while lower < upper && text[lower].isASCIIWhitespace { lower += 1 }
        while upper > lower && text[upper - 1].isASCIIWhitespace { upper -= 1 }
        return lower..<upper
    }

    /// The element's text, trimmed, as one string made once from the collected bytes.
    private static func trimmedText(_ text: [UInt8]) -> String {
        String(decoding: text[trimmedRange(text)], as: UTF8.self)
    }

    /// Trims a URI and reports what players would tolerate or choke on. Works on the collected
    /// bytes: this runs for most elements of a document.
    private mutating func checkedURL(in element: VASTElement) -> String {
        let range = Self.trimmedRange(text)
        let url = String(decoding: text[range], as: UTF8.self)
        guard !range.isEmpty else {
            if element == .vastAdTagURI || element == .url || element == .mediaFile {
                report(.error, .content, "url.empty", "<\(element.name)> has no URI")
            } else if element != .impression && element != .error && !requiresValue(element) {
                report(.warning, .content, "url.empty", "<\(element.name)> has no URI")
            }
            return url
        }
        if cdataChunks > 1 {
            report(
                .warning, .tolerance, "url.split",
                "the URI is split across \(cdataChunks) CDATA sections; joined as one")
        }
        if cdataChunks > 0 ? cdataPadded : range.count != text.count {
            report(.info, .tolerance, "url.whitespace", "whitespace around the URI was trimmed")
        }
        var hasControl = false
        var macro: Range<Int>?
        var http = false
        text.withUnsafeBufferPointer { buffer in
            let url = UnsafeBufferPointer(rebasing: buffer[range])
            guard let base = url.baseAddress else { return }
            hasControl = vast_has_control(base, url.count) != 0
            http = Self.hasScheme(url, "http://") || Self.hasScheme(url, "https://")
            guard memchr(base, 0x5B, url.count) != nil else { return }
            macro = Self.firstMacro(in: url).map {
                ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound)
            }
        }
        if !http {
            checkScheme(url, in: element)
        } else if let urlValidator, let problem = urlValidator.problem(url) {
            report(
                .error, .content, "url.unparseable",
                "<\(element.name)> \"\(url.prefix(60))\" is not a URL a player can fetch: \(problem)",
                code: element == .vastAdTagURI || element == .url ? .wrapper : nil)
        }
        if hasControl {
            report(.warning, .content, "url.invalid", "the URI contains spaces or control characters")
        }
        if macro != nil, !acceptsFindings {
            report(.info, .schema, "url.macro-unencoded", "")
        } else if let macro {
            report(
                .info, .schema, "url.macro-unencoded",
                "macro [\(String(decoding: text[macro], as: UTF8.self))] is not percent-encoded "
                    + "(fine for players; the XML schema's anyURI rejects it)")
        }
        return url
    }

    /// The name range of the first `[MACRO]` written in clear, named as `VASTMacroExpander` names macros: a
    /// capital, then up to 63 capitals, digits or underscores (`a[0]=1` holds none).
    private static func firstMacro(in url: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start: Int?
        for (index, byte) in url.enumerated() {
            if byte == 0x5B {
                start = index + 1
            } else if let open = start {
                if byte == 0x5D && index > open { return open..<index }
                let capital = byte >= 0x41 && byte <= 0x5A
                let later = index > open && (byte == 0x5F || (byte >= 0x30 && byte <= 0x39))
                if !(capital || later) || index - open >= VASTMacroExpander.maximumNameLength { start = nil }
            }
        }
        return nil
    }

    /// True when `url` starts with `scheme` (ASCII, any case).
    private static func hasScheme(_ url: UnsafeBufferPointer<UInt8>, _ scheme: StaticString) -> Bool {
        guard url.count >= scheme.utf8CodeUnitCount else { return false }
        let pattern = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
        for (offset, expected) in pattern.enumerated() where url[offset] | 0x20 != expected | 0x20 {
            return false
        }
        return true
    }

    /// True when `url` starts with an RFC 3986 scheme (`letter *( letter / digit / "+" / "-" / "." ) ":"`).
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.utf8.firstIndex(of: 0x3A) else { return false }
        let scheme = url.utf8[..<colon]
        guard let first = scheme.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return false }
        return scheme.allSatisfy { byte in
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D
                || byte == 0x2E
        }
    }

    private mutating func checkScheme(_ url: String, in element: VASTElement) {
        let lower = url.prefix(8).lowercased()
        if element == .impression && url == "about:blank" { return }
        // VAST 4.3 lets an InteractiveCreativeFile carry its HTML inline as a data URI (3.9.3).
        if element == .interactiveCreativeFile && version >= .v4_3 && lower.hasPrefix("data:") { return }
        // ExecutableResource may hold any reference its apiFramework understands (3.17.2), not only a URL.
        if element == .executableResource { return }
        let tagURI = element == .vastAdTagURI || element == .url
        if tagURI && !url.hasPrefix("//") && !Self.hasScheme(url) {
            report(
                .warning, .tolerance, "url.relative",
                "<\(element.name)> \"\(url.prefix(60))\" is relative: resolved against the URL of this document "
                    + "(a file's folder for a file), as players do")
        } else if url.hasPrefix("//") {
            report(
                .warning, .content, "url.invalid",
                "the URI is protocol-relative (\(url.prefix(40))); players assume https")
        } else if lower.hasPrefix("rtmp://") || lower.hasPrefix("rtmps://") || lower.hasPrefix("rtsp://") {
            report(
                .warning, .content, "url.invalid", "\"\(url.prefix(60))\" is a streaming URL most players cannot open")
        } else {
            report(
                .error, .content, "url.invalid", "<\(element.name)> \"\(url.prefix(60))\" is not an http(s) URL",
                code: element == .vastAdTagURI || element == .url ? .wrapper : nil)
        }
    }
}

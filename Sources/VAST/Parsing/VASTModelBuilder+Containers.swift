internal import CLibXML2

/// Opening and closing the elements that hold other elements.
extension VASTModelBuilder {
    mutating func startRoot(
        _ known: VASTElement?, localname: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?,
        attributes: SAXAttributes
    ) {
        sawRoot = true
        guard known == .vast || known == .videoAdServingTemplate else {
            fatal = VASTParseError(
                .notVAST, "the root element is <\(String(cString: localname))>, not <VAST>", line: line)
            return
        }
        readAttributes(attributes)
        let written = attr("version")
        rawVersion = written ?? ""
        if known == .videoAdServingTemplate {
            refuseVersion(
                "VAST 1.0 document (root <VideoAdServingTemplate>) is not supported; VAST 2.0 to 4.3 are",
                name: "VideoAdServingTemplate")
            return
        }
        if let written {
            guard let known = VASTVersion(rawValue: written.trimmingASCIIWhitespace()) else {
                refuseVersion("VAST version \"\(written.prefix(20))\" is not supported; 2.0 to 4.3 are", name: "VAST")
                return
            }
            version = known
        }
        push(Frame(element: .vast, index: 1, mark: mark))
        rootNamespace = uri
        if written == nil {
            report(
                .error, .content, "required-attribute",
                "<VAST> must have a version attribute; read as VAST \(version.rawValue)",
                subrule: "required-attribute.VAST.version")
        }
        let namespace = uri.map { String(cString: $0) }
        if version.isVAST4 && namespace != "http://www.iab.com/VAST" {
            report(
                .warning, .schema, "schema.namespace",
                namespace == nil
                    ? "VAST \(version.rawValue) documents belong to xmlns=\"http://www.iab.com/VAST\"; none is declared"
                    : "namespace \(namespace ?? "") is not http://www.iab.com/VAST")
        }
    }

    /// Refuses the document's version (102) but reads on, skipping everything, so that the
    /// error can say what the document holds.
    private mutating func refuseVersion(_ message: String, name: String) {
        var error = VASTParseError(.unsupportedVersion, message, line: line)
        error.documentVersion = rawVersion.isEmpty ? nil : rawVersion
        unsupported = error
        pushUnknown(name, index: 1)
        skipDepth = 1
    }

    /// Opens a container; its attributes are in ``attrs``.
    mutating func open(_ element: VASTElement) {
        switch element {
        case .ad:
            pendingAd = VASTAd(
                id: attr("id"), sequence: sequenceAttr(),
                adType: enumAttr("adType", of: .ad, allowed: ["video", "audio", "hybrid"]),
                conditionalAd: boolAttr("conditionalAd"), content: .inLine(VASTInLine()))
            adContent = nil
        case .inLine:
            inWrapper = false
            common = VASTAdCommon()
            inLine = VASTInLine()
            if case .some = adContent { duplicateBody() }
        case .wrapper:
            inWrapper = true
            common = VASTAdCommon()
            var body = VASTWrapper()
            body.followAdditionalWrappers = boolAttr("followAdditionalWrappers") ?? true
            body.allowMultipleAds = boolAttr("allowMultipleAds") ?? false
            body.fallbackOnNoAd = boolAttr("fallbackOnNoAd")
            wrapper = body
            if case .some = adContent { duplicateBody() }
        case .viewableImpression:
            viewable = VASTViewableImpression(id: attr("id"))
        case .verification:
            verification = VASTVerification(vendor: attr("vendor"))
        case .creative:
            var value = VASTCreative()
            value.id = attr("id")
            value.adId = attr(version.isVAST4 ? "adId" : "AdID")
            value.sequence = sequenceAttr()
            value.apiFramework = attr("apiFramework")
            creative = value
        case .linear:
            var value = VASTLinear()
            value.skipOffset = offsetAttr("skipoffset")
            linear = value
        case .videoClicks:
            videoClicks = VASTVideoClicks()
        case .icon:
            openIcon()
        case .iconClicks:
            iconClicks = VASTIconClicks()
        case .iconClickFallbackImage:
            var value = VASTIconClickFallbackImage()
            value.width = intAttr("width", in: VASTValueBounds.pixels, code: .linear)
            value.height = intAttr("height", in: VASTValueBounds.pixels, code: .linear)
            fallbackImage = value
        case .nonLinearAds:
            nonLinearAds = VASTNonLinearAds()
        case .nonLinear:
            openNonLinear()
        case .companionAds:
            var value = VASTCompanionAds()
            value.required = enumAttr("required", of: .companionAds, allowed: ["all", "any", "none"])
            companionAds = value
        case .companion:
            openCompanion()
        case .vastAdTagURL:
            report(
                .warning, .schema, "schema.legacy",
                "<VASTAdTagURL><URL> is the early VAST 2 spelling of <VASTAdTagURI>; read as it, as players do")
        case .extensionElement, .creativeExtension:
            let type = attr("type")
            var attributes: [VASTAttribute] = []
            attributes.reserveCapacity(attrs.count)
            for index in attrs.indices {
                attributes.append(VASTAttribute(name: attributeName(attrs[index].name), value: attrValue(at: index)))
            }
            pendingExtension = VASTExtension(type: type, attributes: attributes, rawXML: "")
            raw.reset()
            rawDepth = 1
        default:
            break
        }
    }

    private mutating func duplicateBody() {
        report(
            .error, .content, "ad.content-ambiguous", "an <Ad> holds more than one InLine or Wrapper; the last is used")
    }

    private mutating func openIcon() {
        var value = VASTIcon()
        value.program = attr("program")
        value.width = intAttr("width", in: VASTValueBounds.pixels, code: .linear)
        value.height = intAttr("height", in: VASTValueBounds.pixels, code: .linear)
        value.xPosition = positionAttr("xPosition", keywords: ["left", "right"])
        value.yPosition = positionAttr("yPosition", keywords: ["top", "bottom"])
        value.duration = timeAttr("duration")
        value.offset = timeAttr("offset")
        value.apiFramework = attr("apiFramework")
        value.pxratio = decimalTextAttr("pxratio", in: VASTValueBounds.pixelRatio)
        icon = value
    }

    private mutating func openNonLinear() {
        var value = VASTNonLinear()
        value.id = attr("id")
        value.width = intAttr("width", in: VASTValueBounds.pixels, code: .nonLinear)
        value.height = intAttr("height", in: VASTValueBounds.pixels, code: .nonLinear)
        value.expandedWidth = intAttr("expandedWidth", in: VASTValueBounds.pixels, code: .nonLinear)
        value.expandedHeight = intAttr("expandedHeight", in: VASTValueBounds.pixels, code: .nonLinear)
        value.scalable = boolAttr("scalable")
        value.maintainAspectRatio = boolAttr("maintainAspectRatio")
        value.minSuggestedDuration = timeAttr("minSuggestedDuration")
        value.apiFramework = attr("apiFramework")
        nonLinear = value
    }

    private mutating func openCompanion() {
        var value = VASTCompanion()
        value.id = attr("id")
        value.width = intAttr("width", in: VASTValueBounds.pixels, code: .companion)
        value.height = intAttr("height", in: VASTValueBounds.pixels, code: .companion)
        value.assetWidth = intAttr("assetWidth", in: VASTValueBounds.pixels, code: .companion)
        value.assetHeight = intAttr("assetHeight", in: VASTValueBounds.pixels, code: .companion)
        value.expandedWidth = intAttr("expandedWidth", in: VASTValueBounds.pixels, code: .companion)
        value.expandedHeight = intAttr("expandedHeight", in: VASTValueBounds.pixels, code: .companion)
        value.apiFramework = attr("apiFramework")
        // The IAB wrote both spellings up to 4.0 (the 3.0 draft schema adSlotId, the 4.0 schema and its
        // samples adSlotID); from 4.1 the schema says adSlotId, and another spelling is a case finding.
        if version < .v4_1,
            let written = attrs.indices.first(where: {
                attrs[$0].nameLength == 8
                    && (Self.sameName(attrs[$0].name, "adSlotID") || Self.sameName(attrs[$0].name, "adSlotId"))
            })
        {
            value.adSlotId = attrValue(at: written)
        } else {
            value.adSlotId = attr("adSlotId")
        }
        value.pxratio = decimalTextAttr("pxratio", in: VASTValueBounds.pixelRatio)
        value.renderingMode = attr("renderingMode")
        companion = value
    }

    mutating func close(_ element: VASTElement) {
        switch element {
        case .ad:
            closeAd()
        case .inLine:
            checkImpressionsHaveURIs()
            // Moved, not copied: a copy retains every array and string the ad holds, and the
            // release of the original frees nothing. `common` is made anew when the next body opens.
            if var body = inLine.take() {
                swap(&body.common, &common)
                adContent = .inLine(body)
            }
        case .wrapper:
            checkImpressionsHaveURIs()
            if var body = wrapper.take() {
                swap(&body.common, &common)
                adContent = .wrapper(body)
            }
        case .viewableImpression:
            if let viewable = viewable.take() { common.viewableImpressions.append(viewable) }
        case .verification:
            if let verification = verification.take() {
                if verification.javaScriptResources.isEmpty && verification.executableResources.isEmpty {
                    report(
                        .warning, .content, "resource.missing",
                        "<Verification> has no <JavaScriptResource> or <ExecutableResource>: the player can only "
                            + "fire its verificationNotExecuted tracking", code: VASTErrorCode(rawValue: 410),
                        subrule: "resource.missing.Verification")
                }
                common.verifications.append(verification)
            }
        case .creative:
            closeCreative()
        case .linear:
            setKind(linear.take().map { .linear($0) })
        case .videoClicks:
            linear?.videoClicks = videoClicks.take()
        case .icon:
            if let icon = icon.take() {
                requireResource(icon.resources, of: .icon, code: .linear)
                linear?.icons.append(icon)
            }
        case .iconClicks:
            icon?.iconClicks = iconClicks.take()
        case .iconClickFallbackImage:
            if let fallbackImage = fallbackImage.take() { iconClicks?.fallbackImages.append(fallbackImage) }
        case .nonLinearAds:
            setKind(nonLinearAds.take().map { .nonLinearAds($0) })
        case .nonLinear:
            if let nonLinear = nonLinear.take() {
                requireResource(nonLinear.resources, of: .nonLinear, code: VASTErrorCode(rawValue: 503))
                nonLinearAds?.nonLinears.append(nonLinear)
            }
        case .companionAds:
            setKind(companionAds.take().map { .companionAds($0) })
        case .companion:
            if let companion = companion.take() {
                requireResource(companion.resources, of: .companion, code: VASTErrorCode(rawValue: 604))
                companionAds?.companions.append(companion)
            }
        default:
            break
        }
    }

    /// An InLine's Icon, NonLinear or Companion needs one of StaticResource, IFrameResource or
    /// HTMLResource (3.15.1 to 3.15.3), and an empty one is none; in a Wrapper they may carry
    /// tracking only.
    private mutating func requireResource(_ resources: [VASTResource], of element: VASTElement, code: VASTErrorCode) {
        guard !inWrapper, !resources.contains(where: Self.holdsContent) else { return }
        report(
            .error, .content, "resource.missing",
            resources.isEmpty
                ? "<\(element.name)> has no StaticResource, IFrameResource or HTMLResource: there is nothing to show"
                : "every resource of <\(element.name)> is empty: there is nothing to show",
            code: code, subrule: "resource.missing.\(element.name)")
    }

    /// True when a resource holds a URI or markup.
    private static func holdsContent(_ resource: VASTResource) -> Bool {
        switch resource {
        case .staticResource(_, let url), .iframe(let url): !url.isEmpty
        case .html(let markup): !markup.isEmpty
        }
    }

    /// Impressions that are all empty are no impression at all: the spec writes `about:blank`
    /// when there is nothing to track (3.4.4).
    private mutating func checkImpressionsHaveURIs() {
        guard !common.impressions.isEmpty, common.impressions.allSatisfy({ $0.url.isEmpty }) else { return }
        report(
            .error, .content, "element.empty",
            "every <Impression> is empty, so no impression can be counted; write about:blank when there is nothing to track",
            subrule: "element.empty.Impression")
    }

    private mutating func closeAd() {
        guard let content = adContent.take() else {
            report(.error, .content, "ad.content-missing", "<Ad> holds neither <InLine> nor <Wrapper>; it is ignored")
            pendingAd = nil
            return
        }
        guard var ad = pendingAd.take() else {
            adContent = content
            report(.error, .content, "ad.content-missing", "<Ad> holds neither <InLine> nor <Wrapper>; it is ignored")
            return
        }
        ad.content = content
        ads.append(ad)
        if frames.count == 2, frames[0].element == .vast, frames[1].element == .ad {
            adLocations.append((frames[1].index, nil))
        } else {
            adLocations.append((0, location()))
        }
    }

    private mutating func closeCreative() {
        guard let value = creative.take() else { return }
        if value.kind == nil {
            if inWrapper {
                report(
                    .info, .content, "creative.kind-missing",
                    "<Creative> in a Wrapper has no Linear, NonLinearAds or CompanionAds")
            } else {
                report(
                    .error, .content, "creative.kind-missing",
                    "<Creative> must hold a <Linear>, <NonLinearAds> or <CompanionAds>")
            }
        }
        if inWrapper { wrapper?.creatives.append(value) } else { inLine?.creatives.append(value) }
    }

    private mutating func setKind(_ kind: VASTCreative.Kind?) {
        guard let kind else { return }
        if creative?.kind != nil {
            report(
                .warning, .schema, "creative.kind-multiple",
                "<Creative> holds more than one of Linear, NonLinearAds, CompanionAds; the last is used")
        }
        creative?.kind = kind
    }

    /// Moves an extension's captured XML into its owner when the element closes.
    mutating func finishExtension() {
        guard var value = pendingExtension else { return }
        value.rawXML = raw.result
        raw.reset()
        pendingExtension = nil
        let parent = frames.count >= 2 ? frames[frames.count - 2].element : nil
        if parent == .creativeExtensions {
            creative?.creativeExtensions.append(value)
        } else {
            common.extensions.append(value)
        }
    }
}

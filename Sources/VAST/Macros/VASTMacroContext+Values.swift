extension VASTMacroContext {
    /// What the context says about one macro, before encoding.
    enum Resolution: Equatable {
        /// The items to write: one for a single value, several for a list (joined with bare commas).
        case items([String])
        /// Written `-2`: withheld by policy.
        case withheld
        /// Written `-1`: the player chose not to fill it.
        case unknown
        /// No value and no declaration: left as written.
        case notFilled
        /// A value that cannot be written (a coordinate out of range): left as written.
        case invalid
    }

    /// Resolves a macro by the rule in the type's documentation: withheld, then unknown, then the value.
    func resolve(_ macro: VASTMacro) -> Resolution {
        // Checked for emptiness first: most contexts declare nothing, and that spares hashing the name.
        if !withheld.isEmpty && withheld.contains(macro) { return .withheld }
        if !unknown.isEmpty && unknown.contains(macro) { return .unknown }
        return value(of: macro)
    }

    /// The macro's value, ignoring ``withheld`` and ``unknown`` (the redactor hides a value whether or
    /// not it is declared, since a withheld value is private too).
    func value(of macro: VASTMacro) -> Resolution {
        switch macro {
        case .timestamp: return .items([VASTMacroFormatting.timestamp(now(), timeZone: zone)])
        case .cacheBusting: return .items([VASTMacroFormatting.cacheBuster(random())])
        case .contentPlayhead: return one(contentPlayhead?.description)
        case .mediaPlayhead: return one(mediaPlayhead?.description)
        case .breakPosition: return one(breakPosition.map { String($0.rawValue) })
        case .blockedAdCategories: return list(blockedAdCategories)
        case .adCategories: return list(adCategories)
        case .adCount: return one(adCount.map(String.init))
        case .transactionID: return one(transactionID)
        case .placementType: return one(placementType.map { String($0.rawValue) })
        case .adType: return one(adType?.rawValue)
        case .universalAdID: return one(universalAdID)
        case .breakMaxDuration: return one(breakMaxDurationSeconds.map(String.init))
        case .breakMaxAds: return one(breakMaxAds.map(String.init))
        case .breakMinAdLength: return one(breakMinAdLengthSeconds.map(String.init))
        case .breakMaxAdLength: return one(breakMaxAdLengthSeconds.map(String.init))
        case .ifa: return one(ifa)
        case .ifaType: return one(ifaType)
        case .clientUA: return one(clientUA)
        case .serverUA: return one(serverUA)
        case .deviceUA: return one(deviceUA)
        case .serverSide: return one(serverSide.map(String.init))
        case .deviceIP: return one(deviceIP)
        case .latLong: return coordinates()
        case .domain: return one(domain)
        case .pageURL: return one(pageURL)
        case .appBundle: return one(appBundle)
        case .vastVersions: return list(vastVersions?.map(String.init))
        case .apiFrameworks: return list(apiFrameworks?.map(String.init))
        case .extensions: return list(extensions)
        case .verificationVendors: return list(verificationVendors)
        case .omidPartner: return one(omidPartner)
        case .mediaMIME: return list(mediaMIME)
        case .playerCapabilities: return list(playerCapabilities)
        case .clickType: return one(clickType.map { String($0.rawValue) })
        case .playerState: return list(playerState)
        case .inventoryState: return list(inventoryState)
        case .playerSize: return list(playerSize.map { [String($0.width), String($0.height)] })
        case .adPlayhead: return one(adPlayhead?.description)
        case .assetURI: return one(assetURI)
        case .contentID: return one(contentID)
        case .contentURI: return one(contentURI)
        case .podSequence: return one(podSequence.map(String.init))
        case .adServingID: return one(adServingID)
        case .clickPosition: return list(clickPosition.map { [String($0.x), String($0.y)] })
        case .errorCode: return one(errorCode.map { String($0.rawValue) })
        case .reason: return one(reason.map { String($0.rawValue) })
        case .limitAdTracking: return one(limitAdTracking.map { $0 ? "1" : "0" })
        case .regulations: return list(regulations)
        case .gdprConsent: return one(gdprConsent)
        case .storeID: return one(storeID)
        case .storeURL: return one(storeURL)
        case .playbackMethods: return list(playbackMethods?.map(String.init))
        case .contentCategories: return list(contentCategories)
        case .gppString: return one(gppString)
        case .gppSectionID: return list(gppSectionIDs?.map(String.init))
        case .dsaRequired: return one(dsaRequired.map(String.init))
        case .dsaParams: return one(dsaParams)
        case .dsaPubRender: return one(dsaPubRender.map(String.init))
        default: return .notFilled  // a name outside the IAB table; the expander reports it first
        }
    }

    private func one(_ value: String?) -> Resolution { value.map { .items([$0]) } ?? .notFilled }

    private func list(_ values: [String]?) -> Resolution { values.map { .items($0) } ?? .notFilled }

    /// `latitude,longitude` with a bare comma, like a two-item list.
    private func coordinates() -> Resolution {
        guard let latLong else { return .notFilled }
        guard abs(latLong.latitude) <= 90,
            let latitude = VASTMacroFormatting.degrees(latLong.latitude),
            let longitude = VASTMacroFormatting.degrees(latLong.longitude)
        else { return .invalid }
        return .items([latitude, longitude])
    }
}
